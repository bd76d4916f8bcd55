import Foundation
import Raster
import SceneFormat
import XCTest
@testable import Flipbook

/// The work budget counts what shapes and text paint, not only their edges: each shape's painted
/// pixels (radial and elliptical gradients at their own, higher rate) and each character's glyph size.
final class WorkBudgetShadingTests: XCTestCase {
    func player(_ json: String) throws -> Player {
        try Player(scene: SceneDecoder.decode(Array(json.utf8), file: "scene.json"))
    }

    func frameTimes(_ count: Int, fps: Double) -> [Double] {
        (0..<count).map { Double($0) / fps }
    }

    static let radial = #"{"radialGradient": {"colors": ["red", "blue"], "center": "center", "startRadius": 0, "endRadius": 50}}"#

    /// A 100 x 50 pt canvas at scale 2 (200 x 100 px): a full-frame radial gradient paints 200 x 100
    /// shaded pixels, a 40 x 20 pt red rectangle 80 x 40 painted pixels, and "Hi" at 30 pt two em squares
    /// of 60 x 60 px, every frame.
    func testPaintedShadedAndGlyphPixelsAreTheHandCount() throws {
        let json = #"{"canvas": {"width": 100, "height": 50, "scale": 2}, "duration": 0.5, "fps": 10, "root": {"zstack": ["#
            + #"{"shape": "rectangle", "fill": \#(Self.radial)},"#
            + #" {"shape": "rectangle", "fill": "red", "frame": {"width": 40, "height": 20}},"#
            + #" {"text": "Hi", "font": {"size": 30}}]}}"#
        let e = try WorkEstimate(player: player(json), times: frameTimes(5, fps: 10))
        XCTAssertEqual(e.shadedPixels, 200 * 100 * 5, accuracy: 1e-6)
        XCTAssertEqual(e.paintedPixels, 80 * 40 * 5, accuracy: 1e-6)
        XCTAssertEqual(e.glyphPixels, 2 * 60 * 60 * 5, accuracy: 1e-6)
        // A stroke paints its bounds grown by the line width: a 40 x 20 pt rectangle stroked 4 pt wide
        // covers 48 x 28 pt, 96 x 56 px.
        let stroked = #"{"canvas": {"width": 100, "height": 50, "scale": 2}, "duration": 0.1, "fps": 10,"#
            + #" "root": {"shape": "rectangle", "stroke": {"color": "black", "lineWidth": 4}, "frame": {"width": 40, "height": 20}}}"#
        XCTAssertEqual(try WorkEstimate(player: player(stroked), times: [0]).paintedPixels, 96 * 56, accuracy: 1e-6)
    }

    /// The seconds include the new quantities at their rates.
    func testTheirSecondsAreTheRates() throws {
        let json = #"{"canvas": {"width": 100, "height": 50, "scale": 2}, "duration": 0.1, "fps": 10, "root": {"zstack": ["#
            + #"{"shape": "rectangle", "fill": \#(Self.radial)}, {"text": "Hi", "font": {"size": 30}}]}}"#
        let r = WorkEstimate.Rates.self
        let plain = #"{"canvas": {"width": 100, "height": 50, "scale": 2}, "duration": 0.1, "fps": 10, "root": {"zstack": ["#
            + #"{"shape": "rectangle", "fill": "red"}, {"text": "Hi", "font": {"size": 1}}]}}"#
        let e = try WorkEstimate(player: player(json), times: [0])
        let p = try WorkEstimate(player: player(plain), times: [0])
        // The same shape and characters; only the shading and the glyph size differ.
        let expected = (200 * 100 * (r.shadedPixel - r.paintedPixel) + 2 * (60 * 60 - 2 * 2) * r.glyphPixel) / 1e9
        XCTAssertEqual(e.seconds - p.seconds, expected, accuracy: 1e-9)
    }

    /// 400 full-frame radial gradients on a 4000 x 4000 px frame (each frame under the drawing limit of
    /// row crossings) for 40 frames: about 2,300 s at the shading rate (it measured 7 ns a pixel), over the
    /// 1,800 s budget: refused at once by the binary.
    func testFullFrameRadialGradientsOverTheBudgetAreRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-shade-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("radial.json").path
        let json = #"{"canvas": {"width": 2000, "height": 2000, "scale": 2}, "duration": 2, "fps": 20, "root": {"zstack": ["#
            + #"{"forEach": "0..<400", "as": "i", "content": {"shape": "rectangle", "fill": \#(Self.radial)}}]}}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: scene))
        let e = try WorkEstimate(player: player(json), times: frameTimes(40, fps: 20))
        XCTAssertEqual(e.shadedPixels, 400 * 4000 * 4000 * 40, accuracy: 1)
        let output = folder.appendingPathComponent("out").path
        let run = try runRenderMeasured([scene, "--format", "png", "-o", output], timeLimit: 60)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("error: \(scene): root.zstack[0]"), run.stderr)
        XCTAssertTrue(run.stderr.contains("the render's work is estimated at"), run.stderr)
        XCTAssertLessThan(run.seconds, 15)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        // `render test` estimates the frames a manifest asks for before drawing any: every frame of it.
        let manifest = folder.appendingPathComponent("manifest.json").path
        try Data(#"{"scenes": [{"scene": "\#(scene)", "everyNthFrame": 1, "goldens": "goldens"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: manifest))
        let test = try runRenderMeasured(["test", manifest, "--artifacts", folder.appendingPathComponent("artifacts").path],
                                         timeLimit: 60)
        XCTAssertEqual(test.status, 2, test.stderr)
        XCTAssertEqual(test.stderr.split(separator: "\n").count, 1, test.stderr)
        XCTAssertTrue(test.stderr.contains("the render's work is estimated at")
                      && test.stderr.contains("the work budget is 1800 s"), test.stderr)
        XCTAssertLessThan(test.seconds, 15)
    }

    /// Scenes rendered by one call share one budget: with a budget one and a half times a scene's
    /// estimate, the scene alone renders, but the second of two stops before drawing, saying how much the
    /// first took; a preview-style budgeted frame is refused under a tiny budget.
    func testOneCallSharesOneBudget() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-call-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = #"{"canvas": {"width": 200, "height": 200, "scale": 1}, "duration": 1, "fps": 10,"#
            + #" "root": {"shape": "rectangle", "fill": \#(Self.radial)}}"#
        let first = folder.appendingPathComponent("a.json").path, second = folder.appendingPathComponent("b.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: first))
        try Data(json.utf8).write(to: URL(fileURLWithPath: second))
        let one = try WorkEstimate(player: player(json), times: frameTimes(10, fps: 10)).seconds
        let budget = String(one * 1.5)
        let alone = try runRender([first, "-o", folder.appendingPathComponent("out.gif").path, "--work-budget", budget, "-q"])
        XCTAssertEqual(alone.status, 0, alone.stderr)
        let both = try runRender([first, second, "--work-budget", budget, "-q"], in: folder)
        XCTAssertEqual(both.status, 1)
        XCTAssertEqual(both.stderr.split(separator: "\n").count, 1, both.stderr)
        XCTAssertTrue(both.stderr.hasPrefix("error: \(second): "), both.stderr)
        XCTAssertTrue(both.stderr.contains("the render's work is estimated at"), both.stderr)
        XCTAssertTrue(both.stderr.contains("of which the scenes before it in this call take about"), both.stderr)
        // A frame drawn on demand (the preview server's) is estimated first.
        XCTAssertThrowsError(try player(json).budgetedFrame(at: 0, budget: 1e-6))
        XCTAssertEqual(try player(json).budgetedFrame(at: 0).width, 200)
    }

    /// 300 characters at 2000 pt and scale 4 (8000 px em squares) a frame for 100 frames: 1.9 trillion
    /// glyph pixels, over the budget.
    func testHugeGlyphsOverTheBudgetAreRefused() throws {
        let text = String(repeating: "W", count: 300)
        let json = #"{"canvas": {"width": 1000, "height": 1000, "scale": 4}, "duration": 5, "fps": 20,"#
            + #" "root": {"text": "\#(text)", "font": {"size": 2000}}}"#
        let e = try WorkEstimate(player: player(json), times: frameTimes(100, fps: 20))
        XCTAssertEqual(e.glyphPixels, 300 * 8000 * 8000 * 100, accuracy: 1)
        XCTAssertThrowsError(try e.check(file: "scene.json")) { error in
            XCTAssertTrue("\(error)".contains("the work budget is 1800 s"), "\(error)")
        }
    }

    /// Costly frames between the estimate's samples: the estimate (frames 0, 10 and 19) sees one
    /// gradient a frame, but frames 3 to 6 draw 40 of them; the pipeline counts each drawing with the
    /// same model, so it stops at a budget the sampled frames leave room for.
    func testThePipelineCountsShadingBetweenTheSamples() throws {
        let json = #"{"canvas": {"width": 200, "height": 200, "scale": 1}, "duration": 2, "fps": 10, "root": {"zstack": ["#
            + #"{"forEach": "0..<(t > 0.25 && t < 0.65 ? 40 : 1)", "as": "i", "content": {"shape": "rectangle", "fill": \#(Self.radial)}}]}}"#
        var pipeline = FramePipeline(player: try player(json), jobs: 1)
        let times = frameTimes(20, fps: 10)
        let estimate = try WorkEstimate(player: pipeline.player, times: times)
        XCTAssertEqual(estimate.shadedPixels, 200 * 200 * 20, accuracy: 1e-6)
        // The frames' drawing work: 16 frames of one gradient and 4 of 40.
        let costlyFrame = try WorkEstimate(player: pipeline.player, times: [0.5])
        XCTAssertEqual(costlyFrame.shadedPixels, 40 * 200 * 200, accuracy: 1e-6)
        let cheap = try WorkEstimate(player: pipeline.player, times: [0]).seconds - 200 * 200 * WorkEstimate.Rates.encodedPixel(.gif) / 1e9
        let costly = costlyFrame.seconds - 200 * 200 * WorkEstimate.Rates.encodedPixel(.gif) / 1e9
        pipeline.workBudget = estimate.seconds
        XCTAssertThrowsError(try pipeline.run(times: times, process: { $0.width }, deliver: { _, _ in })) { error in
            XCTAssertTrue("\(error)".contains("its work budget (--work-budget)"), "\(error)")
        }
        pipeline.workBudget = (16 * cheap + 4 * costly) * 1.2
        XCTAssertNoThrow(try pipeline.run(times: times, process: { $0.width }, deliver: { _, _ in }))
    }
}

import Foundation
import Raster
import SceneFormat
import XCTest
@testable import Flipbook

/// The work budget: a render's work is estimated from a few composed frames before anything is drawn or
/// written, and a render over it is refused with the JSON path that costs most and the numbers.
final class WorkEstimateTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-work-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ json: String, _ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func player(_ json: String) throws -> Player {
        try Player(scene: SceneDecoder.decode(Array(json.utf8), file: "scene.json"))
    }

    func frameTimes(_ count: Int, fps: Double) -> [Double] {
        (0..<count).map { Double($0) / fps }
    }

    // MARK: - Sampling

    /// First, middle and last frame, and the first frame at or after each transaction in the range.
    func testSampledFramesAreTheEndsTheMiddleAndEachTransaction() {
        let times = frameTimes(100, fps: 10)
        // 2.05 s is first shown by frame 21 (2.1 s), 7 s by frame 70; 20 s is after the range.
        XCTAssertEqual(WorkEstimate.sampleIndices(times: times, transactionTimes: [7, 2.05, 20, 7]), [0, 21, 50, 70, 99])
        XCTAssertEqual(WorkEstimate.sampleIndices(times: [0.5], transactionTimes: []), [0])
        XCTAssertEqual(WorkEstimate.sampleIndices(times: [], transactionTimes: [1]), [])
        // Many transactions: at most `maxTransactionSamples` of them, evenly picked, plus the three.
        let many = (0..<80).map { Double($0) / 8 + 0.01 }
        let picked = WorkEstimate.sampleIndices(times: times, transactionTimes: many)
        XCTAssertLessThanOrEqual(picked.count, 3 + WorkEstimate.maxTransactionSamples)
        XCTAssertEqual(picked, picked.sorted())
    }

    // MARK: - Quantities, against closed forms

    /// A blurred rectangle: the blur runs along the rows and columns of the shape's device bounds grown
    /// by the boxes' reach (within the frame), each line padded by the reach at both ends; every frame's
    /// pixels are counted once.
    func testBlurAreaAndFramePixelsFollowTheGeometry() throws {
        // 100 x 50 pt at scale 2: a 200 x 100 px frame; a 40 x 20 pt rectangle centred: 80 x 40 px. Sigma
        // 5 pt is 10 px: Kovesi's box widths 19, 19, 21 reach 9 + 9 + 10 = 28 px. Grown: 136 x 96 px, so
        // 96 rows and 136 columns, each a line as long as the longer side padded at both ends, halved.
        let reach = 28.0
        let (w, h) = (80 + 2 * reach, 40 + 2 * reach)
        let work = (h * (max(w, h) + 2 * reach) + w * (max(w, h) + 2 * reach)) / 2
        let json = #"{"canvas": {"width": 100, "height": 50, "scale": 2}, "duration": 1, "fps": 10,"#
            + #" "root": {"shape": "rectangle", "fill": "red", "frame": {"width": 40, "height": 20}, "blur": 5}}"#
        let estimate = try WorkEstimate(player: player(json), times: frameTimes(10, fps: 10))
        XCTAssertEqual(estimate.frames, 10)
        XCTAssertEqual(estimate.framePixels, 200 * 100 * 10)
        XCTAssertEqual(estimate.blurredPixels, work * 10, accuracy: 1e-6)
        // Motion blur draws each frame `subframes` times.
        let blurred = try WorkEstimate(player: player(json), times: frameTimes(10, fps: 10), subframes: 4)
        XCTAssertEqual(blurred.framePixels, 200 * 100 * 10 * 4)
        XCTAssertEqual(blurred.blurredPixels, work * 10 * 4, accuracy: 1e-6)
    }

    /// The estimate's row crossings are the ones the rasterizer's meter counts while drawing the frame.
    func testCrossingsMatchWhatDrawingMeasures() throws {
        let json = #"{"canvas": {"width": 120, "height": 90, "scale": 2}, "duration": 0.5, "fps": 10,"#
            + #" "root": {"zstack": [{"path": [["move", 0, 0], ["plot", 0, 100, 1, "h * ((x * 37) % 10) / 10"]],"#
            + #" "stroke": {"color": "black", "lineWidth": 3}}, {"shape": "circle", "fill": "blue"}]}}"#
        let player = try player(json)
        let estimate = try WorkEstimate(player: player, times: frameTimes(5, fps: 10))
        let rasterizer = Rasterizer()
        _ = try rasterizer.render(player.displayList(at: 0))
        XCTAssertGreaterThan(rasterizer.coverage.crossings, 1000)
        XCTAssertEqual(estimate.crossings, 5 * rasterizer.coverage.crossings, accuracy: 1e-6 * estimate.crossings)
        // 102 plot points and a move, a circle's four curves: path points as the composer counts them.
        XCTAssertGreaterThanOrEqual(estimate.pathPoints, 5 * 102)
    }

    /// A turned view reaching past the canvas is drawn into an image as large as what it paints (within the
    /// canvas grown by its size), more than the canvas: the estimate counts at least what the meter counts.
    func testAProjectionReachingPastTheCanvasIsNotUnderestimated() throws {
        let json = #"{"canvas": {"width": 100, "height": 80, "scale": 1}, "duration": 0.2, "fps": 10,"#
            + #" "root": {"shape": "rectangle", "fill": "blue", "frame": {"width": 260, "height": 200}, "rotation3D": {"angle": 50, "axis": [0, 1, 0]}}}"#
        let player = try player(json)
        let estimate = try WorkEstimate(player: player, times: frameTimes(2, fps: 10))
        let rasterizer = Rasterizer()
        _ = try rasterizer.render(player.displayList(at: 0))
        // Over two canvases' worth: the old charge (a canvas-sized image, then the canvas mapped) is below it.
        XCTAssertGreaterThan(rasterizer.coverage.crossings, 2 * 100 * 80 * Rasterizer.projectedPixelCost)
        XCTAssertGreaterThanOrEqual(estimate.crossings, 2 * rasterizer.coverage.crossings)
        XCTAssertLessThan(estimate.crossings, 2 * 10 * 100 * 80 * Rasterizer.projectedPixelCost)
    }

    /// The seconds are the quantities at the documented rates.
    func testSecondsAreTheQuantitiesAtTheRates() throws {
        let json = #"{"canvas": {"width": 300, "height": 200, "scale": 1}, "duration": 2, "fps": 10,"#
            + #" "root": {"vstack": [{"text": "Hello, work"}, {"shape": "circle", "fill": "red", "blur": 3}]}}"#
        let e = try WorkEstimate(player: player(json), times: frameTimes(20, fps: 10))
        XCTAssertEqual(e.characters, 11 * 20)
        let r = WorkEstimate.Rates.self
        let expected = (e.pathPoints * r.pathPoint + e.characters * r.character + e.crossings * r.crossing
                        + e.blurredPixels * r.blurredPixel + e.layerPixels * r.layerPixel + e.framePixels * r.framePixel
                        + e.paintedPixels * r.paintedPixel + e.shadedPixels * r.shadedPixel + e.glyphPixels * r.glyphPixel
                        + e.liveLayerAnimations * r.liveLayerAnimation + e.liveAdditiveLayerAnimations * r.liveAdditiveLayerAnimation
                        + 300 * 200 * 20 * r.encodedPixel(.gif)) / 1e9
        XCTAssertEqual(e.seconds, expected, accuracy: 1e-9)
        XCTAssertEqual(e.encodedPixels, 300 * 200 * 20)
        // The same frames as WebP: only the encoding differs.
        let webp = try WorkEstimate(player: player(json), times: frameTimes(20, fps: 10), format: .webp)
        XCTAssertEqual(webp.seconds - e.seconds, 300 * 200 * 20 * (r.encodedPixel(.webp) - r.encodedPixel(.gif)) / 1e9,
                       accuracy: 1e-9)
        XCTAssertNoThrow(try e.check(file: "scene.json"))
    }

    // MARK: - Refusals

    /// A full-frame blur on a 2000 x 2000 px canvas for 3000 frames: over the 1,800 s budget, refused before
    /// any frame is drawn, naming the blurred view and the numbers; a larger budget accepts it.
    func testABlurOverTheBudgetIsRefusedNamingIt() throws {
        let json = #"{"canvas": {"width": 1000, "height": 1000, "scale": 2}, "duration": 100, "fps": 30,"#
            + #" "root": {"shape": "rectangle", "fill": "red", "blur": 40}}"#
        let estimate = try WorkEstimate(player: player(json), times: frameTimes(3000, fps: 30))
        // The blur alone: 2000 x 2000 px (the grown bounds clipped to the frame), 3000 times.
        let blurSeconds = 2000.0 * 2000 * 3000 * WorkEstimate.Rates.blurredPixel / 1e9
        XCTAssertGreaterThan(estimate.seconds, blurSeconds)
        XCTAssertThrowsError(try estimate.check(file: "scene.json")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("scene.json: root: the render's work is estimated at"), message)
            XCTAssertTrue(message.contains("s of CPU over its 3000 frames"), message)
            XCTAssertTrue(message.contains("the work budget is 1800 s (--work-budget)"), message)
        }
        XCTAssertNoThrow(try estimate.check(file: "scene.json", budget: 2 * estimate.seconds))
    }

    /// A timer adding `count` 1000 s `caAnimation`s of one value, one a millisecond from 0.00005 s (tick k
    /// at 0.00005 + 0.001 k s, never at a frame's time), to a 10 x 10 px circle drawn at 10 fps for 100 s.
    func layerAnimationStorm(_ count: Int) -> String {
        #"{"canvas": {"width": 10, "height": 10, "scale": 1}, "duration": 100, "fps": 10, "state": {"x": 0},"#
            + #" "root": {"shape": "circle", "fill": "blue", "offset": {"x": "x"}},"#
            + #" "script": [{"at": 0.00005, "do": [{"timer": 0.001, "count": \#(count),"#
            + #" "do": [{"caAnimation": {"keyPath": "x", "fromValue": 0, "toValue": 100, "duration": 1000}}]}]}]}"#
    }

    /// Every frame walks the layer animations live then, so they are counted at every frame: the animation of
    /// tick k is live from the frame after 0.00005 + 0.001 k s to the last (frame 999, at 99.9 s), at
    /// 999 - floor(k / 100) frames, 100 ns each. 2,000 of them (about 0.2 s) are over a 0.1 s budget, refused
    /// naming the `caAnimation`; five are not.
    func testManyLiveLayerAnimationsAreRefusedNamingTheAnimation() throws {
        let times = frameTimes(1000, fps: 10)
        let expected = (1...2_000).reduce(0) { $0 + 999 - $1 / 100 }
        let storm = try WorkEstimate(player: player(layerAnimationStorm(2_000)), times: times)
        XCTAssertEqual(storm.liveLayerAnimations, Double(expected))
        XCTAssertEqual(storm.liveAdditiveLayerAnimations, 0)
        XCTAssertGreaterThanOrEqual(storm.seconds, Double(expected) * 100 / 1e9)
        // The error stands where the animation's key path is written (line 1; columns count from 1).
        let column = try XCTUnwrap(layerAnimationStorm(2_000).range(of: #""x", "fromValue""#)).lowerBound.utf16Offset(in: layerAnimationStorm(2_000)) + 1
        XCTAssertThrowsError(try storm.check(file: "scene.json", budget: 0.1)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("scene.json:1:\(column): script[0].do[0].do[0].caAnimation: the render's work is estimated"), message)
            XCTAssertTrue(message.contains("\(expected) layer animations live at the frames"), message)
            XCTAssertTrue(message.contains("the work budget is 0.1 s (--work-budget)"), message)
            XCTAssertTrue(message.contains("fewer Core Animation animations live at once"), message)
        }
        let few = try WorkEstimate(player: player(layerAnimationStorm(5)), times: times)
        XCTAssertEqual(few.liveLayerAnimations, 5 * 999)
        XCTAssertNoThrow(try few.check(file: "scene.json", budget: 0.1))
    }

    /// As `layerAnimationStorm`, with each tick changing `x` in a 1000 s `withAnimation` block instead.
    func animatedChangeStorm(_ count: Int) -> String {
        #"{"canvas": {"width": 10, "height": 10, "scale": 1}, "duration": 100, "fps": 10, "state": {"x": 0},"#
            + #" "root": {"shape": "circle", "fill": "blue", "offset": {"x": "x"}},"#
            + #" "script": [{"at": 0.00005, "do": [{"timer": 0.001, "count": \#(count),"#
            + #" "do": [{"withAnimation": ".linear(duration: 1000)", "do": [{"set": {"x": "x + 1"}}]}]}]}]}"#
    }

    /// SwiftUI's animations add up: every frame evaluates each animated change still running, so each is
    /// counted at every frame from its tick to the end, as the layer animations above (999 - floor(k / 100)
    /// frames for tick k), 150 ns each. 5,000 of them (about 0.7 s) are over a 0.5 s budget, refused at the
    /// `set` that makes them; five are not.
    func testManyLiveAnimatedChangesAreRefusedNamingTheAssignment() throws {
        let times = frameTimes(1000, fps: 10)
        let expected = (1...5_000).reduce(0) { $0 + 999 - $1 / 100 }
        let json = animatedChangeStorm(5_000)
        let storm = try WorkEstimate(player: player(json), times: times)
        XCTAssertEqual(storm.liveAnimatedChanges, Double(expected))
        XCTAssertEqual(storm.liveLayerAnimations, 0)
        XCTAssertGreaterThanOrEqual(storm.seconds, Double(expected) * 150 / 1e9)
        let column = try XCTUnwrap(json.range(of: #""x + 1""#)).lowerBound.utf16Offset(in: json) + 1
        XCTAssertThrowsError(try storm.check(file: "scene.json", budget: 0.5)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("scene.json:1:\(column): script[0].do[0].do[0].do[0].set.x: the render's work is estimated"), message)
            XCTAssertTrue(message.contains("\(expected) animated changes live at the frames"), message)
            XCTAssertTrue(message.contains("start fewer animations that overlap"), message)
        }
        let few = try WorkEstimate(player: player(animatedChangeStorm(5)), times: times)
        XCTAssertEqual(few.liveAnimatedChanges, 5 * 999)
        XCTAssertNoThrow(try few.check(file: "scene.json", budget: 0.5))
    }

    /// The binary refuses it at once: one line, exit 1, nothing written, not even the output's folder.
    func testTheBinaryRefusesBeforeWritingAnything() throws {
        let scene = try write(#"{"canvas": {"width": 1000, "height": 1000, "scale": 2}, "duration": 100, "fps": 30,"#
                              + #" "root": {"shape": "rectangle", "fill": "red", "blur": 40}}"#, "blur.json")
        for format in ["gif", "png"] {
            let output = folder.appendingPathComponent("new/blur-\(format)").path
            let run = try runRenderMeasured([scene, "--format", format, "-o", output, "--create-dirs"], timeLimit: 60)
            XCTAssertEqual(run.status, 1)
            XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
            XCTAssertTrue(run.stderr.hasPrefix("error: \(scene): root: the render's work is estimated at "), run.stderr)
            XCTAssertLessThan(run.seconds, 10)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("new").path))
        }
        // A lower budget refuses a small render; a budget out of range is a usage error.
        let small = try write(#"{"canvas": {"width": 100, "height": 100}, "duration": 1, "root": {"shape": "circle"}}"#, "small.json")
        let low = try runRender([small, "-o", folder.appendingPathComponent("s.gif").path, "--work-budget", "0.001"])
        XCTAssertEqual(low.status, 1)
        XCTAssertTrue(low.stderr.contains("canvas: the render's work is estimated at")
                      && low.stderr.contains("the work budget is 0.001 s"), low.stderr)
        let ok = try runRender([small, "-o", folder.appendingPathComponent("s.gif").path, "--work-budget", "5", "-q"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        let bad = try runRender([small, "--work-budget", "0"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("--work-budget must be more than 0"), bad.stderr)
    }

    /// Frames each under the per-frame drawing limit, but so many that the render is over the limit of
    /// row crossings in all: refused before drawing (it used to draw for minutes, then stop).
    func testManyFramesNearTheFrameLimitAreRefusedUpFront() throws {
        let path = repoPath("Tests/BadScenes/work-zigzag-in-300-frames.json")
        let run = try runRenderMeasured([path, "-o", folder.appendingPathComponent("z.gif").path], timeLimit: 60)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.hasPrefix("error: \(path): root: the render would draw about "), run.stderr)
        XCTAssertTrue(run.stderr.contains("pixel rows crossed by shape edges over its 300 frames")
                      && run.stderr.contains("the limit is 400 million a render"), run.stderr)
        XCTAssertLessThan(run.seconds, 10)
        XCTAssertLessThan(run.peakMiB, 300)
    }

    /// The pipeline adds up each drawing's estimate as it draws: frames that cost more than the sampled
    /// ones still stop at the budget.
    func testThePipelineStopsAtTheBudgetWhileDrawing() throws {
        let json = #"{"canvas": {"width": 200, "height": 200, "scale": 1}, "duration": 1, "fps": 10,"#
            + #" "root": {"shape": "circle", "fill": "red", "blur": 10}}"#
        var pipeline = FramePipeline(player: try player(json), jobs: 1)
        let times = frameTimes(10, fps: 10)
        let oneFrame = try WorkEstimate(player: pipeline.player, times: [0]).seconds
        pipeline.workBudget = oneFrame * 4.5
        XCTAssertThrowsError(try pipeline.run(times: times, process: { $0.width }, deliver: { _, _ in })) { error in
            XCTAssertTrue("\(error)".contains("its work budget (--work-budget)"), "\(error)")
        }
        pipeline.workBudget = oneFrame * 10.5
        XCTAssertNoThrow(try pipeline.run(times: times, process: { $0.width }, deliver: { _, _ in }))
    }
}

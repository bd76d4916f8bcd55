import Foundation
import XCTest

/// The cases an adversarial pass over the binary found: each is refused with one clear line, or renders
/// within the documented bounds of memory and time.
final class HostileSceneTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ json: String, _ name: String = "scene.json") throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    // MARK: - Scene files that are not files

    /// A device or a FIFO as the scene is "not a regular file", at once (a FIFO used to block forever,
    /// and each used to be reported as a permission problem).
    func testDevicesAndFIFOsAreNotRegularFiles() throws {
        let fifo = folder.appendingPathComponent("scene.json").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        for scene in ["/dev/zero", "/dev/null", fifo] {
            let run = try runRenderMeasured([scene, "-o", folder.appendingPathComponent("x.gif").path], timeLimit: 20)
            XCTAssertFalse(run.timedOut, scene)
            XCTAssertEqual(run.status, 1, scene)
            XCTAssertEqual(run.stderr, "error: \(scene): not a regular file\n")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["scene.json"])
    }

    /// A 100,000-digit number is quoted by its start and end, not echoed whole.
    func testALongLiteralIsAbbreviatedInTheMessage() throws {
        let digits = String(repeating: "9", count: 100_000)
        let scene = try write(#"{"canvas": {"width": 10, "height": 10}, "duration": "# + digits + #", "root": {"shape": "circle"}}"#)
        let result = try runRender([scene, "-o", folder.appendingPathComponent("x.gif").path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: \(scene):1:53: invalid JSON: number " + String(repeating: "9", count: 40)
                       + "…(100000 characters)…" + String(repeating: "9", count: 12) + " is out of range\n")
    }

    /// A long name in a message about it is cut too, and a long string value in any message is cut in
    /// the middle so the line stays short.
    func testLongStringsInMessagesAreCut() throws {
        let long = String(repeating: "x", count: 50_000)
        let scene = try write(#"{"name": "\#(long)", "canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle"}}"#)
        let result = try runRender([scene])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: \(scene):1:10: name: the scene name has 50000 characters (50000 bytes); "
                       + "the limit is 100 characters and 200 bytes\n")
        for (i, json) in [#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle", "fill": "\#(long)"}}"#,
                          #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle", "\#(long)": 1}}"#,
                          #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "\#(long)"}}"#].enumerated() {
            let scene = try write(json, "c\(i).json")
            let result = try runRender([scene, "-o", folder.appendingPathComponent("c.gif").path])
            XCTAssertEqual(result.status, 1)
            XCTAssertLessThan(result.stderr.count, 1200, String(result.stderr.prefix(2000)))
            XCTAssertTrue(result.stderr.contains("…"), String(result.stderr.prefix(2000)))
        }
    }

    // MARK: - Work far beyond the limits' intent

    /// A stroked 100,000-point zigzag (47 s for one frame before) and 729 instances of a plot (no frame
    /// after 150 s, 4 GB) are refused within seconds and with little memory (the exact messages are in
    /// Tests/BadScenes: plot-zigzag-stroked, plot-in-729-instances).
    func testHugePathsAreRefusedQuickly() throws {
        for name in ["plot-zigzag-stroked", "plot-in-729-instances"] {
            let run = try runRenderMeasured([repoPath("Tests/BadScenes/\(name).json"), "-o",
                                             folder.appendingPathComponent("x.gif").path], timeLimit: 60)
            XCTAssertEqual(run.status, 1, name)
            XCTAssertLessThan(run.seconds, 10, name)
            XCTAssertLessThan(run.peakMiB, 300, name)
        }
    }

    /// A 93 KB scene interpolating an 85 KB string 2,000 times (4.3 GB before): the string itself is
    /// over the cap; at 8 KB, the text it builds is, at its first join.
    func testInterpolatingALongStringManyTimesIsRefused() throws {
        for (length, message) in [(85_000, "1:84: state.s: a string of 85000 bytes; strings are limited to 10000 bytes"),
                                  (8_000, "1:8106: root.text: at t = 0 s: the string would be 16000 bytes long; strings are limited to 10000 bytes")] {
            let json = #"{"canvas": {"width": 100, "height": 40, "scale": 1}, "duration": 1, "state": {"s": ""#
                + String(repeating: "x", count: length) + #""}, "root": {"text": ""# + String(repeating: "${s}", count: 2000) + #""}}"#
            let scene = try write(json, "interp\(length).json")
            let run = try runRenderMeasured([scene, "-o", folder.appendingPathComponent("x.gif").path], timeLimit: 60)
            XCTAssertEqual(run.status, 1)
            XCTAssertEqual(run.stderr, "error: \(scene):\(message)\n")
            XCTAssertLessThan(run.peakMiB, 200)
        }
    }

    /// Drawing groups at every angle (a hair off each right angle too), scaled to nearly nothing, or framed
    /// far larger than any bitmap render within the usual memory; the turn used to trap a worker.
    func testDrawingGroupsAtAnyTransformRender() throws {
        let json = ##"{"canvas": {"width": 300, "height": 300, "scale": 2}, "duration": 0.4, "fps": 50, "root": {"zstack": [{"forEach": "0..<12", "as": "i", "content": {"drawingGroup": true, "rotation": "t * 90 + i * 30 + 1e-13", "opacity": 0.7, "frame": {"width": 300, "height": 300}, "zstack": [{"shape": "circle", "fill": "red", "frame": {"width": "50 + i", "height": 50}}]}}, {"drawingGroup": true, "scale": 1e-9, "frame": {"width": 200, "height": 200}, "text": "Hi"}, {"drawingGroup": true, "rotation": "t", "frame": {"width": 100000, "height": 100000}, "shape": "circle", "fill": "blue"}]}}"##
        let scene = try write(json, "groups.json")
        let run = try runRenderMeasured([scene, "-o", folder.appendingPathComponent("g.gif").path, "-q"], timeLimit: 120)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertLessThan(run.peakMiB, 300, "peak \(run.peakMiB) MiB")
    }

    /// Cases that drew far more than they showed or trapped: a blurred drawing group shrunk to a hundredth
    /// (its bitmap was drawn at full size every frame, past the work estimate), twenty translucent layers
    /// inside one (each layer as large as that bitmap: 1.3 GB), and a 3D turn seen edge-on whose
    /// supersampling step passed Int.max.
    func testShrunkDrawingGroupsAndEdgeOnTurnsStaySmall() throws {
        let layers = (0..<20).map { _ in ##"{"background": "#0000ff10"}, {"opacity": 0.99}"## }.joined(separator: ", ")
        let scenes = [
            ##"{"canvas": {"width": 100, "height": 100, "scale": 2}, "duration": 2, "fps": 25, "root": {"zstack": [{"shape": "circle", "fill": "red", "blur": 30}], "frame": {"width": 2000, "height": 2000}, "drawingGroup": true, "scale": 0.01}}"##,
            ##"{"canvas": {"width": 100, "height": 100}, "duration": 0.02, "root": {"shape": "circle", "fill": "red", "frame": {"width": 2000, "height": 2000}, "modifiers": ["## + layers + ##", {"drawingGroup": true}, {"scale": 0.01}]}}"##,
            ##"{"canvas": {"width": 100, "height": 100}, "duration": 0.02, "root": {"shape": "rectangle", "fill": "blue", "frame": {"width": 50, "height": 50}, "rotation3D": {"angle": 89.9999, "axis": [1, 1, 0], "perspective": 50, "anchorZ": 1000000}}}"##,
        ]
        for (k, json) in scenes.enumerated() {
            let scene = try write(json, "shrunk-\(k).json")
            let run = try runRenderMeasured([scene, "-o", folder.appendingPathComponent("s\(k).gif").path, "-q"], timeLimit: 60)
            XCTAssertEqual(run.status, 0, "\(k): \(run.stderr)")
            XCTAssertLessThan(run.seconds, 20, "scene \(k)")
            XCTAssertLessThan(run.peakMiB, 200, "scene \(k): peak \(run.peakMiB) MiB")
        }
    }

    /// 12,000 views from nested forEach loops (300 x 40) are measured once each: the items of a forEach,
    /// one node with a different index each, used to share one list of measured sizes that every item
    /// searched, so a frame took time growing with the square of the items (minutes for 40,000).
    func testManyForEachItemsComposeInLinearTime() throws {
        let json = ##"{"canvas": {"width": 200, "height": 200, "scale": 1, "background": "white"}, "duration": 1, "root": {"zstack": [{"forEach": "0..<300", "as": "i", "content": {"zstack": [{"forEach": "0..<40", "as": "j", "content": {"shape": "rectangle", "fill": "rgb(0.5, i/300, j/40)", "frame": {"width": 0.5, "height": 0.5}, "offset": {"x": "i % 100 * 2 - 100", "y": "j * 2 + (i - i % 100) / 5 - 80"}}}]}}]}}"##
        let scene = try write(json, "grid.json")
        let run = try runRenderMeasured(["still", scene, "--at", "0.5", "-o", folder.appendingPathComponent("g.png").path, "-q"],
                                        timeLimit: 120)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertLessThan(run.seconds, 30, "took \(run.seconds) s")
    }

    /// 8000 x 6000 px frames stream as PNGs: the render holds a few frames, not all (5.35 GB for 416
    /// frames before, 3.4 GB for 15 with -j 1); as a GIF, APNG or WebP they are refused before any work.
    func testTheLargestFramesStreamAsPNGs() throws {
        let json = ##"{"canvas": {"width": 8000, "height": 6000, "scale": 1, "background": "white"}, "duration": 0.06, "fps": 50, "root": {"shape": "circle", "fill": "#336699", "offset": {"x": "t * 1000"}}}"##
        let scene = try write(json, "big.json")
        let frames = folder.appendingPathComponent("frames").path
        let run = try runRenderMeasured([scene, "--format", "png", "-o", frames, "-j", "2", "-q"], timeLimit: 300)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: frames).count, 3)
        XCTAssertLessThan(run.peakMiB, 1024, "peak \(run.peakMiB) MiB")
        print("8000 x 6000 PNG, 3 frames: peak \(run.peakMiB) MiB, \(run.seconds) s")
        let gif = try runRenderMeasured([scene, "-o", folder.appendingPathComponent("big.gif").path], timeLimit: 60)
        XCTAssertEqual(gif.status, 1)
        XCTAssertTrue(gif.stderr.contains("canvas: a GIF frame of 8000 x 6000 px is over the GIF limit of 8 million pixels"), gif.stderr)
        XCTAssertLessThan(gif.seconds, 5)
        // APNG and WebP writers keep several frames too (1.6 GB and 2.3 GB for these frames): refused alike.
        for (format, name) in [("apng", "an APNG"), ("webp", "a WebP")] {
            let output = folder.appendingPathComponent("big-\(format)").path
            let run = try runRenderMeasured([scene, "--format", format, "-o", output], timeLimit: 60)
            XCTAssertEqual(run.status, 1, format)
            XCTAssertTrue(run.stderr.contains("canvas: \(name) frame of 8000 x 6000 px is over the "), run.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        }
    }
}

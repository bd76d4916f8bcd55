import Foundation
import XCTest

/// A render that is interrupted or killed leaves no partial file and keeps the earlier output.
final class InterruptionTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A scene long enough to be caught mid-render: 40 s of a moving circle at 50 fps.
    func writeLongScene() throws -> String {
        let json = """
            {"name": "long", "canvas": {"width": 400, "height": 300, "scale": 2}, "duration": 40,
             "root": {"shape": "circle", "fill": "#e50914", "frame": {"width": 50, "height": 50},
                      "offset": {"x": "100 * sin(t)", "y": "80 * cos(t * 1.3)"}}}
            """
        let path = folder.appendingPathComponent("long.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Starts `render`, waits `after` seconds, sends `signal`, and returns the exit status and stderr.
    func renderAndSignal(_ arguments: [String], signal: Int32, after: Double) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("render")
        guard FileManager.default.isExecutableFile(atPath: process.executableURL!.path) else { throw XCTSkip("no render binary") }
        process.arguments = arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: after)
        XCTAssertTrue(process.isRunning, "the render should still be running when the signal is sent")
        kill(process.processIdentifier, signal)
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    func testSIGINTStopsCleanlyAndKeepsTheEarlierFile() throws {
        let scene = try writeLongScene()
        let gif = folder.appendingPathComponent("long.gif").path
        // A complete GIF (the overwrite guard replaces nothing else).
        let earlier = Data(OverwriteGuardTests.tinyGIF)
        try earlier.write(to: URL(fileURLWithPath: gif))
        let (status, stderr) = try renderAndSignal([scene, "-o", gif, "-q"], signal: SIGINT, after: 1.5)
        XCTAssertEqual(status, 130, stderr)
        XCTAssertTrue(stderr.contains("interrupted (SIGINT); no output was written"), stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: gif)), earlier)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["long.gif", "long.json"])
    }

    func testSIGTERMLeavesNoFile() throws {
        let scene = try writeLongScene()
        let gif = folder.appendingPathComponent("long.gif").path
        let (status, _) = try renderAndSignal([scene, "-o", gif, "-q"], signal: SIGTERM, after: 1.5)
        XCTAssertEqual(status, 143)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["long.json"])
    }

    /// Every format: an interrupted render leaves no partial file (nor temporary).
    func testEveryFormatLeavesNoFileWhenInterrupted() throws {
        let scene = try writeLongScene()
        for (format, name) in [("apng", "long.png"), ("webp", "long.webp"), ("png", "long")] {
            let output = folder.appendingPathComponent(name).path
            // 2,000 frames of 800 x 600 px are over the default work budget as APNG (2,200 ns a pixel).
            let (status, _) = try renderAndSignal([scene, "--format", format, "-o", output, "-q", "--work-budget", "10000"],
                                                  signal: SIGTERM, after: 1.5)
            XCTAssertEqual(status, 143, format)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["long.json"], format)
        }
    }

    /// A signal that comes while an APNG's frames are compressed at the end (a palette animation's frames are
    /// all written then; wave-uikit takes seconds there) stops the render too: exit 143, no file.
    func testSIGTERMWhileAnAPNGIsFinishingLeavesNoFile() throws {
        let scene = repoPath("scenes/wave-uikit.json")
        let output = folder.appendingPathComponent("wave.png").path
        // Its 230 frames are drawn within the first second; the compression goes on well past 2.5 s.
        let (status, stderr) = try renderAndSignal([scene, "--format", "apng", "-o", output, "-q"], signal: SIGTERM, after: 2.5)
        XCTAssertEqual(status, 143, stderr)
        XCTAssertTrue(stderr.contains("interrupted (SIGTERM); no output was written"), stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    /// SIGKILL cannot be caught: the target is untouched, and the next render removes the stale temporary.
    func testSIGKILLLeavesTheTargetAndTheNextRenderCleansUp() throws {
        let scene = try writeLongScene()
        let gif = folder.appendingPathComponent("long.gif").path
        let (status, _) = try renderAndSignal([scene, "-o", gif, "-q"], signal: SIGKILL, after: 1.5)
        XCTAssertNotEqual(status, 0)
        let afterKill = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertFalse(afterKill.contains("long.gif"))
        XCTAssertTrue(afterKill.contains { $0.hasPrefix(".long.gif.partial-") }, "\(afterKill)")
        XCTAssertEqual(try runRender([scene, "-o", gif, "-q", "--to", "0.1"]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["long.gif", "long.json"])
    }

    func testLimitsAreCheckedBeforeWorkStarts() throws {
        let huge = folder.appendingPathComponent("huge.json").path
        try Data(#"{"canvas": {"width": 16000, "height": 16000, "scale": 1}, "duration": 1, "root": {"shape": "circle"}}"#.utf8)
            .write(to: URL(fileURLWithPath: huge))
        let result = try runRender([huge, "-o", folder.appendingPathComponent("h.gif").path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: \(huge): canvas: a frame of 16000 x 16000 px is over the limit of 50 million pixels; lower the size or the scale\n")
        let long = folder.appendingPathComponent("longest.json").path
        try Data(#"{"canvas": {"width": 100, "height": 100}, "duration": 3600, "fps": 120, "root": {"shape": "circle"}}"#.utf8)
            .write(to: URL(fileURLWithPath: long))
        let tooMany = try runRender([long, "--format", "png", "-o", folder.appendingPathComponent("f").path])
        XCTAssertEqual(tooMany.stderr, "error: \(long): duration: 432000 frames is over the limit of 100000; shorten the scene or lower the fps\n")
        // A command-line scale that makes the frame too large is caught too, before any file is written.
        let small = folder.appendingPathComponent("small.json").path
        try Data(#"{"canvas": {"width": 1000, "height": 1000, "scale": 1}, "duration": 1, "root": {"shape": "circle"}}"#.utf8)
            .write(to: URL(fileURLWithPath: small))
        let scaled = try runRender([small, "--scale", "8", "-o", folder.appendingPathComponent("s.gif").path])
        XCTAssertEqual(scaled.stderr, "error: \(small): canvas: a frame of 8000 x 8000 px is over the limit of 50 million pixels; lower the size or the scale\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasSuffix(".json") }, [])
    }
}

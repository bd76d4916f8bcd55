import Foundation
import GIF
import TestSupport
import XCTest

/// End-to-end tests: they run the `render` binary as a user would and check what it writes.
final class RenderCommandTests: XCTestCase {
    var workDirectory: URL!

    override func setUpWithError() throws {
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: workDirectory)
    }

    func testSeekSceneRendersAGIFThatDecodesWithTheRightTiming() throws {
        let gif = workDirectory.appendingPathComponent("seek.gif").path
        let result = try runRender([repoPath("scenes/seek.json"), "-o", gif, "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "", "--quiet prints nothing")
        let decoded = try GIFReader.read(path: gif)
        XCTAssertEqual(decoded.width, 960)
        XCTAssertEqual(decoded.height, 400)
        XCTAssertEqual(decoded.loopCount, 0, "loops forever")
        // 5.2 s at 50 fps: 260 frames of 2 cs; identical neighbours are merged into longer delays. The scene's
        // `loopHold` of 1 s is added to the last frame.
        XCTAssertEqual(decoded.totalDelayCentiseconds, 520 + 100)
        XCTAssertGreaterThanOrEqual(decoded.frames.last?.delayCentiseconds ?? 0, 102)
        XCTAssertTrue(decoded.frames.allSatisfy { $0.delayCentiseconds >= 2 })
        XCTAssertTrue(decoded.frames.allSatisfy { $0.delayCentiseconds % 2 == 0 }, "every delay is whole 50 fps frames")
        XCTAssertGreaterThan(decoded.frames.count, 100, "the animation moves most of the time")
        // The first frame draws the still parts with a palette of its own (`Palette.opening`); later ones use the global one.
        XCTAssertTrue(decoded.frames[0].hasLocalColorTable)
        XCTAssertFalse(decoded.frames.dropFirst().contains { $0.hasLocalColorTable })
        // No temporary file is left beside the output.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: workDirectory.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [])
    }

    /// The default output is named after the scene file, not its `name` key: two files never write one output.
    func testDefaultOutputIsOutSlashFileNameDotGIF() throws {
        let scene = try writeScene(minimalScene, name: "first.json")
        let other = try writeScene(minimalScene, name: "second.json") // the same "name": "tiny"
        let result = try runRender([scene, other], in: workDirectory)
        XCTAssertEqual(result.status, 0, result.stderr)
        for file in ["first", "second"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: workDirectory.appendingPathComponent("out/\(file).gif").path))
            XCTAssertTrue(result.stdout.contains("out/\(file).gif: 25 frames at 50 fps"), result.stdout)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: workDirectory.appendingPathComponent("out/tiny.gif").path))
    }

    /// Without `--format`, `-o`'s extension names the format, as gifski and ffmpeg read it; `--format` wins.
    func testTheOutputsExtensionNamesTheFormat() throws {
        let scene = try writeScene(minimalScene, name: "tiny.json")
        let signatures: [(file: String, magic: [UInt8], at: Int)] = [
            ("a.webp", Array("WEBP".utf8), 8), ("b.png", [0x89, 0x50, 0x4E, 0x47], 0), ("c.apng", [0x89, 0x50, 0x4E, 0x47], 0),
            ("d.gif", Array("GIF89a".utf8), 0),
        ]
        for (file, magic, offset) in signatures {
            let result = try runRender([scene, "-o", file], in: workDirectory)
            XCTAssertEqual(result.status, 0, "\(file): \(result.stderr)")
            let bytes = try Data(contentsOf: workDirectory.appendingPathComponent(file))
            XCTAssertEqual(Array(bytes.dropFirst(offset).prefix(magic.count)), magic, file)
        }
        let mismatch = try runRender([scene, "-o", "e.webp", "--format", "gif"], in: workDirectory)
        XCTAssertEqual(mismatch.status, 1)
        XCTAssertTrue(mismatch.stderr.contains("should end in .gif"), mismatch.stderr)
    }

    func testPNGSequenceForATimeRange() throws {
        let folder = workDirectory.appendingPathComponent("frames").path
        let result = try runRender([repoPath("scenes/seek.json"), "--format", "png", "--from", "1", "--to", "1.2",
                                    "-o", folder, "--scale", "1", "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        XCTAssertEqual(names, (1...10).map { String(format: "frame-%04d.png", $0) })
        let png = try Data(contentsOf: URL(fileURLWithPath: folder + "/frame-0001.png"))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR width and height, big-endian, at scale 1.
        XCTAssertEqual(png[16..<24].reduce(0) { $0 << 8 | Int($1) }, 480 << 32 | 200)
    }

    func testOutputIsIdenticalWhateverTheNumberOfJobs() throws {
        let one = workDirectory.appendingPathComponent("one.gif").path
        let two = workDirectory.appendingPathComponent("two.gif").path
        XCTAssertEqual(try runRender([repoPath("scenes/seek.json"), "--to", "1", "-j", "1", "-o", one, "-q"]).status, 0)
        XCTAssertEqual(try runRender([repoPath("scenes/seek.json"), "--to", "1", "-j", "3", "-o", two, "-q"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: one)), try Data(contentsOf: URL(fileURLWithPath: two)))
    }

    /// The seek button through `render inspect`: the arrow's out-and-back of one tap at 0.4 s, while the
    /// model (what actions read) is back at 0 from the tap on.
    func testInspectShowsTheSeekButtonsCombinedAnimation() throws {
        let result = try runRender(["inspect", repoPath("scenes/seek.json"), "--at", "0.45", "--at", "0.5", "--at", "0.6", "--at", "1.4"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.count, 3 + 1)
        func state(_ i: Int, _ key: String) -> Double? { (objects[i]["state"] as? [String: Any])?[key] as? Double }
        func view(_ i: Int, _ id: String, _ name: String) -> Double? {
            ((objects[i]["views"] as? [String: Any])?[id] as? [String: Any])?[name] as? Double
        }
        XCTAssertEqual(objects[1]["time"] as? Double, 0.5)
        // easeInOut out over 0.1 s plus the delayed way back: half way out at 0.05 s (10 deg), 20 deg at 0.1 s, home at 0.2 s.
        XCTAssertEqual(try XCTUnwrap(view(0, "forward.arrow", "rotation")), 10, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(view(1, "forward.arrow", "rotation")), 20, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(view(2, "forward.arrow", "rotation")), 0, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(state(1, "forward.rotation")), 0, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(state(1, "forward.durationLabelOpacity")), 0, accuracy: 1e-6)
        // The back button was not tapped.
        XCTAssertEqual(view(1, "back.arrow", "rotation"), 0)
        // The progress advanced by the interval, and 0.8 s after the tap the duration label fades back in (1.2 to 1.35 s).
        XCTAssertEqual(try XCTUnwrap(state(3, "position")), 30, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(state(3, "forward.durationLabelOpacity")), 1, accuracy: 1e-6)
    }

    func testThreeQuickTapsAccumulate() throws {
        let result = try runRender(["inspect", repoPath("scenes/seek.json"), "--at", "2.1", "--at", "2.3", "--at", "2.6", "--at", "3.6"])
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let values = objects.map { ($0["state"] as? [String: Any])?["forward.accumulated"] as? Double }
        XCTAssertEqual(values, [10, 20, 30, 0])
    }

    func testHelpExplainsTheCommand() throws {
        let result = try runRender(["--help"])
        XCTAssertEqual(result.status, 0)
        for word in ["render (default)", "still", "inspect", "--version", "64"] {
            XCTAssertTrue(result.stdout.contains(word), "help mentions \(word)")
        }
        let options = try runRender(["help", "render"])
        XCTAssertEqual(options.status, 0)
        for word in ["--output", "--format", "--fps", "--scale", "--from", "--to", "--frames", "--quiet"] {
            XCTAssertTrue(options.stdout.contains(word), "help render mentions \(word)")
        }
        // Each option's default is said once, in words where the value depends on the machine.
        for command in ["render", "still", "inspect", "preview", "compare", "test", "convert"] {
            let help = try runRender(["help", command]).stdout.replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: "  ", with: " ")
            for option in help.components(separatedBy: " --").dropFirst() {
                let text = option.components(separatedBy: " -").first ?? option
                XCTAssertLessThanOrEqual(text.components(separatedBy: "default:").count - 1, 1, "\(command): --\(text)")
            }
        }
    }

    // MARK: - Helpers

    let minimalScene = """
        {"name": "tiny", "canvas": {"width": 20, "height": 10, "scale": 1}, "duration": 0.5,
         "state": {"x": 0},
         "root": {"shape": "circle", "id": "dot", "frame": {"width": 8, "height": 8}, "offset": {"x": "x"},
                  "onTap": [{"set": {"x": 5}, "animation": ".linear(duration: 0.2)"}]},
         "script": [{"at": 0.1, "tap": "dot"}]}
        """

    func writeScene(_ json: String, name: String = "scene.json") throws -> String {
        let path = workDirectory.appendingPathComponent(name).path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// The output of one run of the `render` binary.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The package's root folder (this file is Tests/FlipbookTests/<file>).
func repoPath(_ relative: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(relative).path
}

/// `Tests/decode_frames.py` with `arguments`, run by a python3 that has Pillow (it decodes with Pillow, or
/// drives ffmpeg and reads its frames with Pillow). None: a failure where CI installed one, else a skip.
func decodeFramesProcess(_ arguments: [String]) throws -> Process {
    if let process = Python.process(importing: ["PIL"], arguments: arguments) { return process }
    let message = Python.missing(["PIL"])
    if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(message) }
    throw XCTSkip(message)
}

/// Runs the `render` executable built beside the test bundle.
func runRender(_ arguments: [String], in directory: URL? = nil, stdin: Data? = nil,
               environment: [String: String]? = nil) throws -> CommandResult {
    let binary = Bundle.main.bundleURL.appendingPathComponent("render")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        throw XCTSkip("the render binary is not at \(binary.path); run `swift build` first")
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    if let stdin {
        let input = Pipe()
        process.standardInput = input
        signal(SIGPIPE, SIG_IGN) // a render that stops reading early must not end the test process
        try process.run()
        try? input.fileHandleForWriting.write(contentsOf: stdin) // scenes fit in the pipe's buffer
        try input.fileHandleForWriting.close()
    } else {
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
}

extension RenderCommandTests {
    /// The output is readable like any new file (the temporary was private).
    func testOutputPermissionsFollowTheUmask() throws {
        let gif = workDirectory.appendingPathComponent("perm.gif").path
        XCTAssertEqual(try runRender([repoPath("scenes/seek.json"), "--to", "0.1", "-o", gif, "-q"]).status, 0)
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: gif)[.posixPermissions] as? Int)
        let mask = umask(0)
        umask(mask)
        XCTAssertEqual(mode, 0o666 & ~Int(mask))
    }
}

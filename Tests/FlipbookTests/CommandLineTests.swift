import Flipbook
import Foundation
import GIF
import Pixels
import Raster
import XCTest

/// The command line's conventions, through the built `render` binary: subcommands, version, stdin, stills,
/// frame ranges, output names and exit statuses.
final class CommandLineTests: XCTestCase {
    var workDirectory: URL!

    override func setUpWithError() throws {
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: workDirectory)
    }

    /// 20 x 10 pt at scale 1 and 10 fps for 1 s: frame k is at k/10 s; the dot moves 10 pt right from 0.2 s to 0.7 s.
    let scene = """
        {"name": "tiny", "canvas": {"width": 20, "height": 10, "scale": 1, "background": "#000000"},
         "fps": 10, "duration": 1, "state": {"x": 0},
         "root": {"shape": "rectangle", "id": "dot", "fill": "#ffffff", "frame": {"width": 2, "height": 10},
                  "offset": {"x": "x - 9"},
                  "onTap": [{"withAnimation": ".linear(duration: 0.5)", "do": [{"set": {"x": 10}}]}]},
         "script": [{"at": 0.2, "tap": "dot"}]}
        """

    func path(_ name: String) -> String { workDirectory.appendingPathComponent(name).path }

    func write(_ json: String, to name: String) throws -> String {
        try Data(json.utf8).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    func testVersionIsTheLibrarysVersion() throws {
        let result = try runRender(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines), FlipbookVersion.current)
        XCTAssertNotNil(FlipbookVersion.current.range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression))
    }

    func testHelpAndCompletionsListEverySubcommand() throws {
        let help = try runRender(["help"])
        XCTAssertEqual(help.status, 0)
        for name in ["render (default)", "still", "inspect"] { XCTAssertTrue(help.stdout.contains(name), name) }
        let inspect = try runRender(["help", "inspect"])
        XCTAssertEqual(inspect.status, 0)
        XCTAssertTrue(inspect.stdout.contains("--all-frames"), inspect.stdout)
        let still = try runRender(["still", "--help"])
        XCTAssertTrue(still.stdout.contains("--at"), still.stdout)
        for shell in ["bash", "zsh", "fish"] {
            let script = try runRender(["--generate-completion-script", shell])
            XCTAssertEqual(script.status, 0, shell)
            for name in ["still", "inspect", "frames", "all-frames"] {
                XCTAssertTrue(script.stdout.contains(name), "the \(shell) completions know \(name)")
            }
        }
    }

    /// Usage errors exit 64 and write nothing; scene and output errors exit 1.
    func testExitStatuses() throws {
        let scene = try write(scene, to: "tiny.json")
        let gif = path("x.gif")
        for usage in [[scene, "--fps", "0"], [scene, "--bogus"], [scene, "--frames", "5..2"],
                      [scene, "--frames", "1..3", "--from", "0.1"], ["-", "-"], ["inspect", scene],
                      ["still", scene], [scene, scene, "-o", gif]] {
            let result = try runRender(usage + ["-o", gif].filter { _ in !usage.contains("-o") }, in: workDirectory)
            XCTAssertEqual(result.status, 64, "\(usage): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: gif), "\(usage) wrote nothing")
        }
        let bad = try write(#"{"canvas": {"width": 10, "height": 10}, "duraton": 1, "root": {"shape": "circle"}}"#, to: "bad.json")
        for failure in [[bad], [path("missing.json")], [scene, "--frames", "10..12"], ["still", scene, "--at", "1.5"]] {
            let result = try runRender(failure + ["-o", gif], in: workDirectory)
            XCTAssertEqual(result.status, 1, "\(failure): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("error: "), result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line: \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: gif))
        }
        XCTAssertEqual(try runRender([scene, "-o", gif, "-q"]).status, 0)
    }

    /// `--effort fast|default|max` is taken for every format; any other value is a usage error naming the choices.
    func testEffortIsParsedAndABadValueIsRefused() throws {
        let scene = try write(scene, to: "tiny.json")
        let bad = try runRender([scene, "--format", "apng", "--effort", "slow", "-o", path("x.png")])
        XCTAssertEqual(bad.status, 64, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("'slow'") && bad.stderr.contains("--effort")
                      && bad.stderr.contains("'fast', 'default' or 'max'"), bad.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.png")))
        for effort in ["fast", "default", "max"] {
            for format in ["apng", "webp", "gif"] {
                let result = try runRender([scene, "--format", format, "--effort", effort, "-q", "-o", path("\(effort).\(format)")])
                XCTAssertEqual(result.status, 0, "\(effort) \(format): \(result.stderr)")
            }
        }
    }

    /// `-` reads the scene from stdin; errors name `<stdin>` with line and column; without `-o` the output
    /// is named after the scene's `name`.
    func testSceneFromStandardInput() throws {
        let result = try runRender(["-", "-q"], in: workDirectory, stdin: Data(scene.utf8))
        XCTAssertEqual(result.status, 0, result.stderr)
        let decoded = try GIFReader.read(path: path("out/tiny.gif"))
        XCTAssertEqual(decoded.totalDelayCentiseconds, 100, "1 s")
        XCTAssertEqual(decoded.width, 20)

        let typo = try runRender(["-", "-o", path("t.gif")], stdin: Data(#"{"canvas": {"width": 10, "height": 10}, "duraton": 1}"#.utf8))
        XCTAssertEqual(typo.status, 1)
        XCTAssertTrue(typo.stderr.hasPrefix("error: <stdin>:1:"), typo.stderr)
        XCTAssertTrue(typo.stderr.hasSuffix(" duraton: unknown key \"duraton\", did you mean \"duration\"?\n"), typo.stderr)

        let inspect = try runRender(["inspect", "-", "--at", "0.45"], stdin: Data(scene.utf8))
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [[String: Any]])
        // `state` holds the model value; the view's offset (x - 9) is what animates.
        XCTAssertEqual((objects.first?["state"] as? [String: Any])?["x"] as? Double, 10)
        let dot = try XCTUnwrap((objects.first?["views"] as? [String: Any])?["dot"] as? [String: Any])
        let offset = try XCTUnwrap(dot["offset"] as? [Double])
        XCTAssertEqual(offset[0], 10 * (0.45 - 0.2) / 0.5 - 9, accuracy: 1e-9, "linear: halfway through the half second")
    }

    /// A scene from stdin finds its images in the current folder.
    func testImagesOfAStandardInputSceneResolveFromTheCurrentFolder() throws {
        let json = #"{"canvas": {"width": 4, "height": 4, "scale": 1}, "duration": 0.1, "root": {"image": "dot.png"}}"#
        let missing = try runRender(["still", "-", "--at", "0", "-o", path("x.png")], in: workDirectory, stdin: Data(json.utf8))
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("./dot.png"), missing.stderr)
        try PNGFile.write(PixelImage(width: 4, height: 4, fill: RGBA8(r: 255, g: 0, b: 0, a: 255)), to: path("dot.png"))
        let found = try runRender(["still", "-", "--at", "0", "-o", path("x.png")], in: workDirectory, stdin: Data(json.utf8))
        XCTAssertEqual(found.status, 0, found.stderr)
        let image = try PNGFile.read(path: path("x.png"))
        XCTAssertEqual(Array(image.pixels[0..<4]), [255, 0, 0, 255], "the red image fills the canvas")
    }

    /// One frame at any time, between the fps grid's frames too: the bar's left edge is at x(t) = 1 + 20 (t - 0.2).
    func testStillWritesTheFrameAtThatTime() throws {
        let scene = try write(scene, to: "tiny.json")
        let png = path("frame.png")
        let result = try runRender(["still", scene, "--at", "0.45", "-o", png])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("\(png): the frame at 0.45 s, "), result.stdout)
        let image = try PNGFile.read(path: png)
        XCTAssertEqual(image.width, 20)
        XCTAssertEqual(image.height, 10)
        // The 2 pt bar is centred (left edge 9) and offset by x - 9, so its left edge is at x.
        let x = 10 * (0.45 - 0.2) / 0.5 // 5
        let row = (0..<20).map { image.pixels[(5 * 20 + $0) * 4] }
        XCTAssertEqual(row.firstIndex { $0 > 128 }, Int(x), "\(row)")
        XCTAssertEqual(row.lastIndex { $0 > 128 }, Int(x) + 1, "\(row)")

        let defaultName = try runRender(["still", scene, "--at", "0.5"], in: workDirectory)
        XCTAssertEqual(defaultName.status, 0, defaultName.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("out/tiny-0.5s.png")))
    }

    /// `--frames A..B` renders frames A to B (both included) by index: the GIF's delays sum to their count.
    func testFramesSelectsByIndex() throws {
        let scene = try write(scene, to: "tiny.json")
        let gif = path("part.gif")
        let result = try runRender([scene, "--frames", "2..6", "-o", gif])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("5 frames at 10 fps"), result.stdout)
        XCTAssertEqual(try GIFReader.read(path: gif).totalDelayCentiseconds, 50)
        let open = try runRender([scene, "--frames", "2..<6", "-o", gif])
        XCTAssertTrue(open.stdout.contains("4 frames at 10 fps"), open.stdout)
        let folder = path("frames")
        XCTAssertEqual(try runRender([scene, "--frames", "9", "--format", "png", "-o", folder, "-q"]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["frame-0001.png"])
    }

    /// Two scene files with the same file name would write the same default output: refused before any work.
    func testTwoScenesWithOneFileNameAreRefused() throws {
        try FileManager.default.createDirectory(atPath: path("a"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path("b"), withIntermediateDirectories: true)
        let first = try write(scene, to: "a/tiny.json"), second = try write(scene, to: "b/tiny.json")
        let result = try runRender([first, second], in: workDirectory)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("would both write out/tiny"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out")))
    }
}

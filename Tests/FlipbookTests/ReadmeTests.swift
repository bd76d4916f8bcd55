import Foundation
import XCTest

/// The README's quick start, commands and example keep working: they are read from README.md and run
/// against the built `render` binary, in a scratch folder holding a copy of scenes/.
final class ReadmeTests: XCTestCase {
    var workDirectory: URL!
    var readme = ""

    override func setUpWithError() throws {
        readme = try String(contentsOfFile: repoPath("README.md"), encoding: .utf8)
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: repoPath("scenes"), toPath: workDirectory.appendingPathComponent("scenes").path)
        try FileManager.default.copyItem(atPath: repoPath("examples/swift"), toPath: workDirectory.appendingPathComponent("swift").path)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: workDirectory)
    }

    /// The README's section that starts with `## <title>`, up to the next `## `.
    func section(_ title: String) throws -> String {
        let start = try XCTUnwrap(readme.range(of: "\n## \(title)"), "README.md has a \(title) section")
        let rest = readme[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    /// The indented (code) lines of a section, without their indentation.
    func codeLines(_ text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("    ") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Splits a command line at spaces (the README's commands quote nothing).
    func words(_ command: String) -> [String] {
        command.split(separator: " ").map(String.init)
    }

    /// The packages a machine needs to build Flipbook and check goldens, as every recipe in the docs lists them
    /// (docs/ci.md's jobs and its recording line, the FlipbookTesting article): the README's install list
    /// without the tools only this repository's own tests use to decode files independently.
    func testEveryInstallRecipeListsWhatTheBuildNeeds() throws {
        let readme = try String(contentsOfFile: repoPath("README.md"), encoding: .utf8)
        let quickStart = try XCTUnwrap(codeLines(try section("Quick start")).first { $0.contains("apt-get install") })
        let all = Set(words(try XCTUnwrap(quickStart.components(separatedBy: "apt-get install -y ").last?
            .components(separatedBy: " && ").first)))
        XCTAssertTrue(readme.contains("apt-get install"))
        let testsOnly: Set<String> = ["python3-pil", "python3-jsonschema", "chromium", "ffmpeg"]
        XCTAssertTrue(testsOnly.isSubset(of: all), "the README installs the decoders the tests use")
        let build = all.subtracting(testsOnly)
        var recipes = 0
        for file in ["docs/ci.md", "Sources/FlipbookTesting/FlipbookTesting.docc/GettingStarted.md"] {
            let text = try String(contentsOfFile: repoPath(file), encoding: .utf8)
            // Each `apt-get install` with its package words, across a line continuation.
            for piece in text.components(separatedBy: "apt-get install").dropFirst() {
                let command = piece.replacingOccurrences(of: "\\\n", with: " ")
                    .prefix { $0 != "\n" && $0 != "`" && $0 != "&" }
                let packages = Set(words(String(command)).filter { !$0.hasPrefix("-") && !$0.isEmpty })
                XCTAssertEqual(packages, build, "\(file): an install recipe")
                recipes += 1
            }
        }
        XCTAssertEqual(recipes, 4, "docs/ci.md's two jobs and recording line, and the article's")
    }

    /// The set-up installs what CI installs, runs CI's test command, and its render command works.
    func testQuickStart() throws {
        let lines = codeLines(try section("Quick start"))
        let setup = try XCTUnwrap(lines.first { $0.contains("apt-get install") }, "an install command")
        XCTAssertFalse(setup.hasPrefix("sudo"), "root has no sudo on a fresh container")
        let install = try XCTUnwrap(setup.components(separatedBy: "apt-get install -y ").last?.components(separatedBy: " && ").first)
        let ci = try String(contentsOfFile: repoPath(".ci/run"), encoding: .utf8)
        let ciLine = try XCTUnwrap(ci.components(separatedBy: "--no-install-recommends \\\n").last?.split(separator: "\n").first)
        XCTAssertEqual(Set(words(install)), Set(words(String(ciLine))), "the README installs the packages .ci/run installs")
        XCTAssertTrue(lines.contains("swift test"), "the test command")
        XCTAssertTrue(ci.contains("\nswift test "), ".ci/run runs `swift test`")

        let render = try XCTUnwrap(setup.components(separatedBy: "swift run -c release render ").last, "a release render")
        // Up to 0.1 s: RenderCommandTests renders the whole of seek.
        let result = try runRender(words(render) + ["--to", "0.1", "-q"], in: workDirectory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(setup.contains("scenes/seek.json") && readme.contains("writes `out/seek.gif`"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: workDirectory.appendingPathComponent("out/seek.gif").path))
    }

    /// Each command of the Commands section runs, with `<scene.json>` as scenes/seek.json and the optional
    /// `[...]` parts left out; renders stop at 0.1 s.
    func testCommandsRun() throws {
        let text = try section("Commands")
        var commands = codeLines(text).filter { $0.hasPrefix("render ") }.map {
            $0.components(separatedBy: "   ").first ?? $0 // the explanation column
        }
        // Inline commands in backticks, such as `render - -o pulse.gif < pulse.json` (not a bare `render inspect`).
        commands += text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            .filter { $0.hasPrefix("render ") && (words($0).count > 2 || words($0)[1].hasPrefix("-")) }
        // `render preview` serves until Ctrl-C: PreviewTests run it (the browser test drives its page).
        commands = commands.filter { !$0.hasPrefix("render preview") }
        XCTAssertGreaterThanOrEqual(commands.count, 5, "\(commands)")
        try Data(#"{"scenes": [{"scene": "pulse.json", "times": [0], "goldens": "goldens"}]}"#.utf8)
            .write(to: workDirectory.appendingPathComponent("manifest.json"))
        try Data(#"{"name": "pulse", "canvas": {"width": 10, "height": 10}, "duration": 0.1, "root": {"spacer": {}}}"#.utf8)
            .write(to: workDirectory.appendingPathComponent("pulse.json"))
        // `render test manifest.json` checks pulse at 0 s against goldens/0.png, made here.
        try FileManager.default.createDirectory(at: workDirectory.appendingPathComponent("goldens"),
                                                withIntermediateDirectories: true)
        let golden = try runRender(["still", "pulse.json", "--at", "0", "-o", "goldens/0.png"], in: workDirectory)
        XCTAssertEqual(golden.status, 0, golden.stderr)
        for command in commands {
            var line = command.replacingOccurrences(of: "<scene.json>", with: "scenes/seek.json")
                .replacingOccurrences(of: "<View.swift>", with: "swift/Counter.swift")
                .replacingOccurrences(of: "<expected.png>", with: "goldens/0.png")
                .replacingOccurrences(of: "<actual.png>", with: "goldens/0.png")
                .replacingOccurrences(of: "<manifest.json>", with: "manifest.json")
                .replacingOccurrences(of: "bash|zsh|fish", with: "bash")
                .replacingOccurrences(of: "...", with: "")
            while let open = line.range(of: " ["), let close = line.range(of: "]", range: open.upperBound..<line.endIndex) {
                line.removeSubrange(open.lowerBound..<close.upperBound)
            }
            var arguments = Array(words(line).dropFirst())
            var stdin: Data?
            if let redirect = arguments.firstIndex(of: "<") {
                stdin = try Data(contentsOf: workDirectory.appendingPathComponent(arguments[redirect + 1]))
                arguments.removeSubrange(redirect...)
            }
            if arguments.first == "scenes/seek.json" { arguments += ["--to", "0.1"] }
            let result = try runRender(arguments, in: workDirectory, stdin: stdin)
            XCTAssertEqual(result.status, 0, "`\(command)` as \(arguments): \(result.stderr)")
        }
    }

    /// The scene example renders, and `render inspect` reads its state.
    func testTheSceneExampleRenders() throws {
        let text = try section("Scene files")
        let start = try XCTUnwrap(text.range(of: "```json\n"))
        let end = try XCTUnwrap(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let example = workDirectory.appendingPathComponent("example.json")
        try Data(text[start.upperBound..<end.lowerBound].utf8).write(to: example)
        let render = try runRender([example.path, "-q"], in: workDirectory)
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: workDirectory.appendingPathComponent("out/example.gif").path))
        let inspect = try runRender(["inspect", example.path, "--at", "0"])
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
    }
}

import Foundation
import XCTest

/// `render --generate-completion-script`: the default subcommand's options and scene files complete
/// without its name (`render scenes/x.json -o ...`), as the subcommands' do after theirs.
final class CompletionScriptTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        for file in ["scenes/seek.json", "scenes/notes.txt", "card.json"] {
            FileManager.default.createFile(atPath: folder.appendingPathComponent(file).path, contents: Data())
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
        for shell in ["bash", "fish"] { try? FileManager.default.removeItem(at: scriptFile(shell)) }
    }

    /// Where a shell's script is written: beside the folder completed in, not in it.
    func scriptFile(_ shell: String) -> URL { folder.appendingPathExtension(shell) }

    func script(_ shell: String) throws -> String {
        let result = try runRender(["--generate-completion-script", shell])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    /// Every shell's script reads a first word that is no subcommand's name as the default subcommand's.
    func testEveryShellCompletesTheDefaultSubcommandWithoutItsName() throws {
        let bash = try script("bash")
        XCTAssertTrue(bash.contains("# Not a subcommand's name: the words are the default subcommand's"), bash)
        XCTAssertTrue(bash.contains("        _render_render\n"))
        let zsh = try script("zsh")
        XCTAssertTrue(zsh.contains("            words=(render \"${words[@]}\")\n"), zsh)
        XCTAssertTrue(zsh.contains("        # The default subcommand's options and files too"), zsh)
        let fish = try script("fish")
        XCTAssertTrue(fish.contains("                set unparsed_tokens render $unparsed_tokens\n"), fish)
        // The default subcommand's options, offered in the command's own context (no subcommand named).
        let rootLines = fish.split(separator: "\n").filter { $0.contains("_should_offer_completions_for_flags_or_options \"render\"") }
        for option in ["format", "output", "frames", "effort"] {
            XCTAssertTrue(rootLines.contains { $0.contains("-l '\(option)'") }, "fish offers --\(option) with no subcommand named")
        }
        // The same command line spelled another way gives the same script.
        XCTAssertEqual(try runRender(["--generate-completion-script=bash"]).stdout, bash)
    }

    /// What bash offers, run for real: the default subcommand's options, its option values and its scene
    /// files after a scene, and the subcommand names only for the first word.
    func testBashOffersTheDefaultSubcommandsOptionsAndFiles() throws {
        let path = scriptFile("bash")
        try Data(try script("bash").utf8).write(to: path)
        let cases: [(line: String, expected: [String])] = [
            ("render scenes/seek.json --fo", ["--format"]),
            ("render scenes/seek.json --format ", ["apng", "gif", "png", "webp"]),
            ("render scenes/seek.json -o ", ["card.json", "scenes"]),
            ("render --form", ["--format"]),
            ("render -o out.gif sc", ["scenes"]),
            ("render sc", ["scenes"]),
            ("render st", ["still"]),
            ("render still --a", ["--at"]),
            ("render ", ["--help", "--version", "-h", "card.json", "compare", "convert", "help", "inspect", "preview",
                         "render", "scenes", "still", "test"]),
        ]
        for (line, expected) in cases {
            XCTAssertEqual(try bashCompletions(script: path, line: line), expected, line)
        }
    }

    /// What fish offers, run for real where fish is installed (`complete -C` completes a command line).
    func testFishOffersTheDefaultSubcommandsOptionsAndFiles() throws {
        guard let fish = ["/usr/bin/fish", "/usr/local/bin/fish"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("fish is not installed")
        }
        let path = scriptFile("fish")
        try Data(try script("fish").utf8).write(to: path)
        let cases: [(line: String, expected: [String])] = [
            ("render scenes/seek.json --fo", ["--format"]),
            ("render scenes/seek.json --format ", ["apng", "gif", "png", "webp"]),
            ("render scenes/seek.json ", ["card.json", "scenes/"]),
            ("render --form", ["--format"]),
            ("render st", ["still"]),
            ("render still --a", ["--at"]),
        ]
        for (line, expected) in cases {
            let output = try run(fish, ["-c", "source '\(path.path)'; complete -C'\(line)'"])
            let words = Set(output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") })
            XCTAssertEqual(words.sorted(), expected, line)
        }
    }

    /// The words bash's completion function offers for `line`, the cursor at its end, sorted.
    private func bashCompletions(script: URL, line: String) throws -> [String] {
        let harness = """
            source "$1"
            line="$2"
            read -ra COMP_WORDS <<< "$line"
            if [[ "$line" == *" " ]]; then COMP_WORDS+=(""); fi
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMP_LINE="$line"
            COMP_POINT=${#line}
            COMPREPLY=()
            _render render "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let output = try run("/bin/bash", ["-c", harness, "complete", script.path, line])
        return Set(output.split(separator: "\n").map(String.init)).sorted()
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

import ArgumentParser
import Foundation

/// The exit statuses of `render`, and how an error reaches the user: the one place that decides both.
///
/// Usage errors (an unknown option, a value out of range: `ValidationError`) are reported by
/// ArgumentParser, with the command's usage, and exit with `usage`; except under `render compare` and
/// `render test`, whose statuses follow `cmp` and `diff` (`GoldenStatus`), so that 1 always means
/// "the images differ" and 2 any bad input, usage errors included.
enum ExitStatus {
    /// Everything asked for was written.
    static let ok = ExitCode.success
    /// A scene could not be read, validated or drawn, or an output could not be written.
    static let failure = ExitCode.failure
    /// The command line is wrong (EX_USAGE).
    static let usage = ExitCode.validationFailure

    /// Interrupted by `signal` (SIGINT, SIGTERM): 128 + signal, as shells report it.
    static func interrupted(_ signal: Int32) -> ExitCode { ExitCode(128 + signal) }

    /// Parses the command line, runs the command, and exits with the status its outcome calls for.
    static func run(_ arguments: [String]) -> Never {
        if let shell = CompletionScript.requestedShell(arguments) {
            print(CompletionScript.make(for: shell))
            Render.exit()
        }
        do {
            var command = try Render.parseAsRoot(arguments)
            try command.run()
            Render.exit()
        } catch {
            let golden = ["compare", "test"].contains(arguments.first)
            if golden, Render.exitCode(for: error) == usage {
                FileHandle.standardError.write(Data((Render.fullMessage(for: error) + "\n").utf8))
                Foundation.exit(GoldenStatus.badInput.rawValue)
            }
            Render.exit(withError: error)
        }
    }

    /// Prints `error: <error>` on stderr: one line, which for a scene names file:line:column and the JSON path.
    static func report(_ error: Error) {
        printError("error: \(error)")
    }
}

/// Writes `message` and a newline to stderr.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Exit statuses of `render compare` and `render test`, for CI scripts of any language.
enum GoldenStatus {
    /// The images match / every frame matched.
    static let match = ExitCode.success
    /// A mismatch (a failed frame).
    static let mismatch = ExitCode(1)
    /// Bad input: bad arguments, an unreadable image, a bad manifest or scene.
    static let badInput = ExitCode(2)
}

import ArgumentParser
import Foundation

/// The exit statuses of `render`, and how an error reaches the user: the one place that decides both.
///
/// Usage errors (an unknown option, a value out of range: `ValidationError`) are reported by
/// ArgumentParser, with the command's usage, and exit with `usage`.
enum ExitStatus {
    /// Everything asked for was written.
    static let ok = ExitCode.success
    /// A scene could not be read, validated or drawn, or an output could not be written.
    static let failure = ExitCode.failure
    /// The command line is wrong (EX_USAGE).
    static let usage = ExitCode.validationFailure

    /// Interrupted by `signal` (SIGINT, SIGTERM): 128 + signal, as shells report it.
    static func interrupted(_ signal: Int32) -> ExitCode { ExitCode(128 + signal) }

    /// Prints `error: <error>` on stderr: one line, which for a scene names file:line:column and the JSON path.
    static func report(_ error: Error) {
        printError("error: \(error)")
    }
}

/// Writes `message` and a newline to stderr.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

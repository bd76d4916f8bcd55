import ArgumentParser
import Foundation

/// Exit statuses of `render compare` and `render test`, for CI scripts of any language.
enum GoldenExit {
    /// The images match / every frame matched.
    static let match: Int32 = 0
    /// A mismatch (a failed frame).
    static let mismatch: Int32 = 1
    /// Bad input: bad arguments, an unreadable image, a bad manifest or scene.
    static let badInput: Int32 = 2
}

extension ParsableCommand {
    /// Parses and runs the command; usage errors exit with `GoldenExit.badInput` instead of
    /// ArgumentParser's 64, `--help` still exits 0.
    static func mainWithBadInputStatus(_ arguments: [String]) -> Never {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Foundation.exit(GoldenExit.match)
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(GoldenExit.badInput)
            }
            exit(withError: error)
        }
    }
}

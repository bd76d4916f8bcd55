import SwiftSyntax

/// A construct the front end cannot lower, or a file it cannot read: `file.swift:line:column: message`.
public struct SwiftSourceError: Error, CustomStringConvertible, Equatable, Sendable {
    public let file: String
    /// 1-based; 0 when the error is about the whole file.
    public let line: Int
    public let column: Int
    public let message: String

    public init(file: String, line: Int = 0, column: Int = 0, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}

/// Makes positioned errors for one source file.
struct Diagnostics {
    let file: String
    let converter: SourceLocationConverter

    func error(_ node: some SyntaxProtocol, _ message: String) -> SwiftSourceError {
        let location = node.startLocation(converter: converter)
        return SwiftSourceError(file: file, line: location.line, column: location.column, message: message)
    }

    /// `<construct> is not supported; <what is>`.
    func unsupported(_ node: some SyntaxProtocol, _ construct: String, _ supported: String) -> SwiftSourceError {
        error(node, "\(construct) is not supported; \(supported)")
    }
}

extension SyntaxProtocol {
    /// The source text without leading and trailing trivia, shortened for messages.
    var shortText: String {
        let text = trimmedDescription.replacingOccurrences(of: "\n", with: " ")
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }
}

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
    /// The trees rewritten before lowering, whose positions are moved back to the file's.
    let rewrites = RewrittenTrees()

    func error(_ node: some SyntaxProtocol, _ message: String) -> SwiftSourceError {
        let location = self.location(of: node)
        return SwiftSourceError(file: file, line: location.line, column: location.column, message: message)
    }

    /// Where `node` starts in the Swift file, after its leading trivia; a node of a rewritten closure is
    /// placed where its text is in the file, not in the rewritten text.
    func location(of node: some SyntaxProtocol) -> SourceLocation {
        converter.location(for: rewrites.original(node.positionAfterSkippingLeadingTrivia, in: Syntax(node).root))
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

/// Trees the front end rewrote before lowering them (a ForEach closure's `$0` renamed to `item`,
/// ShorthandElement.swift): where each replaced token starts in the rewritten tree and how much longer its
/// new text is, so that a position in a rewritten tree is moved back to the parsed file's, whose
/// `SourceLocationConverter` gives the line and column. A tree is known by its root, so the lowering reads
/// a rewritten closure's nodes in place: a syntax collection's `filter` or a node's `with` makes a new
/// tree, whose positions are not moved back.
final class RewrittenTrees {
    private struct Rewrite {
        /// Kept, so that no other tree takes its root's identifier while the lowering runs.
        let rewritten: Syntax
        /// The root of the tree that was rewritten (the file's, or a tree rewritten before).
        let original: Syntax
        /// UTF-8 offsets, ascending, in the rewritten tree.
        let starts: [Int]
        let growth: Int
    }

    /// By the root of the rewritten tree.
    private var rewrites: [SyntaxIdentifier: Rewrite] = [:]

    /// `root` is `original` with the tokens at `replaced` (UTF-8 offsets in `original`, ascending) each
    /// replaced by a text `growth` bytes longer.
    func note(_ root: Syntax, rewrites original: Syntax, replaced: [Int], growth: Int) {
        guard root.id != original.id else { return }
        let starts = replaced.enumerated().map { $0.element + $0.offset * growth }
        rewrites[root.id] = Rewrite(rewritten: root, original: original, starts: starts, growth: growth)
    }

    /// `position` in the tree whose root is `root`, as a position in the parsed file: each replaced token
    /// that starts before it moves it back by its growth.
    func original(_ position: AbsolutePosition, in root: Syntax) -> AbsolutePosition {
        var offset = position.utf8Offset
        var root = root
        while let rewrite = rewrites[root.id] {
            offset -= rewrite.growth * rewrite.starts.prefix { $0 < offset }.count
            root = rewrite.original
        }
        return AbsolutePosition(utf8Offset: offset)
    }
}

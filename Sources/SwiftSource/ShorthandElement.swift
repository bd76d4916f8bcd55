import SwiftSyntax

/// A ForEach content closure written with the shorthand argument (`ForEach(items, id: \.self) { RowView(item: $0) }`)
/// is lowered as the closure with one named parameter: `$0` is renamed to `item` (or `item2`, ... when that name is
/// taken), so the scene reads the same as `{ item in RowView(item: item) }`.
/// A nested closure's `$0` is its own (The Swift Programming Language, "Shorthand Argument Names"), so nested closures
/// are left as they are. The rewritten closure stays in its file's tree (`rewrite` without `detach`), and `rewrites`
/// notes where each `$0` was, so errors after it are reported at the file's line and column
/// (`Diagnostics.location(of:)`), not the rewritten text's.
enum ShorthandElement {
    static func named(_ closure: ClosureExprSyntax, avoiding taken: Set<String>, rewrites: RewrittenTrees) -> (ClosureExprSyntax, String) {
        var name = "item"
        var suffix = 2
        while taken.contains(name) {
            name = "item\(suffix)"
            suffix += 1
        }
        let renamer = Renamer(name: name, closure: closure.id)
        let rewritten = renamer.rewrite(closure)
        rewrites.note(rewritten.root, rewrites: Syntax(closure).root, replaced: renamer.replaced, growth: name.utf8.count - "$0".utf8.count)
        return (rewritten.as(ClosureExprSyntax.self) ?? closure, name)
    }

    private final class Renamer: SyntaxRewriter {
        let name: String
        let closure: SyntaxIdentifier
        /// Where each `$0` renamed starts (UTF-8 offsets in the closure's tree, in the order of the text).
        private(set) var replaced: [Int] = []

        init(name: String, closure: SyntaxIdentifier) {
            self.name = name
            self.closure = closure
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> ExprSyntax {
            guard case .dollarIdentifier("$0") = node.baseName.tokenKind else { return ExprSyntax(node) }
            replaced.append(node.baseName.positionAfterSkippingLeadingTrivia.utf8Offset)
            return ExprSyntax(node.with(\.baseName, node.baseName.with(\.tokenKind, .identifier(name))))
        }

        override func visit(_ node: ClosureExprSyntax) -> ExprSyntax {
            node.id == closure ? super.visit(node) : ExprSyntax(node)
        }
    }
}

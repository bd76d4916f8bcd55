import SwiftSyntax

/// A ForEach content closure written with the shorthand argument (`ForEach(items, id: \.self) { RowView(item: $0) }`)
/// is lowered as the closure with one named parameter: `$0` is renamed to `item` (or `item2`, ... when that name is
/// taken), so the scene reads the same as `{ item in RowView(item: item) }`.
/// A nested closure's `$0` is its own (The Swift Programming Language, "Shorthand Argument Names"), so nested closures
/// are left as they are. The rewritten closure stays in its file's tree (`rewrite` without `detach`), so errors keep
/// their line; columns after a renamed `$0` on the same line move by the name's extra length.
enum ShorthandElement {
    static func named(_ closure: ClosureExprSyntax, avoiding taken: Set<String>) -> (ClosureExprSyntax, String) {
        var name = "item"
        var suffix = 2
        while taken.contains(name) {
            name = "item\(suffix)"
            suffix += 1
        }
        let rewritten = Renamer(name: name, closure: closure.id).rewrite(closure)
        return (rewritten.as(ClosureExprSyntax.self) ?? closure, name)
    }

    private final class Renamer: SyntaxRewriter {
        let name: String
        let closure: SyntaxIdentifier

        init(name: String, closure: SyntaxIdentifier) {
            self.name = name
            self.closure = closure
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> ExprSyntax {
            guard case .dollarIdentifier("$0") = node.baseName.tokenKind else { return ExprSyntax(node) }
            return ExprSyntax(node.with(\.baseName, node.baseName.with(\.tokenKind, .identifier(name))))
        }

        override func visit(_ node: ClosureExprSyntax) -> ExprSyntax {
            node.id == closure ? super.visit(node) : ExprSyntax(node)
        }
    }
}

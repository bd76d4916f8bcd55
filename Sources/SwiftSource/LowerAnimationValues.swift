import SwiftSyntax

extension Lowerer {
    /// An animation value where SwiftUI takes an `Animation` (`withAnimation(_:)`, `.animation(_:value:)`):
    /// SwiftUI's own code (`.easeInOut(duration: 0.3).delay(0.1)`), or one chosen by a condition,
    /// `isEditing ? .easeInOut(duration: 0.13).repeatForever() : .default`, which the format reads as it is
    /// written (docs/scene-format.md, "Chosen by a condition").
    func animationCode(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> String {
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
           only.label == nil {
            return try animationCode(only.expression, scope)
        }
        guard let sequence = expr.as(SequenceExprSyntax.self) else { return try swiftCode(expr, scope) }
        let elements = Array(sequence.elements)
        // The ternary binds loosest: what stands before the first `?` is the condition, what follows its
        // `:` the other branch (itself perhaps a choice).
        guard let mark = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
              let ternary = elements[mark].as(UnresolvedTernaryExprSyntax.self), mark > 0, mark + 1 < elements.count else {
            return try swiftCode(expr, scope)
        }
        func part(_ slice: ArraySlice<ExprSyntax>) -> ExprSyntax {
            slice.count == 1 ? slice.first! : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(Array(slice))))
        }
        let condition = try expression(part(elements[..<mark]), scope)
        let branches = [ternary.thenExpression, part(elements[(mark + 1)...])]
        var codes: [String] = []
        for branch in branches {
            if branch.is(NilLiteralExprSyntax.self) {
                throw diagnostics.unsupported(branch, "nil as one branch of a choice of animation",
                                              "two animations (cond ? .spring() : .default) are; for none, split the view under if")
            }
            codes.append(try animationCode(branch, scope))
        }
        let simple = condition.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        return (simple ? condition : "(\(condition))") + " ? \(codes[0]) : \(codes[1])"
    }
}

import SwiftSyntax

extension Lowerer {
    /// `.accessibilityIdentifier("tab-\(option)")` inside a `ForEach`: an id per item, the format's id
    /// template over the element (`"tab-${option}"`); nil for anything but an interpolated string literal.
    func itemIdentifier(_ expr: ExprSyntax?, _ scope: Scope) throws(SwiftSourceError) -> String? {
        guard let literal = expr?.as(StringLiteralExprSyntax.self),
              literal.segments.contains(where: { $0.is(ExpressionSegmentSyntax.self) }) else { return nil }
        return try template(literal, scope)
    }
}

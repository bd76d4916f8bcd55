import SwiftSyntax

extension Lowerer {
    /// `$on.animation(.spring())`, `$on.animation()` (`.default`, SwiftUI's default argument): the binding
    /// `$on` and the animation code, for a control's `bindingAnimation`; nil for any other expression.
    func bindingAnimation(_ expr: ExprSyntax?, _ scope: Scope) throws(SwiftSourceError) -> (binding: ExprSyntax, animation: String)? {
        guard let call = expr?.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              member.declName.baseName.text == "animation", let base = member.base,
              base.as(DeclReferenceExprSyntax.self)?.baseName.text.hasPrefix("$") == true else { return nil }
        guard call.arguments.count <= 1, call.arguments.first?.label == nil else {
            throw diagnostics.unsupported(call, "this Binding.animation", "$name.animation(_:) with an animation is")
        }
        guard let argument = call.arguments.first?.expression else { return (base, ".default") }
        if argument.is(NilLiteralExprSyntax.self) {
            throw diagnostics.unsupported(argument, "$name.animation(nil)", "leave .animation out for a change without animation")
        }
        return (base, try animationCode(argument, scope))
    }
}

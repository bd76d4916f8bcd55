import SceneFormat
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
        guard let sequence = expr.as(SequenceExprSyntax.self) else {
            // `bounce`, `bounce.delay(0.2)`: a property holding an animation.
            if let named = try namedAnimationCode(expr, scope) { return named }
            return try swiftCode(expr, scope)
        }
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

extension Lowerer {
    /// Whether `expr` is an `Animation` value where any value may stand (a parameter's default, an argument,
    /// a state variable's initial value, an assignment): the property's type is `Animation`, or the code is
    /// SwiftUI's (`Animation.spring(duration: 0.4)`, `.easeIn(duration: 0.3)`, `.default.speed(2)`), or a
    /// property holding one (`bounce`, `bounce.delay(0.2)`). A bare implicit member (`.default`, `.linear`)
    /// counts only with the type, as it could be another type's case.
    func isAnimationValue(_ expr: ExprSyntax, type: TypeSyntax?, _ scope: Scope) -> Bool {
        if type?.trimmedDescription == "Animation" { return true }
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return isAnimationValue(only.expression, type: type, scope)
        }
        if let sequence = expr.as(SequenceExprSyntax.self),
           let mark = sequence.elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
           let ternary = sequence.elements[mark].as(UnresolvedTernaryExprSyntax.self) {
            let rest = Array(sequence.elements[sequence.elements.index(after: mark)...])
            let otherwise = rest.count == 1 ? rest[0] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(rest)))
            return isAnimationValue(ternary.thenExpression, type: type, scope) || isAnimationValue(otherwise, type: type, scope)
        }
        var links = 0
        var called = false
        var node = expr
        while true {
            if let call = node.as(FunctionCallExprSyntax.self), call.calledExpression.is(MemberAccessExprSyntax.self) {
                called = true
                node = call.calledExpression
                continue
            }
            if let member = node.as(MemberAccessExprSyntax.self) {
                links += 1
                guard let base = member.base else {
                    return AnimationSyntax.baseNames.contains(member.declName.baseName.text) && (called || links > 1)
                }
                if base.trimmedDescription == "Animation" { return true }
                if ["self", "Self"].contains(base.trimmedDescription) || model.structs[base.trimmedDescription] != nil {
                    return animationProperty(member.declName.baseName.text, scope)
                }
                node = base
                continue
            }
            if let ref = node.as(DeclReferenceExprSyntax.self) { return animationProperty(ref.baseName.text, scope) }
            return false
        }
    }

    /// Whether the struct being lowered has a property `name` holding an animation.
    func animationProperty(_ name: String, _ scope: Scope) -> Bool {
        guard let property = scope.owner?.properties.first(where: { $0.name == name }) else { return false }
        if property.type?.trimmedDescription == "Animation" { return true }
        guard let initial = property.initializer, !initial.is(DeclReferenceExprSyntax.self) else { return false }
        return isAnimationValue(initial, type: nil, Scope())
    }

    /// A named animation with its modifiers as the format writes it: `bounce`, `bounce.delay(0.2)`
    /// (`self.bounce` and `MyView.bounce`, a `static let`, are `bounce`); nil when `expr` does not start
    /// from a property's name.
    func namedAnimationCode(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> String? {
        if let ref = expr.as(DeclReferenceExprSyntax.self) {
            return ref.baseName.text == "Animation" ? nil : try expression(expr, scope)
        }
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base {
            let owner = base.trimmedDescription
            if owner == "self" || owner == "Self" || model.structs[owner] != nil {
                return try expression(ExprSyntax(DeclReferenceExprSyntax(baseName: member.declName.baseName)), scope)
            }
            return try namedAnimationCode(base, scope).map { $0 + "." + member.declName.baseName.text }
        }
        if let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           let base = member.base, let named = try namedAnimationCode(base, scope) {
            var args: [String] = []
            for argument in call.arguments {
                args.append((argument.label.map { $0.text + ": " } ?? "") + (try expression(argument.expression, scope)))
            }
            return named + "." + member.declName.baseName.text + "(" + args.joined(separator: ", ") + ")"
        }
        return nil
    }
}

import SwiftSyntax

extension Lowerer {
    /// `.phaseAnimator([false, true], trigger: t) { content, phase in content.scaleEffect(...) } animation: { phase in ... }`:
    /// the content closure's modifiers apply to the view with the phase in scope, and the view gets the
    /// format's `phaseAnimator` key.
    func phaseAnimator(_ a: Arguments, _ node: inout ViewNode, _ scope: Scope) throws(SwiftSourceError) {
        let call = a.call
        try a.allow(["_", "trigger"])
        guard let phasesExpr = a.positional.first, let array = phasesExpr.as(ArrayExprSyntax.self) else {
            throw diagnostics.unsupported(call, "phaseAnimator without an array of phases", "phaseAnimator([a, b, ...]) with constant phases is")
        }
        var phases: [JSON] = []
        for element in array.elements { phases.append(try literal(element.expression)) }
        guard let content = call.trailingClosure,
              case .simpleInput(let names)? = content.signature?.parameterClause, names.count == 2,
              let contentName = names.first?.name.text, let phaseName = names.last?.name.text else {
            throw diagnostics.unsupported(call, "this phaseAnimator", "a content closure { content, phase in content.modifier(...) } is")
        }
        let inner = scope.adding(phaseName, .local)
        // content.scaleEffect(...).opacity(...): the modifiers, innermost first.
        guard content.statements.count == 1, let item = content.statements.first, case .expr(var expr) = item.item else {
            throw diagnostics.unsupported(content, "this phaseAnimator content", "one chain of modifiers on \(contentName) is")
        }
        var chain: [(String, FunctionCallExprSyntax)] = []
        while let link = expr.as(FunctionCallExprSyntax.self), let member = link.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base {
            chain.insert((member.declName.baseName.text, link), at: 0)
            expr = base
        }
        guard expr.as(DeclReferenceExprSyntax.self)?.baseName.text == contentName else {
            throw diagnostics.unsupported(expr, "'\(expr.shortText)' in a phaseAnimator's content", "modifiers on \(contentName) are")
        }
        for (name, link) in chain { try applyModifier(name, link, to: &node, inner) }

        var animator = JSONObject([("phases", .array(phases))])
        if phaseName != "phase" { animator["as"] = .string(phaseName) }
        if let trigger = a["trigger"] { animator["trigger"] = .string(try expression(trigger, scope)) }
        if let closure = call.additionalTrailingClosures.first(where: { $0.label.text == "animation" })?.closure {
            animator["animation"] = try phaseAnimation(closure, phases: phases, scope)
        }
        node.outer["phaseAnimator"] = animator.json
    }

    /// `{ phase in .easeInOut(duration: 0.5) }`, `{ expanded in expanded ? .easeOut(duration: 1.2) : .linear(duration: 0) }`.
    private func phaseAnimation(_ closure: ClosureExprSyntax, phases: [JSON], _ scope: Scope) throws(SwiftSourceError) -> JSON {
        guard case .simpleInput(let names)? = closure.signature?.parameterClause, names.count == 1, let name = names.first?.name.text,
              closure.statements.count == 1, let item = closure.statements.first else {
            throw diagnostics.unsupported(closure, "this animation closure", "{ phase in animation } with one expression is")
        }
        var body: ExprSyntax?
        if case .expr(let e) = item.item { body = e }
        if case .stmt(let s) = item.item, let ret = s.as(ReturnStmtSyntax.self) { body = ret.expression }
        guard let body else { throw diagnostics.unsupported(item, "this animation closure", "one expression is") }
        let inner = scope.adding(name, .local)
        // phase ? a : b over boolean phases: one animation per phase.
        if let sequence = body.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           let ternary = Array(sequence.elements)[1].as(UnresolvedTernaryExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements[0].trimmedDescription == name, phases.allSatisfy({ if case .bool = $0 { return true } else { return false } }) else {
                throw diagnostics.unsupported(body, "this choice of animation", "\(name) ? a : b over boolean phases, or one animation, is")
            }
            let whenTrue = try swiftCode(ternary.thenExpression, inner)
            let whenFalse = try swiftCode(elements[2], inner)
            return .array(phases.map { $0 == .bool(true) ? .string(whenTrue) : .string(whenFalse) })
        }
        return .string(try swiftCode(body, inner))
    }
}

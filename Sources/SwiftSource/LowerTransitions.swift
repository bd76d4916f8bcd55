import SwiftSyntax

extension Lowerer {
    /// `.transition(t)`: SwiftUI's own transitions as their code (`".scale(scale: 1.1)"`); a transition of an
    /// `extension AnyTransition { static let waveMask = ... }` read from its definition; one that holds
    /// `.modifier(active: M(pct: 0), identity: M(pct: 1))`, with `M` a `ViewModifier` struct of the file, as
    /// the format's object form (`{"insertion": ..., "removal": ...}`, `{"modifier": {...}, "active": ...}`).
    func transitionValue(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        if let named = namedTransition(expr) { return try transitionValue(named, scope) }
        guard holdsModifierTransition(expr) else { return .string(try transitionCode(expr, scope)) }
        let supported = ".asymmetric(insertion:removal:) and .modifier(active: M(...), identity: M(...)) of a ViewModifier struct M are"
        guard let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              member.base == nil || member.base?.trimmedDescription == "AnyTransition" else {
            throw diagnostics.unsupported(expr, "the transition '\(expr.shortText)'", supported)
        }
        func labelled(_ label: String) throws(SwiftSourceError) -> ExprSyntax {
            guard let argument = call.arguments.first(where: { $0.label?.text == label })?.expression else {
                throw diagnostics.error(call, ".\(member.declName.baseName.text) needs \(label):")
            }
            return argument
        }
        switch member.declName.baseName.text {
        case "asymmetric":
            return .object([("insertion", try transitionValue(try labelled("insertion"), scope)),
                             ("removal", try transitionValue(try labelled("removal"), scope))])
        case "modifier":
            let (activeStruct, active) = try modifierUse(try labelled("active"), scope)
            let (identityStruct, identity) = try modifierUse(try labelled("identity"), scope)
            guard activeStruct.name == identityStruct.name else {
                throw diagnostics.unsupported(call, "active: and identity: of different modifiers", "the same ViewModifier struct for both is")
            }
            return .object([("modifier", try modifierKeys(activeStruct, at: call)), ("active", active), ("identity", identity)])
        default:
            throw diagnostics.unsupported(member.declName, "the transition '.\(member.declName.baseName.text)' around a .modifier transition", supported)
        }
    }

    /// A transition as the format's code: `.scale(scale: 0, anchor: .bottom)`, `.move(edge: .top)`,
    /// `.opacity.combined(with: .scale)`, `.asymmetric(insertion: .scale, removal: .offset(x: -600, y: 0))`,
    /// `.offset(x: 40).animation(.easeIn)`; `AnyTransition.` prefixes dropped and the file's named
    /// transitions replaced by their definitions.
    func transitionCode(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> String {
        if let named = namedTransition(expr) { return try transitionCode(named, scope) }
        let supported = "SwiftUI's transitions (.opacity, .scale(scale:anchor:), .move(edge:), .offset(x:y:), .slide, .identity), "
            + ".combined(with:), .asymmetric(insertion:removal:) and the file's AnyTransition properties are"
        if let member = expr.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if let base = member.base, base.trimmedDescription != "AnyTransition" {
                throw diagnostics.unsupported(expr, "the transition '\(expr.shortText)'", supported)
            }
            return "." + name
        }
        guard let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) else {
            throw diagnostics.unsupported(expr, "the transition '\(expr.shortText)'", supported)
        }
        let name = member.declName.baseName.text
        var prefix = ""
        if let base = member.base, base.trimmedDescription != "AnyTransition" {
            // t.combined(with: u), t.animation(a): methods on a transition.
            guard name == "combined" || name == "animation" else {
                throw diagnostics.unsupported(member.declName, "the transition method '.\(name)'", ".combined(with:) and .animation(_:) are")
            }
            prefix = try transitionCode(base, scope)
        }
        var args: [String] = []
        for argument in call.arguments {
            let label = argument.label?.text
            let text: String
            switch label {
            case "with", "insertion", "removal":
                text = try transitionCode(argument.expression, scope)
            case nil where name == "animation":
                text = try swiftCode(argument.expression, scope)
            case "edge", "anchor":
                guard let constant = argument.expression.as(MemberAccessExprSyntax.self), constant.base == nil else {
                    throw diagnostics.unsupported(argument.expression, "the \(label!) '\(argument.expression.shortText)'", "a constant such as .bottom is")
                }
                text = "." + constant.declName.baseName.text
            default:
                text = try expression(argument.expression, scope)
            }
            args.append((label.map { $0 + ": " } ?? "") + text)
        }
        return prefix + "." + name + "(" + args.joined(separator: ", ") + ")"
    }

    /// `.waveMask`, `AnyTransition.waveMask`: the definition of a transition of the file.
    private func namedTransition(_ expr: ExprSyntax) -> ExprSyntax? {
        guard let member = expr.as(MemberAccessExprSyntax.self),
              member.base == nil || member.base?.trimmedDescription == "AnyTransition" else { return nil }
        return model.transitions[member.declName.baseName.text]
    }

    /// Whether a `.modifier(active:identity:)` is in the transition (or in a named transition it uses).
    private func holdsModifierTransition(_ expr: ExprSyntax) -> Bool {
        if let named = namedTransition(expr) { return holdsModifierTransition(named) }
        guard let call = expr.as(FunctionCallExprSyntax.self) else { return false }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "modifier" { return true }
        return call.arguments.contains { holdsModifierTransition($0.expression) }
    }

    /// `WaveMaskModifier(pct: 0)`: the struct and its arguments by label, `{"pct": 0}`.
    private func modifierUse(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> (ViewStruct, JSON) {
        guard let call = expr.as(FunctionCallExprSyntax.self), let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let custom = model.structs[name], custom.kind == .modifier else {
            throw diagnostics.unsupported(expr, "'\(expr.shortText)' as a transition's modifier", "a ViewModifier struct of this file, M(pct: 0), is")
        }
        var args = JSONObject()
        for argument in call.arguments {
            guard let label = argument.label?.text, custom.parameters.contains(where: { $0.name == label }) else {
                throw diagnostics.error(argument, "\(name) has no parameter '\(argument.label?.text ?? "_")'")
            }
            args[label] = try value(argument.expression, scope)
        }
        return (custom, args.json)
    }

    /// A ViewModifier's `body(content:)` as the format's modifier keys: `content.mask(...)` is `{"mask": ...}`.
    /// The keys read the struct's parameters by name, as the format's `.modifier` transition gives them.
    private func modifierKeys(_ custom: ViewStruct, at use: some SyntaxProtocol) throws(SwiftSourceError) -> JSON {
        guard let (body, content) = custom.modifierBody else { throw diagnostics.error(custom.node, "\(custom.name) has no body(content:)") }
        var scope = scope(of: custom)
        scope.content = content
        let view = try singleView(body.statements, scope, at: body)
        guard case .object(var pairs) = view, pairs.first?.0 == "zstack", pairs.first?.1 == .array([]) else {
            throw diagnostics.unsupported(body, "this body(content:)", "\(content) with modifiers (\(content).mask { ... }) is")
        }
        pairs.removeFirst()
        pairs.removeAll { $0.0 == SwiftSourceMap.key }
        let allowed: Set<String> = ["mask", "clipShape", "clipped", "let", "frame", "padding", "background", "scale", "rotation",
                                    "anchor", "offset", "opacity", "foregroundColor", "font"]
        for (key, _) in pairs where !allowed.contains(key) {
            throw diagnostics.unsupported(body, "the modifier key '\(key)' in a transition's modifier",
                                          "mask, clipShape, clipped, frame, padding, background, scaleEffect, rotationEffect, offset, opacity, foregroundColor and font, in the format's fixed order, are")
        }
        return .object(pairs)
    }
}

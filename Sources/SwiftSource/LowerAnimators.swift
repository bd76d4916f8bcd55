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
        try applyContentModifiers(content, contentName, to: &node, scope.adding(phaseName, .local))

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

extension Lowerer {
    /// `.keyframeAnimator(initialValue: Hop(), repeating: true) { content, hop in content.offset(y: hop.y) } keyframes: { _ in
    /// KeyframeTrack(\.y) { LinearKeyframe(-100, duration: 0.45, timingCurve: .easeOut) ... } }`.
    func keyframeAnimator(_ a: Arguments, _ node: inout ViewNode, _ scope: Scope) throws(SwiftSourceError) {
        let call = a.call
        try a.allow(["initialValue", "repeating", "trigger"])
        guard let initial = a["initialValue"] else {
            throw diagnostics.error(a.at, "keyframeAnimator needs initialValue:")
        }
        let initialValue = try keyframeValue(initial)
        guard let content = call.trailingClosure,
              case .simpleInput(let names)? = content.signature?.parameterClause, names.count == 2,
              let contentName = names.first?.name.text, let valueName = names.last?.name.text else {
            throw diagnostics.unsupported(a.at, "this keyframeAnimator", "a content closure { content, value in content.modifier(...) } is")
        }
        try applyContentModifiers(content, contentName, to: &node, scope.adding(valueName, .local))

        var animator = JSONObject([("initialValue", initialValue)])
        if valueName != "value" { animator["as"] = .string(valueName) }
        if let repeating = a["repeating"] { animator["repeating"] = try value(repeating, scope) }
        if let trigger = a["trigger"] { animator["trigger"] = .string(try expression(trigger, scope)) }
        guard let keyframes = call.additionalTrailingClosures.first(where: { $0.label.text == "keyframes" })?.closure else {
            throw diagnostics.error(a.at, "keyframeAnimator needs its keyframes: closure")
        }
        var tracks = JSONObject()
        var single: [JSON]?
        for item in keyframes.statements {
            guard case .expr(let expr) = item.item, let track = expr.as(FunctionCallExprSyntax.self),
                  track.calledExpression.trimmedDescription == "KeyframeTrack", let body = track.trailingClosure else {
                throw diagnostics.unsupported(item, "'\(item.shortText)' in keyframes", "KeyframeTrack(\\.field) { keyframes } is")
            }
            let frames = try keyframeList(body.statements, scope)
            if let path = track.arguments.first?.expression.as(KeyPathExprSyntax.self) {
                let field = path.components.map { $0.component.trimmedDescription }.joined()
                tracks[field.hasPrefix(".") ? String(field.dropFirst()) : field] = .array(frames)
            } else if track.arguments.isEmpty {
                single = frames
            } else {
                throw diagnostics.unsupported(track, "this KeyframeTrack", "KeyframeTrack(\\.field) and KeyframeTrack() for a number are")
            }
        }
        if let single { animator["keyframes"] = .array(single) } else { animator["tracks"] = tracks.json }
        node.outer["keyframeAnimator"] = animator.json
    }

    /// The content closure of an animator: `content.a().b()`, applied to the view.
    func applyContentModifiers(_ content: ClosureExprSyntax, _ contentName: String, to node: inout ViewNode,
                               _ scope: Scope) throws(SwiftSourceError) {
        guard content.statements.count == 1, let item = content.statements.first, case .expr(var expr) = item.item else {
            throw diagnostics.unsupported(content, "this animator content", "one chain of modifiers on \(contentName) is")
        }
        var chain: [(String, FunctionCallExprSyntax)] = []
        while let link = expr.as(FunctionCallExprSyntax.self), let member = link.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base {
            chain.insert((member.declName.baseName.text, link), at: 0)
            expr = base
        }
        guard expr.as(DeclReferenceExprSyntax.self)?.baseName.text == contentName else {
            throw diagnostics.unsupported(expr, "'\(expr.shortText)' in an animator's content", "modifiers on \(contentName) are")
        }
        for (name, link) in chain { try applyModifier(name, link, to: &node, scope) }
    }

    /// `Hop()`, `Hop(y: 10)` (a plain struct of the file) or a number: the animator's initial value.
    private func keyframeValue(_ expr: ExprSyntax) throws(SwiftSourceError) -> JSON {
        if let number = numberLiteral(expr) { return .number(number) }
        guard let call = expr.as(FunctionCallExprSyntax.self),
              let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let fields = model.valueStructs[name] else {
            throw diagnostics.unsupported(expr, "the initial value '\(expr.shortText)'", "a number or a plain struct of this file (Values()) is")
        }
        var record = JSONObject()
        for field in fields { record[field.name] = try literal(field.initial) }
        for argument in call.arguments {
            guard let label = argument.label?.text, record[label] != nil else {
                throw diagnostics.error(argument, "\(name) has no field '\(argument.label?.text ?? "_")'")
            }
            record[label] = try literal(argument.expression)
        }
        return record.json
    }

    private func keyframeList(_ items: CodeBlockItemListSyntax, _ scope: Scope) throws(SwiftSourceError) -> [JSON] {
        var frames: [JSON] = []
        for item in items {
            guard case .expr(let expr) = item.item, let call = expr.as(FunctionCallExprSyntax.self),
                  let kind = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                  let target = call.arguments.first, target.label == nil else {
                throw diagnostics.unsupported(item, "'\(item.shortText)' in a KeyframeTrack",
                                              "LinearKeyframe, CubicKeyframe, SpringKeyframe and MoveKeyframe are")
            }
            let key: String
            switch kind {
            case "LinearKeyframe": key = "linear"
            case "CubicKeyframe": key = "cubic"
            case "SpringKeyframe": key = "spring"
            case "MoveKeyframe": key = "move"
            default:
                throw diagnostics.unsupported(call, kind, "LinearKeyframe, CubicKeyframe, SpringKeyframe and MoveKeyframe are")
            }
            var frame = JSONObject([(key, try value(target.expression, scope))])
            for argument in call.arguments.dropFirst() {
                let label = argument.label?.text ?? "_"
                switch (key, label) {
                case (_, "duration") where key != "move", ("cubic", "startVelocity"), ("cubic", "endVelocity"), ("spring", "startVelocity"):
                    frame[label] = try value(argument.expression, scope)
                case ("linear", "timingCurve"):
                    guard let member = argument.expression.as(MemberAccessExprSyntax.self), member.base == nil else {
                        throw diagnostics.unsupported(argument, "this timing curve", ".linear, .easeIn, .easeOut and .easeInOut are")
                    }
                    frame[label] = .string(member.declName.baseName.text)
                case ("spring", "spring"):
                    let (duration, bounce) = try springValue(argument.expression, scope)
                    frame["springDuration"] = duration
                    frame["bounce"] = bounce
                default:
                    throw diagnostics.unsupported(argument, "\(kind)'s '\(label)' argument", "the arguments listed in docs/swift-source.md are")
                }
            }
            frames.append(frame.json)
        }
        return frames
    }

    /// `Spring(duration: 0.3, bounce: 0.5)`, `.bouncy`, `.smooth`, `.snappy`: duration and bounce.
    private func springValue(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> (JSON, JSON) {
        if let member = expr.as(MemberAccessExprSyntax.self), member.base == nil || member.base?.trimmedDescription == "Spring" {
            switch member.declName.baseName.text {
            case "smooth": return (.number(0.5), .number(0))
            case "snappy": return (.number(0.5), .number(0.15))
            case "bouncy": return (.number(0.5), .number(0.3))
            default: break
            }
        }
        if let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "Spring" {
            var duration: JSON = .number(0.5)
            var bounce: JSON = .number(0)
            for argument in call.arguments {
                switch argument.label?.text {
                case "duration": duration = try value(argument.expression, scope)
                case "bounce": bounce = try value(argument.expression, scope)
                default: throw diagnostics.unsupported(argument, "Spring's '\(argument.label?.text ?? "_")'", "Spring(duration:bounce:) is")
                }
            }
            return (duration, bounce)
        }
        throw diagnostics.unsupported(expr, "the spring '\(expr.shortText)'", "Spring(duration:bounce:), .smooth, .snappy and .bouncy are")
    }
}

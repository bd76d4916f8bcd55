import SwiftSyntax

extension Lowerer {
    /// A `Shape` struct's `path(in:)` as a `path` view: its Path calls as path commands, its `let`s as the
    /// view's `let`, `rect.width` as `w`.
    func shapeBody(_ shape: ViewStruct, _ baseScope: Scope) throws(SwiftSourceError) -> JSON {
        guard let (body, rect) = shape.pathFunction else { throw diagnostics.error(shape.node, "\(shape.name) has no path(in:)") }
        var scope = baseScope
        scope.rect = rect
        var pathName: String?
        var statements = Array(body.statements)
        // `Path { path in ... }` as the whole body
        if statements.count == 1, let closure = pathClosure(statements[0]) {
            guard case .simpleInput(let names)? = closure.signature?.parameterClause, let name = names.first?.name.text else {
                throw diagnostics.unsupported(closure, "this Path closure", "Path { path in ... } is")
            }
            pathName = name
            statements = Array(closure.statements)
        }
        return try pathView(statements, pathName: pathName, scope, at: body)
    }

    /// `Path { path in path.addArc(...) }` written as a view: its commands in the view's coordinates.
    func inlinePath(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        guard call.arguments.isEmpty, let closure = call.trailingClosure,
              case .simpleInput(let names)? = closure.signature?.parameterClause, names.count == 1, let name = names.first?.name.text else {
            throw diagnostics.unsupported(call, "this Path", "Path { path in path.move(to:) ... } is")
        }
        return ViewNode(try pathView(Array(closure.statements), pathName: name, scope, at: closure).objectPairs ?? [])
    }

    /// Path statements as `{"path": [commands], "let": {...}}`.
    private func pathView(_ statements: [CodeBlockItemSyntax], pathName initialName: String?, _ baseScope: Scope,
                          at body: some SyntaxProtocol) throws(SwiftSourceError) -> JSON {
        var scope = baseScope
        var pathName = initialName
        var lets = JSONObject()
        var commands: [JSON] = []
        for item in statements {
            switch item.item {
            case .decl(let decl):
                guard let variable = decl.as(VariableDeclSyntax.self), variable.bindings.count == 1, let binding = variable.bindings.first,
                      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let initial = binding.initializer?.value else {
                    throw diagnostics.unsupported(decl, "this declaration in path(in:)", "let name = value and var path = Path() are")
                }
                if initial.trimmedDescription == "Path()" { pathName = name; continue }
                guard variable.bindingSpecifier.text == "let" else {
                    throw diagnostics.unsupported(variable, "a var in path(in:)", "let constants are")
                }
                let lowered = try value(initial, scope)
                if (name == "w" || name == "h") && lowered == .string(name) {
                    scope = scope.adding(name, .local)  // let w = rect.size.width: the format's own w
                    continue
                }
                if ["w", "h", "time", "pi", "t"].contains(name) {
                    throw diagnostics.unsupported(binding.pattern, "the constant name '\(name)' here", "a name other than the format's w, h, t, time and pi is")
                }
                lets[name] = lowered
                scope = scope.adding(name, .local)
            case .stmt(let stmt):
                if let ret = stmt.as(ReturnStmtSyntax.self) {
                    guard let returned = ret.expression, returned.trimmedDescription == pathName else {
                        throw diagnostics.unsupported(ret, "this return", "return \(pathName ?? "path") is")
                    }
                    continue
                }
                if let loop = stmt.as(ForStmtSyntax.self) {
                    commands.append(try plot(loop, pathName, scope))
                    continue
                }
                if let expression = stmt.as(ExpressionStmtSyntax.self) {
                    commands += try pathCall(expression.expression, pathName, scope)
                    continue
                }
                throw diagnostics.unsupported(stmt, "this statement in path(in:)", "Path calls, let constants and for x in stride(from:through:by:) are")
            case .expr(let expr):
                if statements.count == 1, pathName == nil {
                    throw diagnostics.unsupported(expr, "this path", "var path = Path() with path.move(to:) ... and Path { path in ... } are")
                }
                commands += try pathCall(expr, pathName, scope)
            }
        }
        guard !commands.isEmpty else { throw diagnostics.error(body, "path(in:) draws nothing") }
        var pairs: [(String, JSON)] = [("path", .array(commands))]
        if !lets.isEmpty { pairs.append(("let", lets.json)) }
        return .object(pairs)
    }

    private func pathClosure(_ item: CodeBlockItemSyntax) -> ClosureExprSyntax? {
        var expr: ExprSyntax?
        if case .expr(let e) = item.item { expr = e }
        if case .stmt(let s) = item.item, let ret = s.as(ReturnStmtSyntax.self) { expr = ret.expression }
        guard let call = expr?.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "Path",
              call.arguments.isEmpty else { return nil }
        return call.trailingClosure
    }

    /// `path.move(to:)`, `addLine(to:)`, `addQuadCurve(to:control:)`, `addCurve(to:control1:control2:)`,
    /// `addArc(center:radius:startAngle:endAngle:clockwise:)`, `closeSubpath()`, `addRect(rect)`.
    func pathCall(_ expr: ExprSyntax, _ pathName: String?, _ scope: Scope) throws(SwiftSourceError) -> [JSON] {
        guard let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base, base.trimmedDescription == pathName else {
            throw diagnostics.unsupported(expr, "'\(expr.shortText)' in path(in:)", "calls on the path (\(pathName ?? "path").move(to:), ...) are")
        }
        func point(_ label: String) throws(SwiftSourceError) -> [JSON] {
            guard let argument = call.arguments.first(where: { $0.label?.text == label })?.expression else {
                throw diagnostics.error(call, "\(member.declName.baseName.text) needs \(label):")
            }
            guard let pointCall = argument.as(FunctionCallExprSyntax.self), pointCall.calledExpression.trimmedDescription == "CGPoint",
                  let x = pointCall.arguments.first(where: { $0.label?.text == "x" })?.expression,
                  let y = pointCall.arguments.first(where: { $0.label?.text == "y" })?.expression else {
                throw diagnostics.unsupported(argument, "the point '\(argument.shortText)'", "CGPoint(x:y:) is")
            }
            return [try value(x, scope), try value(y, scope)]
        }
        func labelled(_ label: String) throws(SwiftSourceError) -> ExprSyntax {
            guard let argument = call.arguments.first(where: { $0.label?.text == label })?.expression else {
                throw diagnostics.error(call, "\(member.declName.baseName.text) needs \(label):")
            }
            return argument
        }
        let name = member.declName.baseName.text
        switch name {
        case "move": return [.array([.string("move")] + (try point("to")))]
        case "addLine": return [.array([.string("line")] + (try point("to")))]
        case "addQuadCurve": return [.array([.string("quad")] + (try point("control")) + (try point("to")))]
        case "addCurve": return [.array([.string("cubic")] + (try point("control1")) + (try point("control2")) + (try point("to")))]
        case "closeSubpath": return [.array([.string("close")])]
        case "addArc":
            let clockwise = try labelled("clockwise")
            return [.array([.string("arc")] + (try point("center")) + [try value(try labelled("radius"), scope),
                    try angleValue(try labelled("startAngle"), scope), try angleValue(try labelled("endAngle"), scope),
                    try value(clockwise, scope)])]
        case "addRect":
            guard call.arguments.first?.expression.trimmedDescription == scope.rect else {
                throw diagnostics.unsupported(call, "addRect of another rectangle", "addRect(\(scope.rect ?? "rect")) is")
            }
            return [.array([.string("move"), .number(0), .number(0)]), .array([.string("line"), .string("w"), .number(0)]),
                    .array([.string("line"), .string("w"), .string("h")]), .array([.string("line"), .number(0), .string("h")]),
                    .array([.string("close")])]
        default:
            throw diagnostics.unsupported(member.declName, "Path.\(name)",
                                          "move(to:), addLine(to:), addQuadCurve(to:control:), addCurve(to:control1:control2:), addArc(center:radius:startAngle:endAngle:clockwise:), addRect(rect) and closeSubpath() are")
        }
    }

    /// `for x in stride(from: a, through: b, by: s) { path.addLine(to: CGPoint(x: x, y: f(x))) }`: a plot;
    /// `let` constants before the addLine are written where they are read.
    private func plot(_ loop: ForStmtSyntax, _ pathName: String?, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        let supported = "for x in stride(from: a, through: b, by: step) { path.addLine(to: CGPoint(x: x, y: ...)) } is (a plot)"
        guard let variable = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, variable == "x",
              let stride = loop.sequence.as(FunctionCallExprSyntax.self), stride.calledExpression.trimmedDescription == "stride",
              let from = stride.arguments.first(where: { $0.label?.text == "from" })?.expression,
              let through = stride.arguments.first(where: { $0.label?.text == "through" })?.expression,
              let step = stride.arguments.first(where: { $0.label?.text == "by" })?.expression,
              let only = loop.body.statements.last, case .expr(let expr) = only.item,
              let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "\(pathName ?? "path").addLine",
              let point = call.arguments.first?.expression.as(FunctionCallExprSyntax.self),
              point.arguments.first(where: { $0.label?.text == "x" })?.expression.trimmedDescription == "x",
              let y = point.arguments.first(where: { $0.label?.text == "y" })?.expression else {
            throw diagnostics.unsupported(loop, "this loop in path(in:)", supported)
        }
        // let relativeX: CGFloat = x / 50 before the addLine: written where it is read.
        var inner = scope.adding("x", .local)
        for item in loop.body.statements.dropLast() {
            guard case .decl(let decl) = item.item, let variable = decl.as(VariableDeclSyntax.self),
                  variable.bindingSpecifier.text == "let", variable.bindings.count == 1, let binding = variable.bindings.first,
                  let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let initial = binding.initializer?.value else {
                throw diagnostics.unsupported(item, "this statement in a plot loop",
                                              "let constants before the one path.addLine(to: CGPoint(x: x, y: ...)) are")
            }
            inner.inlined[name] = try expression(initial, inner)
        }
        return .array([.string("plot"), try value(from, scope), try value(through, scope), try value(step, scope),
                       .string(try expression(y, inner))])
    }

    /// `.fill(c)` / `.stroke(c, lineWidth: n)` on an instance of a Shape struct: the fill is the
    /// foreground colour the path fills with; a stroke uses the shape's stroked twin component.
    func shapeUseStyle(_ name: String, _ a: Arguments, _ node: inout ViewNode, _ scope: Scope) throws(SwiftSourceError) {
        guard case .string(let component)? = node.object["use"], let shape = model.structs[component], shape.kind == .shape else {
            throw diagnostics.unsupported(a.at, ".\(name) on an instance of a View struct", ".\(name) applies to shapes")
        }
        guard !node.hasModifiers else {
            throw diagnostics.unsupported(a.at, ".\(name) after other modifiers", "fill and stroke come right after the shape")
        }
        if name == "fill" {
            try a.allow(["_"])
            if let paint = a.positional.first { node.environment("foregroundColor", .string(try expression(paint, scope))) }
            node.hasEnvironment = false
            return
        }
        try a.allow(["_", "lineWidth"])
        let twin = component + "Stroke"
        if !components.contains(where: { $0.0 == twin }) {
            guard let index = components.firstIndex(where: { $0.0 == component }), case .object(var pairs) = components[index].1 else { return }
            var params = JSONObject(pairs.first { $0.0 == "params" }?.1.objectPairs ?? [])
            params["lineWidth"] = .number(1)
            if let i = pairs.firstIndex(where: { $0.0 == "params" }) { pairs[i].1 = params.json } else { pairs.insert(("params", params.json), at: 0) }
            if let i = pairs.firstIndex(where: { $0.0 == "body" }), case .object(var body) = pairs[i].1 {
                body.insert(("stroke", .object([("color", .string("foreground")), ("lineWidth", .string("lineWidth"))])), at: 1)
                pairs[i].1 = .object(body)
            }
            components.append((twin, .object(pairs)))
        }
        node.object["use"] = .string(twin)
        if let width = a["lineWidth"] {
            var args = JSONObject(node.object["args"]?.objectPairs ?? [])
            args["lineWidth"] = try value(width, scope)
            node.object["args"] = args.json
        }
        if let paint = a.positional.first { node.environment("foregroundColor", .string(try expression(paint, scope))) }
        node.hasEnvironment = false
    }
}

import SwiftSyntax

/// `TimelineView(schedule) { timeline in ... }` and `Canvas { context, size in ... }`: the format's
/// `timelineView` and `canvas` views (docs/scene-format.md, timelineView and canvas view).
extension Lowerer {
    /// `TimelineView(.animation) { timeline in content }`: the content reads `timeline.date` in seconds
    /// since the scene's start; `timeline.date.timeIntervalSince(start)`, with `start` a `Date()`
    /// property (the moment the view appeared), is that same number.
    func timelineView(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        guard call.arguments.count == 1, let schedule = call.arguments.first, schedule.label == nil,
              let content = call.trailingClosure,
              case .simpleInput(let names)? = content.signature?.parameterClause, names.count == 1,
              let name = names.first?.name.text else {
            throw diagnostics.unsupported(call, "this TimelineView", "TimelineView(schedule) { timeline in ... } is")
        }
        var inner = scope
        inner.timeline = name
        var pairs: [(String, JSON)] = [("timelineView", .string(try scheduleCode(schedule.expression, scope)))]
        if name != "timeline" { pairs.append(("as", .string(name))) }
        pairs.append(("content", try singleView(content.statements, inner, at: content)))
        return ViewNode(pairs)
    }

    /// `.animation`, `.animation(minimumInterval: 0.5)`, `.periodic(from: start, by: 1)` (a `Date()`
    /// property as `from` is the scene's start, 0), `.everyMinute`, `.explicit(dates)`.
    private func scheduleCode(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> String {
        if let member = expr.as(MemberAccessExprSyntax.self), member.base == nil,
           ["animation", "everyMinute"].contains(member.declName.baseName.text) {
            return "." + member.declName.baseName.text
        }
        if let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           member.base == nil, ["animation", "periodic", "explicit"].contains(member.declName.baseName.text) {
            var args: [String] = []
            for argument in call.arguments {
                let value: String
                if let ref = argument.expression.as(DeclReferenceExprSyntax.self), scope.dates.contains(ref.baseName.text) {
                    value = "0"
                } else {
                    value = try expression(argument.expression, scope)
                }
                args.append((argument.label.map { $0.text + ": " } ?? "") + value)
            }
            return "." + member.declName.baseName.text + "(" + args.joined(separator: ", ") + ")"
        }
        throw diagnostics.unsupported(expr, "the schedule '\(expr.shortText)'",
                                      ".animation, .animation(minimumInterval:paused:), .periodic(from:by:), .everyMinute and .explicit(_:) are")
    }

    /// `Canvas { context, size in ... }`: its statements as drawing commands.
    func canvas(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        guard call.arguments.isEmpty, let content = call.trailingClosure,
              case .simpleInput(let names)? = content.signature?.parameterClause, names.count == 2,
              let context = names.first?.name.text, let size = names.last?.name.text else {
            throw diagnostics.unsupported(call, "this Canvas", "Canvas { context, size in ... } is")
        }
        var inner = scope
        inner.canvasSize = size
        return ViewNode([("canvas", .array(try canvasCommands(Array(content.statements), context: context, inner)))])
    }

    private func canvasCommands(_ items: [CodeBlockItemSyntax], context: String, _ baseScope: Scope) throws(SwiftSourceError) -> [JSON] {
        var scope = baseScope
        var commands: [JSON] = []
        for item in items {
            switch item.item {
            case .decl(let decl):
                // let r = min(size.width, size.height) / 2
                guard let variable = decl.as(VariableDeclSyntax.self), variable.bindingSpecifier.text == "let", variable.bindings.count == 1,
                      let binding = variable.bindings.first, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let initial = binding.initializer?.value else {
                    throw diagnostics.unsupported(decl, "this declaration in a Canvas", "let name = value is")
                }
                if ["w", "h", "t", "time", "pi"].contains(name) {
                    throw diagnostics.unsupported(binding.pattern, "the constant name '\(name)' here", "a name other than the format's w, h, t, time and pi is")
                }
                commands.append(.object([("let", .object([(name, try value(initial, scope))]))]))
                scope = scope.adding(name, .local)
            case .stmt(let stmt):
                if let loop = stmt.as(ForStmtSyntax.self) {
                    commands.append(try canvasLoop(loop, context: context, scope))
                } else if let expression = stmt.as(ExpressionStmtSyntax.self) {
                    commands.append(try canvasCall(expression.expression, context: context, scope))
                } else {
                    throw diagnostics.unsupported(stmt, "this statement in a Canvas", "context calls, let constants and for i in 0..<n loops are")
                }
            case .expr(let expr):
                commands.append(try canvasCall(expr, context: context, scope))
            }
        }
        return commands
    }

    /// `for i in 0..<60 { ... }`: a repeat.
    private func canvasLoop(_ loop: ForStmtSyntax, context: String, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        guard let name = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let range = loop.sequence.as(SequenceExprSyntax.self), range.elements.count == 3,
              numberLiteral(Array(range.elements)[0]) == 0,
              let op = Array(range.elements)[1].as(BinaryOperatorExprSyntax.self)?.operator.text, op == "..<",
              loop.whereClause == nil else {
            throw diagnostics.unsupported(loop, "this loop in a Canvas", "for i in 0..<count { ... } is")
        }
        let count = try value(Array(range.elements)[2], scope)
        let draw = try canvasCommands(Array(loop.body.statements), context: context, scope.adding(name, .local))
        return .object([("repeat", count), ("as", .string(name)), ("draw", .array(draw))])
    }

    /// One `context.` call or `context.opacity = x`.
    private func canvasCall(_ expr: ExprSyntax, context: String, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        if let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count >= 3,
           Array(sequence.elements)[1].is(AssignmentExprSyntax.self),
           Array(sequence.elements)[0].trimmedDescription == context + ".opacity" {
            let rest = Array(sequence.elements.dropFirst(2))
            if rest.count == 1 { return .object([("opacity", try value(rest[0], scope))]) }
            return .object([("opacity", .string(try sequenceText(rest, scope)))])
        }
        guard let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              member.base?.trimmedDescription == context else {
            throw diagnostics.unsupported(expr, "'\(expr.shortText)' in a Canvas",
                                          "\(context).fill, stroke, draw(Text), clip(to:), translateBy, rotate(by:), scaleBy, drawLayer and \(context).opacity = x are")
        }
        let name = member.declName.baseName.text
        let args = Array(call.arguments)
        func labelled(_ label: String) -> ExprSyntax? { args.first { $0.label?.text == label }?.expression }
        func required(_ label: String) throws(SwiftSourceError) -> ExprSyntax {
            guard let found = labelled(label) else { throw diagnostics.error(call, "\(context).\(name) needs \(label):") }
            return found
        }
        func allow(_ labels: [String]) throws(SwiftSourceError) {
            for argument in args where !labels.contains(argument.label?.text ?? "_") {
                throw diagnostics.unsupported(argument, "\(context).\(name)'s '\(argument.label?.text ?? "_")'",
                                              labels.map { $0 == "_" ? "a value" : $0 + ":" }.joined(separator: ", ") + " are")
            }
            if call.trailingClosure != nil && name != "drawLayer" {
                throw diagnostics.unsupported(call.trailingClosure!, "a closure here", "no closure")
            }
        }
        switch name {
        case "fill":
            try allow(["_", "with"])
            guard let path = args.first, path.label == nil else { throw diagnostics.error(call, "\(context).fill needs a path") }
            return .object([("fill", try canvasPath(path.expression, scope)), ("with", try shading(try required("with"), scope))])
        case "stroke":
            try allow(["_", "with", "lineWidth", "style"])
            guard let path = args.first, path.label == nil else { throw diagnostics.error(call, "\(context).stroke needs a path") }
            var pairs: [(String, JSON)] = [("stroke", try canvasPath(path.expression, scope)), ("with", try shading(try required("with"), scope))]
            if let width = labelled("lineWidth") { pairs.append(("lineWidth", try value(width, scope))) }
            if let style = labelled("style") {
                guard let styleCall = style.as(FunctionCallExprSyntax.self), styleCall.calledExpression.trimmedDescription == "StrokeStyle" else {
                    throw diagnostics.unsupported(style, "this stroke style", "StrokeStyle(lineWidth:lineCap:lineJoin:dash:) is")
                }
                for argument in styleCall.arguments {
                    switch argument.label?.text {
                    case "lineWidth": pairs.append(("lineWidth", try value(argument.expression, scope)))
                    case "lineCap", "lineJoin":
                        guard let constant = argument.expression.as(MemberAccessExprSyntax.self), constant.base == nil else {
                            throw diagnostics.error(argument, "a constant such as .round is expected")
                        }
                        pairs.append((argument.label!.text, .string(constant.declName.baseName.text)))
                    case "dash":
                        pairs.append(("dash", try value(argument.expression, scope)))
                    default:
                        throw diagnostics.unsupported(argument, "StrokeStyle's '\(argument.label?.text ?? "_")'", "lineWidth, lineCap, lineJoin and dash are")
                    }
                }
            }
            return .object(pairs)
        case "draw":
            try allow(["_", "at", "anchor"])
            guard let text = args.first, text.label == nil else { throw diagnostics.error(call, "\(context).draw needs a Text") }
            var pairs = try canvasText(text.expression, scope)
            let point = try pointValue(try required("at"), scope)
            pairs.insert(("at", point), at: 1)
            if let anchor = labelled("anchor") { pairs.insert(("anchor", try anchorValue(anchor)), at: 2) }
            return .object(pairs)
        case "clip":
            try allow(["to"])
            return .object([("clip", try canvasPath(try required("to"), scope))])
        case "translateBy", "scaleBy":
            try allow(["x", "y"])
            return .object([(name, .array([try value(try required("x"), scope), try value(try required("y"), scope)]))])
        case "rotate":
            try allow(["by"])
            return .object([("rotate", try value(try required("by"), scope))])
        case "drawLayer":
            try allow([])
            guard let closure = call.trailingClosure, case .simpleInput(let names)? = closure.signature?.parameterClause,
                  names.count == 1, let layer = names.first?.name.text else {
                throw diagnostics.unsupported(call, "this drawLayer", "\(context).drawLayer { layer in ... } is")
            }
            return .object([("layer", .array(try canvasCommands(Array(closure.statements), context: layer, scope)))])
        default:
            throw diagnostics.unsupported(member.declName, "\(context).\(name)",
                                          "fill, stroke, draw(Text), clip(to:), translateBy, rotate(by:), scaleBy, drawLayer and opacity are")
        }
    }

    /// `.color(c)`: the colour.
    private func shading(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        guard let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == ".color",
              call.arguments.count == 1, let colour = call.arguments.first?.expression else {
            throw diagnostics.unsupported(expr, "the shading '\(expr.shortText)'", ".color(c) is")
        }
        return .string(try expression(colour, scope))
    }

    /// `Text("\(n)").font(...).foregroundColor(...)` drawn in a canvas: the text command's pairs.
    private func canvasText(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> [(String, JSON)] {
        var current = expr
        var modifiers: [(String, JSON)] = []
        while let call = current.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base {
            let name = member.declName.baseName.text
            guard let argument = call.arguments.first?.expression, call.arguments.count == 1 else {
                throw diagnostics.unsupported(call, "this Text modifier", ".font(_:) and .foregroundColor(_:) are")
            }
            switch name {
            case "font": modifiers.insert(("font", try fontValue(argument, scope)), at: 0)
            case "foregroundColor", "foregroundStyle": modifiers.insert(("foregroundColor", .string(try expression(argument, scope))), at: 0)
            default: throw diagnostics.unsupported(member.declName, "the Text modifier .\(name) in a Canvas", ".font(_:) and .foregroundColor(_:) are")
            }
            current = base
        }
        guard let text = current.as(FunctionCallExprSyntax.self), text.calledExpression.trimmedDescription == "Text",
              text.arguments.count == 1, let only = text.arguments.first, only.label == nil else {
            throw diagnostics.unsupported(current, "'\(current.shortText)' drawn in a Canvas", "Text(...) with .font and .foregroundColor is")
        }
        let template: String
        if let string = only.expression.as(StringLiteralExprSyntax.self) {
            template = try self.template(string, scope)
        } else {
            template = "${" + (try expression(only.expression, scope)) + "}"
        }
        var seen: Set<String> = []
        let unique = modifiers.reversed().filter { seen.insert($0.0).inserted }.reversed()  // the innermost wins
        return [("text", .string(template))] + unique
    }

    /// `CGPoint(x:y:)`: `[x, y]`.
    private func pointValue(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        guard let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "CGPoint",
              let x = call.arguments.first(where: { $0.label?.text == "x" })?.expression,
              let y = call.arguments.first(where: { $0.label?.text == "y" })?.expression else {
            throw diagnostics.unsupported(expr, "the point '\(expr.shortText)'", "CGPoint(x:y:) is")
        }
        return .array([try value(x, scope), try value(y, scope)])
    }

    /// `CGRect(x:y:width:height:)`, `CGRect(origin: .zero, size: size)`: `[x, y, width, height]`.
    private func rectValue(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        if let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "CGRect" {
            let labels = call.arguments.map { $0.label?.text ?? "_" }
            if labels == ["x", "y", "width", "height"] {
                var items: [JSON] = []
                for argument in call.arguments { items.append(try value(argument.expression, scope)) }
                return .array(items)
            }
            if labels == ["origin", "size"], call.arguments.first?.expression.trimmedDescription == ".zero",
               let size = scope.canvasSize, call.arguments.last?.expression.trimmedDescription == size {
                return .array([.number(0), .number(0), .string("w"), .string("h")])
            }
        }
        throw diagnostics.unsupported(expr, "the rectangle '\(expr.shortText)'", "CGRect(x:y:width:height:) and CGRect(origin: .zero, size: size) are")
    }

    /// `Path(ellipseIn: rect)`, `Path(rect)`, `Path(roundedRect: rect, cornerRadius: r)`,
    /// `Circle().path(in: rect)` (Ellipse, Rectangle, Capsule, RoundedRectangle too), `Path { p in ... }`.
    private func canvasPath(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        if let call = expr.as(FunctionCallExprSyntax.self) {
            let labels = call.arguments.map { $0.label?.text ?? "_" }
            if call.calledExpression.trimmedDescription == "Path" {
                if let closure = call.trailingClosure, call.arguments.isEmpty,
                   case .simpleInput(let names)? = closure.signature?.parameterClause, names.count == 1, let name = names.first?.name.text {
                    var commands: [JSON] = []
                    for item in closure.statements {
                        guard case .expr(let inner) = item.item else {
                            throw diagnostics.unsupported(item, "this statement in a Path closure", "\(name).move(to:), addLine(to:), ... are")
                        }
                        commands += try pathCall(inner, name, scope)
                    }
                    return .array(commands)
                }
                let rect = call.arguments.first.map { $0.expression }
                switch labels {
                case ["ellipseIn"]: return .object([("ellipse", try rectValue(rect!, scope))])
                case ["_"]: return .object([("rect", try rectValue(rect!, scope))])
                case ["roundedRect", "cornerRadius"]:
                    return .object([("roundedRect", try rectValue(rect!, scope)),
                                    ("cornerRadius", try value(call.arguments.last!.expression, scope))])
                default: break
                }
            }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "path",
               labels == ["in"], let shape = member.base?.as(FunctionCallExprSyntax.self),
               let shapeName = shape.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
                let rect = try rectValue(call.arguments.first!.expression, scope)
                switch shapeName {
                case "Circle", "Ellipse", "Capsule", "Rectangle":
                    guard shape.arguments.isEmpty else { break }
                    return .object([(shapeName == "Rectangle" ? "rect" : shapeName.lowercased(), rect)])
                case "RoundedRectangle":
                    guard let radius = shape.arguments.first(where: { $0.label?.text == "cornerRadius" }) else { break }
                    return .object([("roundedRect", rect), ("cornerRadius", try value(radius.expression, scope))])
                default: break
                }
            }
        }
        throw diagnostics.unsupported(expr, "the path '\(expr.shortText)' in a Canvas",
                                      "Path(ellipseIn:), Path(rect), Path(roundedRect:cornerRadius:), Circle().path(in:) (and the other shapes) and Path { p in ... } are")
    }
}

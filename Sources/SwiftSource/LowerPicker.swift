import SwiftSyntax

/// `Picker("Flavor", selection: $flavor) { Text("Vanilla").tag("vanilla") ... }` and the `ForEach` form
/// `Picker("Size", selection: $size) { ForEach(sizes, id: \.self) { s in Text(s).tag(s) } }`, onto the
/// format's `picker` (its `.pickerStyle(.segmented)` is a modifier, `LowerModifiers.swift`).
extension Lowerer {
    func picker(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        let args = Array(call.arguments)
        var pairs: [(String, JSON)] = []
        var selection = args.first { $0.label?.text == "selection" }?.expression
        var animated: String?
        if let (binding, animation) = try bindingAnimation(selection, scope) { (selection, animated) = (binding, animation) }
        guard let bound = selection?.as(DeclReferenceExprSyntax.self), bound.baseName.text.hasPrefix("$") else {
            throw diagnostics.unsupported(call, "Picker without selection: $state", "Picker(\"Title\", selection: $name) with a @State variable is")
        }
        let state = String(bound.baseName.text.dropFirst())
        guard scope.names[state] == .state else {
            throw diagnostics.error(bound, "'\(state)' is not a @State variable of this view; a picker binds one")
        }
        pairs.append(("picker", .string(sceneStateName(state, scope))))
        for argument in args where !["_", "selection"].contains(argument.label?.text ?? "_") {
            throw diagnostics.unsupported(argument, "Picker's '\(argument.label?.text ?? "_")' argument", "a title and selection: are")
        }
        guard let content = call.trailingClosure, call.additionalTrailingClosures.isEmpty else {
            throw diagnostics.unsupported(call, "this Picker", "Picker(\"Title\", selection: $name) { Text(\"A\").tag(a) ... } is")
        }
        let statements = content.statements.map { ExprSyntax($0.item) }
        if statements.count == 1, let each = statements[0]?.as(FunctionCallExprSyntax.self),
           each.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "ForEach" {
            pairs.append(("options", try pickerForEach(each, scope)))
        } else {
            var options: [JSON] = []
            for (statement, item) in zip(statements, content.statements) {
                guard let statement else { throw diagnostics.unsupported(item, "this statement in a Picker", "Text(\"A\").tag(a) is") }
                let (text, tag) = try taggedText(statement, scope)
                guard tag.isLiteral else {
                    throw diagnostics.unsupported(statement, "the tag '\(statement.shortText)'", "a string, number or bool literal is (.tag(\"vanilla\"), .tag(0))")
                }
                options.append(JSONObject([("text", text), ("tag", tag.json)]).json)
            }
            pairs.append(("options", .array(options)))
        }
        if let title = args.first, title.label == nil {
            if let string = title.expression.as(StringLiteralExprSyntax.self) {
                pairs.append(("label", .string(try template(string, scope))))
            } else {
                pairs.append(("label", .string("${" + (try expression(title.expression, scope)) + "}")))
            }
        }
        if let animated { pairs.append(("bindingAnimation", .string(animated))) }
        return ViewNode(pairs)
    }

    /// A tag: a literal as JSON (a constant), or an expression (inside a ForEach, over the element).
    struct Tag {
        var json: JSON
        var isLiteral: Bool
    }

    /// `Text("A").tag(a)`: the text's template and the tag.
    private func taggedText(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> (JSON, Tag) {
        guard let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              member.declName.baseName.text == "tag", call.arguments.count == 1, call.arguments.first?.label == nil,
              let text = member.base?.as(FunctionCallExprSyntax.self),
              text.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Text",
              text.arguments.count == 1, let content = text.arguments.first, content.label == nil else {
            throw diagnostics.unsupported(expr, "'\(expr.shortText)' in a Picker", "Text(\"A\").tag(a) is")
        }
        let title: JSON
        if let string = content.expression.as(StringLiteralExprSyntax.self) {
            title = .string(try template(string, scope))
        } else {
            title = .string("${" + (try expression(content.expression, scope)) + "}")
        }
        let tag = call.arguments.first!.expression
        if let string = tag.as(StringLiteralExprSyntax.self), string.segments.count == 1,
           let segment = string.segments.first?.as(StringSegmentSyntax.self) {
            return (title, Tag(json: .string(segment.content.text), isLiteral: true))
        }
        let value = try value(tag, scope)
        if case .string = value { return (title, Tag(json: value, isLiteral: false)) }
        return (title, Tag(json: value, isLiteral: true))
    }

    /// `ForEach(list, id: \.self) { item in Text(item).tag(item) }`: the options from a list; `.tag(item)`
    /// of the element itself is the format's default.
    private func pickerForEach(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        guard let data = call.arguments.first, data.label == nil, let content = call.trailingClosure,
              case .simpleInput(let names)? = content.signature?.parameterClause, names.count == 1, let name = names.first?.name.text,
              content.statements.count == 1, let statement = ExprSyntax(content.statements.first!.item) else {
            throw diagnostics.unsupported(call, "this ForEach in a Picker", "ForEach(list, id: \\.self) { item in Text(item).tag(item) } is")
        }
        for argument in call.arguments.dropFirst() {
            guard argument.label?.text == "id", argument.expression.trimmedDescription == "\\.self" else {
                throw diagnostics.unsupported(argument, "ForEach's '\(argument.label?.text ?? "_")' argument", "id: \\.self is")
            }
        }
        let inner = scope.adding(name, .local)
        let (text, tag) = try taggedText(statement, inner)
        var object = JSONObject([("forEach", .string(try expression(data.expression, scope))), ("as", .string(name)), ("text", text)])
        switch (tag.json, tag.isLiteral) {
        case (.string(let s), false) where s != name: object["tag"] = .string(s)
        case (.string, false): break  // the element itself, the format's default
        case (.string(let s), true):
            throw diagnostics.unsupported(statement, "the constant tag \"\(s)\" in a ForEach", "a tag over the element (.tag(\(name))) is")
        default: object["tag"] = tag.json
        }
        return object.json
    }
}

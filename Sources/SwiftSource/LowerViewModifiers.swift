import SwiftSyntax

extension Lowerer {
    /// `.modifier(Framed(color: .red))` with `struct Framed: ViewModifier { func body(content: Content) -> some View }`:
    /// the view so far becomes the `content` of a use of the component `Framed`, whose body is the
    /// modifier's with `content` as its view slot (docs/scene-format.md, "View slots").
    func applyViewModifier(_ call: FunctionCallExprSyntax, to node: inout ViewNode, _ scope: Scope) throws(SwiftSourceError) {
        let arguments = Arguments(call: call, diagnostics: diagnostics, name: "modifier")
        try arguments.allow(["_"])
        guard arguments.positional.count == 1, let use = arguments.positional.first?.as(FunctionCallExprSyntax.self),
              let name = use.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let custom = model.structs[name], custom.kind == .modifier else {
            let supported = ".modifier(M(...)) with M a ViewModifier struct of this file is"
            if let argument = arguments.positional.first { throw diagnostics.unsupported(argument, "'\(argument.shortText)' in .modifier", supported) }
            throw diagnostics.unsupported(call, "this .modifier", supported)
        }
        try defineModifierComponent(custom, at: use)
        var args = JSONObject()
        for argument in use.arguments {
            guard let label = argument.label?.text, custom.parameters.contains(where: { $0.name == label }) else {
                throw diagnostics.error(argument, "\(name) has no parameter '\(argument.label?.text ?? "_")'")
            }
            args[label] = try value(argument.expression, scope)
        }
        var pairs: [(String, JSON)] = [("use", .string(name))]
        if !args.isEmpty { pairs.append(("args", args.json)) }
        pairs.append(("views", .object([("content", node.json())])))
        node = ViewNode(pairs)
    }

    /// Adds the ViewModifier struct to `components` the first time `.modifier` uses it: its parameters,
    /// the view slot `content`, and `body(content:)` with `content` placed as the slot.
    private func defineModifierComponent(_ custom: ViewStruct, at use: some SyntaxProtocol) throws(SwiftSourceError) {
        if components.contains(where: { $0.0 == custom.name }) { return }
        guard let (body, content) = custom.modifierBody else { throw diagnostics.error(custom.node, "\(custom.name) has no body(content:)") }
        guard custom.states.isEmpty, custom.slots.isEmpty, custom.passedThrough.isEmpty else {
            throw diagnostics.unsupported(use, "a ViewModifier with @State, @Binding or closures in .modifier",
                                          "one with let parameters is")
        }
        // Placed first, so that a body using the modifier again finds it defined rather than recursing.
        components.append((custom.name, .null))
        let index = components.count - 1
        var inner = scope(of: custom)
        inner.content = content
        inner.contentIsSlot = true
        var definition = JSONObject()
        var params = JSONObject()
        for property in custom.parameters {
            params[property.name] = try property.initializer.map { e throws(SwiftSourceError) in try freeValue(e, Scope(), type: property.type) }
                // `let animation: Animation`: every use passes one; the format's animation parameters have a default.
                ?? (property.type?.trimmedDescription == "Animation" ? .string(".default") : .null)
        }
        if !params.isEmpty { definition["params"] = params.json }
        definition["views"] = .array([.string("content")])
        definition["body"] = try singleView(body.statements, inner, at: body)
        components[index] = (custom.name, definition.json)
    }
}

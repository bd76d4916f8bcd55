import Expressions

/// System controls (`toggle`, `progressView`, `slider`, `stepper`, `button`, `textField`, `picker`) decode into typed
/// specs (`ControlSpec`); Compose lays them out and draws them as iOS 17 draws them in light mode
/// (`Composer+Controls.swift`). What a tap or a drag on one does is decoded here into the view's own actions.
extension NodeDecoder {
    /// A control node: `spec` with the object's modifiers, its errors and `render inspect` at the view itself.
    static func controlNode(_ spec: ControlSpec, _ object: ObjectReader, at reader: JSONReader,
                            depth: Int) throws(SceneError) -> Node {
        try node(.control(spec), modifiers: object, at: reader, depth: depth)
    }

    /// Where a control's key is written.
    static func site(_ value: JSONReader) -> ControlSite {
        ControlSite(path: value.path, location: value.value.location)
    }

    /// `{"toggle": "isOn", "label": "Wi-Fi", "tint": colour}`: `Toggle("Wi-Fi", isOn: $isOn).tint(colour)`.
    /// A tap on the view (by its `id`) toggles the state variable, before the view's own onTap actions.
    static func decodeToggle(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let value = try object.required("toggle")
        let name = try controlVariable(value, "toggle", "Toggle(isOn: $isOn)")
        let spec = ToggleSpec(name: name, value: BindingDecoder.tree(.name(name), value),
                              label: try object["label"].map(BindingDecoder.template),
                              tint: try object["tint"].map(BindingDecoder.color), site: site(value))
        var toggle = try controlNode(.toggle(spec), object, at: reader, depth: depth)
        let flip: [Action] = [.set([(name, BindingDecoder.tree(.unary(.not, .name(name)), value))],
                                   animation: try bindingAnimation(object), path: value.path)]
        toggle.modifierValues[OnTapModifier.self] = flip + toggle.onTap
        return toggle
    }

    /// `{"progressView": "progress", "total": 1, "tint": colour}`: `ProgressView(value: progress, total: 1)`.
    static func decodeProgressView(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let value = try object.required("progressView")
        let spec = ProgressViewSpec(value: try BindingDecoder.number(value), total: try object["total"].map(BindingDecoder.number),
                                    tint: try object["tint"].map(BindingDecoder.color), site: site(value))
        return try controlNode(.progressView(spec), object, at: reader, depth: depth)
    }

    /// The state variable a control is bound to: its name, checked to be an identifier.
    static func controlVariable(_ reader: JSONReader, _ control: String, _ swift: String) throws(SceneError) -> String {
        let name = try reader.string()
        guard SceneDecoder.isIdentifier(name) else {
            throw reader.error("a \(control) is bound to a state variable: write its name, as in \(swift), got \"\(name)\"")
        }
        return name
    }
}

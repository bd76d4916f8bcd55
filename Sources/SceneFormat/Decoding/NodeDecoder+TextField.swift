import Expressions

/// `textField`: SwiftUI's `TextField(_:text:)` with `.textFieldStyle(_:)`, drawn as iOS 17 draws it in light
/// mode and built, when the scene is read, from the format's own views: the bound string in one line of
/// text, the prompt in placeholder grey over it while the string is empty, and for `roundedBorder` a white
/// rounded rectangle with a hairline border behind them; with `focused`, a blinking insertion point after the
/// text.
///
/// A script types into the field with the `typeText` action, which appends to the bound state variable
/// (see `ActionDecoder.typeText`). The measurements, and where they come from, are in docs/scene-format.md
/// ("System controls").
extension NodeDecoder {
    /// SwiftUI's `TextFieldStyle` values drawn here (`automatic` is `plain` on iOS).
    static let textFieldStyles = ["automatic", "plain", "roundedBorder"]
    /// A `roundedBorder` field (a `UITextField` with `borderStyle = .roundedRect`): its height, corner
    /// radius, the text's inset from the sides and the border's width, in points.
    static let roundedBorderField = (height: 34.0, cornerRadius: 5.0, inset: 7.0, borderWidth: 0.5)
    /// `UIColor.placeholderText` (light): RGB 60 60 67 at 30 %.
    static let placeholderText = ColorValue(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3)
    /// `UIColor.separator` (light): RGB 60 60 67 at 29 %, the rounded border's colour.
    static let separatorColor = ColorValue(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29)
    /// The text field's font size: body, 17 pt.
    static let textFieldFontSize = 17.0
    /// The insertion point: a 2 pt wide bar with round ends, as high as the 17 pt line (estimated).
    static let caretSize = (width: 2.0, height: 20.0)
    /// The insertion point's blink: shown for the first half of each period, hidden for the second.
    static let caretBlinkPeriod = 1.0

    /// `{"textField": "email", "prompt": "Email", "textFieldStyle": "roundedBorder"}`:
    /// `TextField("Email", text: $email).textFieldStyle(.roundedBorder)`, with the object's other modifiers.
    static func decodeTextField(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let value = try object.required("textField")
        let name = try controlVariable(value, "textField", "TextField(\"Email\", text: $email)")
        let style = try object["textFieldStyle"]?.choice(textFieldStyles) ?? "automatic"
        let path = value.path
        func binding(_ source: String) throws(SceneError) -> Binding { try BindingDecoder.expression(source, value) }
        func constant(_ v: Value) -> Binding { Binding(.constant(v), path: path, location: value.value.location) }
        func line(_ text: Binding, _ part: String) -> Node {
            controlPart(.text(TextSpec(runs: [TextSpec.Run(text: text, color: nil, font: nil, baselineOffset: nil)],
                                       alignment: .leading, lineLimit: 1, minimumScaleFactor: nil)), path: path.appending(part))
        }
        // The prompt is drawn while the string is empty; it also gives an empty field its line's height.
        var prompt = line(try object["prompt"].map(BindingDecoder.template) ?? constant(.string(" ")), "prompt")
        prompt.style.foregroundColor = constant(.color(placeholderText))
        prompt.effects.opacity = try binding("\(name) == '' ? 1 : 0")
        var text = line(try binding(name), "text")
        if let focused = object["focused"] {
            // `.focused($isFocused)`: while focused, the insertion point blinks after the text, in the tint.
            let condition = try NodeDecoder.boolOperand(focused)
            var caret = shapeNode(.capsule, fill: constant(.color(systemBlue)), path: path.appending("caret"))
            caret.frame = FrameSpec(width: constant(.number(caretSize.width)), height: constant(.number(caretSize.height)))
            let period = ControlRange.operand(caretBlinkPeriod)
            caret.effects.opacity = try binding("\(condition) && mod(time, \(period)) < \(period) / 2 ? 1 : 0")
            text = controlPart(.stack(StackSpec(axis: .horizontal, spacing: constant(.number(0)), alignment: nil,
                                                children: [text, caret])), path: path.appending("line"))
        }
        var field = controlPart(.stack(StackSpec(axis: .z, spacing: nil, alignment: constant(.string("leading")),
                                                 children: [prompt, text])), path: path.appending("field"))
        if !object.has("font") {
            field.style.font = FontSpec(style: nil, design: nil, family: nil, size: constant(.number(textFieldFontSize)),
                                        weight: nil, italic: nil)
        }
        // A text field takes the whole width offered; its text starts at the leading edge.
        field.frame = FrameSpec(maxWidth: constant(.number(.infinity)), alignment: constant(.string("leading")))
        if style == "roundedBorder" {
            let geometry = roundedBorderField
            field.frame?.height = constant(.number(geometry.height))
            let inset = constant(.number(geometry.inset))
            field.padding = EdgeBindings(top: nil, leading: inset, bottom: nil, trailing: inset)
            let border = StrokeSpec(paint: .color(constant(.color(separatorColor))), lineWidth: constant(.number(geometry.borderWidth)),
                                    lineCap: .butt, lineJoin: .miter, dash: [])
            field.background = [controlPart(.shape(ShapeSpec(geometry: .roundedRectangle(cornerRadius: constant(.number(geometry.cornerRadius))),
                                                             fill: .color(constant(.color(white))), stroke: border)),
                                            path: path.appending("border"))]
        }
        return try node(.stack(StackSpec(axis: .z, spacing: nil, alignment: nil, children: [field])), modifiers: object,
                        at: reader, depth: depth)
    }
}

import Expressions

/// `button`: SwiftUI's `Button(_:action:)` with `.buttonStyle(_:)`, `.controlSize(_:)`, `.tint(_:)`,
/// `role:` and `.disabled(_:)`, drawn as iOS 17 draws it in light mode and built, when the scene is read,
/// from the format's own views: the title's text, with, for the bordered styles, a fixed height, horizontal
/// padding and a rounded rectangle behind it.
///
/// The button's `onTap` actions are its action closure; with `disabled`, they are wrapped in
/// `if !disabled`, so a tap on a disabled button does nothing, as on iOS. The measurements, and where they
/// come from, are in docs/scene-format.md ("System controls").
extension NodeDecoder {
    /// SwiftUI's `PrimitiveButtonStyle` values drawn here.
    static let buttonStyles = ["automatic", "borderless", "bordered", "borderedProminent", "plain"]
    /// SwiftUI's `ControlSize` values (`extraLarge`, new in iOS 17, is drawn as `large`: its iPhone metrics are not measured).
    static let controlSizes = ["mini", "small", "regular", "large", "extraLarge"]
    /// SwiftUI's `ButtonRole` values.
    static let buttonRoles = ["destructive", "cancel"]

    /// A bordered button's label font, height, horizontal padding and corner radius at a control size, in
    /// points. The fonts are the Dynamic Type sizes SwiftUI uses for the sizes' labels (footnote 13,
    /// subheadline 15, body 17); the heights, paddings and radii are estimated from iOS 17 screenshots (Apple
    /// publishes none of them), see docs/scene-format.md.
    struct ButtonMetrics {
        var fontSize: Double, height: Double, horizontalPadding: Double, cornerRadius: Double
    }

    static let buttonMetrics: [String: ButtonMetrics] = [
        "mini": ButtonMetrics(fontSize: 13, height: 24, horizontalPadding: 8, cornerRadius: 6),
        "small": ButtonMetrics(fontSize: 15, height: 28, horizontalPadding: 10, cornerRadius: 6),
        "regular": ButtonMetrics(fontSize: 17, height: 34, horizontalPadding: 12, cornerRadius: 8),
        "large": ButtonMetrics(fontSize: 17, height: 50, horizontalPadding: 20, cornerRadius: 12),
        "extraLarge": ButtonMetrics(fontSize: 17, height: 50, horizontalPadding: 20, cornerRadius: 12),
    ]
    /// `UIColor.systemRed` (light): a destructive button's tint.
    static let systemRed = ColorValue(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1)
    /// `UIColor.tertiaryLabel` (light), RGB 60 60 67 at 30 %: a disabled button's title.
    static let tertiaryLabel = ColorValue(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3)
    /// `UIColor.label` (light): black.
    static let labelColor = ColorValue(red: 0, green: 0, blue: 0, alpha: 1)
    /// The opacity of a `bordered` button's tinted background.
    static let borderedFillOpacity = 0.15

    /// `{"button": "Sign in", "buttonStyle": "borderedProminent", "controlSize": "large", "tint": colour,
    /// "role": "destructive", "disabled": "expr", "onTap": [...]}`:
    /// `Button("Sign in", role: .destructive) { ... }.buttonStyle(.borderedProminent).controlSize(.large)
    /// .tint(colour).disabled(expr)`, with the object's other modifiers.
    static func decodeButton(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let value = try object.required("button")
        let title = try BindingDecoder.template(value)
        let style = try object["buttonStyle"]?.choice(buttonStyles) ?? "automatic"
        let size = try object["controlSize"]?.choice(controlSizes) ?? "regular"
        let role = try object["role"]?.choice(buttonRoles)
        let path = value.path
        func binding(_ source: String) throws(SceneError) -> Binding { try BindingDecoder.expression(source, value) }
        func constant(_ v: Value) -> Binding { Binding(.constant(v), path: path, location: value.value.location) }
        // A destructive role draws in systemRed whatever the tint.
        var tint = try object["tint"].map(colorOperand) ?? colorOperand(systemBlue)
        if role == "destructive" { tint = colorOperand(systemRed) }
        let disabled = try object["disabled"].map(boolOperand)
        /// A colour: `enabled`, or `whenDisabled` while the button is disabled.
        func color(_ enabled: String, _ whenDisabled: ColorValue) throws(SceneError) -> Binding {
            guard let disabled else { return try binding(enabled) }
            return try binding("\(disabled) ? \(colorOperand(whenDisabled)) : \(enabled)")
        }
        let metrics = buttonMetrics[size] ?? buttonMetrics["regular"]!
        let titleColor: String
        switch style {
        case "borderedProminent": titleColor = colorOperand(white)
        case "plain": titleColor = colorOperand(labelColor)
        default: titleColor = tint
        }
        var label = controlPart(.text(TextSpec(runs: [TextSpec.Run(text: title, color: nil, font: nil, baselineOffset: nil)],
                                               alignment: .center, lineLimit: 1, minimumScaleFactor: nil)),
                                path: path.appending("label"))
        label.style.foregroundColor = try color(titleColor, tertiaryLabel)
        if !object.has("font") {
            label.style.font = FontSpec(style: nil, design: nil, family: nil, size: constant(.number(metrics.fontSize)),
                                        weight: nil, italic: nil)
        }
        if style == "bordered" || style == "borderedProminent" {
            let fill = style == "bordered" ? "opacity(\(tint), \(borderedFillOpacity))" : tint
            label.frame = FrameSpec(height: constant(.number(metrics.height)))
            let padding = constant(.number(metrics.horizontalPadding))
            label.padding = EdgeBindings(top: nil, leading: padding, bottom: nil, trailing: padding)
            label.background = [shapeNode(.roundedRectangle(cornerRadius: constant(.number(metrics.cornerRadius))),
                                          fill: try color(fill, tertiarySystemFill), path: path.appending("background"))]
        }
        var button = try node(.stack(StackSpec(axis: .z, spacing: nil, alignment: nil, children: [label])), modifiers: object,
                              at: reader, depth: depth)
        if let disabled {
            // `.disabled(true)`: the action does not run.
            button.onTap = [.conditional(try binding("!\(disabled)"), then: button.onTap, else: [], path: path)]
        }
        return button
    }

    /// A colour as an expression operand: `rgba(...)` for a constant, the parenthesised expression otherwise.
    static func colorOperand(_ reader: JSONReader) throws(SceneError) -> String {
        let binding = try BindingDecoder.color(reader)
        if case .constant(.color(let c)) = binding.source { return colorOperand(c) }
        return "(\(try reader.string()))"
    }

    /// A constant colour as an expression, exactly.
    static func colorOperand(_ c: ColorValue) -> String {
        "rgba(\(c.red), \(c.green), \(c.blue), \(c.alpha))"
    }

    /// A bool (`true`, `false` or an expression string) as an expression operand.
    static func boolOperand(_ reader: JSONReader) throws(SceneError) -> String {
        _ = try BindingDecoder.bool(reader)
        if case .bool(let b) = reader.value.kind { return b ? "true" : "false" }
        return "(\(try reader.string()))"
    }
}

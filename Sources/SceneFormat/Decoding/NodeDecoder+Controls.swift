import Expressions

/// System controls drawn as iOS 17 draws them in light mode, built from the format's own views when the
/// scene is read: `toggle` (SwiftUI `Toggle`, a `UISwitch`) and `progressView` (a linear `ProgressView`).
///
/// The reference measurements, and where they come from, are in docs/scene-format.md ("System
/// controls"). A control is a stack of shapes and text with bindings over the state it is bound to, so it
/// lays out, animates and answers taps like any other view.
extension NodeDecoder {
    /// `UISwitch`'s size, knob and inset, in points.
    static let switchSize = (width: 51.0, height: 31.0), knobDiameter = 27.0, knobInset = 2.0
    /// `UIColor.systemGreen` (light): the switch's default on colour.
    static let systemGreen = ColorValue(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1)
    /// `UIColor.secondarySystemFill` (light): the switch's off track.
    static let secondarySystemFill = ColorValue(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.16)
    /// `UIColor.systemFill` (light): a progress view's track.
    static let systemFill = ColorValue(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.2)
    /// `UIColor.systemBlue` (light): the default tint (accent colour).
    static let systemBlue = ColorValue(red: 0, green: 122 / 255, blue: 1, alpha: 1)
    /// White: a switch's knob and a slider's thumb.
    static let white = ColorValue(red: 1, green: 1, blue: 1, alpha: 1)
    /// The shadow under a switch's knob and a slider's thumb: UIKit's private `_controlShadowColor`, whose value
    /// is not published; black at 15 % by eye.
    static let controlShadowColor = ColorValue(red: 0, green: 0, blue: 0, alpha: 0.15)
    /// A linear `ProgressView`'s bar height, in points.
    static let progressBarHeight = 4.0

    /// `{"toggle": "isOn", "label": "Wi-Fi", "tint": colour}`: `Toggle("Wi-Fi", isOn: $isOn).tint(colour)`.
    /// A tap on the view (by its `id`) toggles the state variable; the knob and the track's colour follow it
    /// with SwiftUI's default animation, as the switch animates itself whatever the transaction.
    static func decodeToggle(_ value: JSONReader, _ object: ObjectReader) throws(SceneError) -> (NodeKind, [Action]) {
        let name = try controlVariable(value, "toggle", "Toggle(isOn: $isOn)")
        let path = value.path
        func binding(_ source: String) throws(SceneError) -> Binding { try BindingDecoder.expression(source, value) }
        func constant(_ v: Value) -> Binding { Binding(.constant(v), path: path, location: value.value.location) }
        let tint = try object["tint"].map(BindingDecoder.color) ?? constant(.color(systemGreen))

        var onTrack = shapeNode(.capsule, fill: tint, path: path.appending("onTrack"))
        onTrack.effects.opacity = try binding("\(name) ? 1 : 0")
        var knob = shapeNode(.circle, fill: constant(.color(white)),
                             path: path.appending("knob"))
        knob.frame = FrameSpec(width: constant(.number(knobDiameter)), height: constant(.number(knobDiameter)))
        let travel = (switchSize.width - knobDiameter) / 2 - knobInset
        knob.effects.offsetX = try binding("\(name) ? \(travel) : \(-travel)")
        knob.effects.shadow = ShadowSpec(color: constant(.color(controlShadowColor)),
                                         radius: constant(.number(2.5)), x: nil, y: constant(.number(2)))
        var control = stackNode(.z, [shapeNode(.capsule, fill: constant(.color(secondarySystemFill)), path: path.appending("track")),
                                     onTrack, knob], path: path.appending("switch"))
        control.frame = FrameSpec(width: constant(.number(switchSize.width)), height: constant(.number(switchSize.height)))
        guard case .expression(let defaultAnimation) = try binding(".default").source else { throw value.error("no animation") }
        control.implicitAnimation = ImplicitAnimationSpec(
            curve: AnimationSpec(expression: defaultAnimation, path: path, location: value.value.location),
            value: try binding(name), path: path)
        let toggle: [Action] = [.set([(name, try binding("!\(name)"))], animation: try bindingAnimation(object), path: path)]
        guard let label = object["label"] else { return (.stack(StackSpec(axis: .z, spacing: nil, alignment: nil, children: [control])), toggle) }
        // SwiftUI's switch-style Toggle: the label leading, taking the width the switch leaves, the switch trailing.
        return (.stack(StackSpec(axis: .horizontal, spacing: nil, alignment: nil, children: [try controlLabel(label), control])), toggle)
    }

    /// `{"progressView": "progress", "total": 1, "tint": colour}`: `ProgressView(value: progress, total: 1)`,
    /// linear: a 4 pt capsule track across the width offered, the bar filled to value / total (clamped to
    /// 0...1) in the tint; the bar's width is a frame, so a change of the value animates with its transaction.
    static func decodeProgressView(_ value: JSONReader, _ object: ObjectReader) throws(SceneError) -> NodeKind {
        let path = value.path
        func source(_ reader: JSONReader) throws(SceneError) -> String {
            switch reader.value.kind {
            case .number(let n): return NumberFormat.shortest(n)
            case .string(let s):
                _ = try BindingDecoder.expression(s, reader)
                return "(\(s))"
            default: throw reader.error("expected a number or an expression string, got \(reader.value.kindName)")
            }
        }
        let fraction = try source(value)
        let total = try object["total"].map(source) ?? "1"
        func constant(_ v: Value) -> Binding { Binding(.constant(v), path: path, location: value.value.location) }
        let height = constant(.number(progressBarHeight))
        var track = shapeNode(.capsule, fill: constant(.color(systemFill)), path: path.appending("track"))
        track.frame = FrameSpec(height: height)
        var bar = shapeNode(.capsule, fill: try object["tint"].map(BindingDecoder.color) ?? constant(.color(systemBlue)),
                            path: path.appending("bar"))
        bar.frame = FrameSpec(width: try BindingDecoder.expression("w * clamp(\(fraction) / \(total), 0, 1)", value), height: height)
        return .stack(StackSpec(axis: .z, spacing: nil, alignment: constant(.string("leading")), children: [track, bar]))
    }

    /// A shape with a fill and no modifiers: one part of a control.
    static func shapeNode(_ geometry: ShapeSpec.Geometry, fill: Binding, path: JSONPath) -> Node {
        controlPart(.shape(ShapeSpec(geometry: geometry, fill: .color(fill), stroke: nil)), path: path)
    }

    /// A stack with no modifiers: one part of a control.
    static func stackNode(_ axis: StackSpec.Axis, _ children: [Node], path: JSONPath) -> Node {
        controlPart(.stack(StackSpec(axis: axis, spacing: nil, alignment: nil, children: children)), path: path)
    }

    /// A view with no modifiers: one part of a control.
    static func controlPart(_ kind: NodeKind, path: JSONPath) -> Node {
        Node.empty(kind, path: path)
    }

    /// A control's `label`: one line of text, leading, taking the width the control leaves (SwiftUI's
    /// `Toggle` and `Stepper` put the label leading and the control trailing).
    static func controlLabel(_ label: JSONReader) throws(SceneError) -> Node {
        var text = controlPart(.text(TextSpec(runs: [TextSpec.Run(text: try BindingDecoder.template(label), color: nil, font: nil,
                                                                   baselineOffset: nil)],
                                              alignment: .leading, lineLimit: 1, minimumScaleFactor: nil)), path: label.path)
        func constant(_ v: Value) -> Binding { Binding(.constant(v), path: label.path, location: label.value.location) }
        text.frame = FrameSpec(maxWidth: constant(.number(.infinity)), alignment: constant(.string("leading")))
        return text
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

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
    /// A linear `ProgressView`'s bar height, in points.
    static let progressBarHeight = 4.0

    /// `{"toggle": "isOn", "label": "Wi-Fi", "tint": colour}`: `Toggle("Wi-Fi", isOn: $isOn).tint(colour)`.
    /// A tap on the view (by its `id`) toggles the state variable; the knob and the track's colour follow it
    /// with SwiftUI's default animation, as the switch animates itself whatever the transaction.
    static func decodeToggle(_ value: JSONReader, _ object: ObjectReader) throws(SceneError) -> (NodeKind, [Action]) {
        let name = try value.string()
        guard SceneDecoder.isIdentifier(name) else {
            throw value.error("a toggle is bound to a state variable: write its name, as in Toggle(isOn: $isOn), got \"\(name)\"")
        }
        let path = value.path
        func binding(_ source: String) throws(SceneError) -> Binding { try BindingDecoder.expression(source, value) }
        func constant(_ v: Value) -> Binding { Binding(.constant(v), path: path, location: value.value.location) }
        let tint = try object["tint"].map(BindingDecoder.color) ?? constant(.color(systemGreen))

        var onTrack = shapeNode(.capsule, fill: tint, path: path.appending("onTrack"))
        onTrack.effects.opacity = try binding("\(name) ? 1 : 0")
        var knob = shapeNode(.circle, fill: constant(.color(ColorValue(red: 1, green: 1, blue: 1, alpha: 1))),
                             path: path.appending("knob"))
        knob.frame = FrameSpec(width: constant(.number(knobDiameter)), height: constant(.number(knobDiameter)))
        let travel = (switchSize.width - knobDiameter) / 2 - knobInset
        knob.effects.offsetX = try binding("\(name) ? \(travel) : \(-travel)")
        knob.effects.shadow = ShadowSpec(color: constant(.color(ColorValue(red: 0, green: 0, blue: 0, alpha: 0.15))),
                                         radius: constant(.number(2.5)), x: nil, y: constant(.number(2)))
        var control = stackNode(.z, [shapeNode(.capsule, fill: constant(.color(secondarySystemFill)), path: path.appending("track")),
                                     onTrack, knob], path: path.appending("switch"))
        control.frame = FrameSpec(width: constant(.number(switchSize.width)), height: constant(.number(switchSize.height)))
        guard case .expression(let defaultAnimation) = try binding(".default").source else { throw value.error("no animation") }
        control.implicitAnimation = ImplicitAnimationSpec(
            curve: AnimationSpec(expression: defaultAnimation, path: path, location: value.value.location),
            value: try binding(name), path: path)
        let toggle: [Action] = [.set([(name, try binding("!\(name)"))], animation: nil, path: path)]
        guard let label = object["label"] else { return (.stack(StackSpec(axis: .z, spacing: nil, alignment: nil, children: [control])), toggle) }
        // SwiftUI's switch-style Toggle: the label leading, taking the width the switch leaves, the switch trailing.
        var text = Node(id: nil, kind: .text(TextSpec(runs: [TextSpec.Run(text: try BindingDecoder.template(label), color: nil, font: nil,
                                                                           baselineOffset: nil)],
                                                      alignment: "leading", lineLimit: 1, minimumScaleFactor: nil)),
                        lets: [], frame: nil, padding: nil, style: StyleSpec(), effects: EffectSpec.none, background: [],
                        onTap: [], path: label.path)
        text.frame = FrameSpec(maxWidth: constant(.number(.infinity)), alignment: constant(.string("leading")))
        return (.stack(StackSpec(axis: .horizontal, spacing: nil, alignment: nil, children: [text, control])), toggle)
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

    private static func shapeNode(_ geometry: ShapeSpec.Geometry, fill: Binding, path: JSONPath) -> Node {
        Node(id: nil, kind: .shape(ShapeSpec(geometry: geometry, fill: .color(fill), stroke: nil)), lets: [], frame: nil,
             padding: nil, style: StyleSpec(), effects: EffectSpec.none, background: [], onTap: [], path: path)
    }

    private static func stackNode(_ axis: StackSpec.Axis, _ children: [Node], path: JSONPath) -> Node {
        Node(id: nil, kind: .stack(StackSpec(axis: axis, spacing: nil, alignment: nil, children: children)), lets: [],
             frame: nil, padding: nil, style: StyleSpec(), effects: EffectSpec.none, background: [], onTap: [], path: path)
    }
}

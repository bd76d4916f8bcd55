import Expressions

/// `stepper`: SwiftUI's `Stepper(_:value:in:step:)`, drawn as iOS 17 draws a `UIStepper` in light mode and
/// built, when the scene is read, from the format's own views: a rounded rectangle holding two segments
/// (a minus and a plus drawn as capsules) and a divider, and the label's text.
///
/// The segments take taps: a stepper with `"id": "count"` has two tappable parts, `count.decrement` and
/// `count.increment`, which step the bound state variable within its range; the segment at a bound is
/// disabled (its glyph greyed, a tap does nothing), as `UIStepper` does. The measurements, and where they
/// come from, are in docs/scene-format.md ("System controls").
extension NodeDecoder {
    /// `UIStepper`'s size: 94 pt wide, as high as a segmented control (32 pt on iPhone).
    static let stepperSize = (width: 94.0, height: 32.0)
    /// The segmented control's corner radius (continuous corners on a device, circular here).
    static let stepperCornerRadius = 8.91
    /// The divider between the segments: 1 pt wide, 18 pt high, centred.
    static let stepperDivider = (width: 1.0, height: 18.0)
    /// The minus and plus glyphs: bars 14 pt long and 2 pt thick with round ends.
    static let stepperGlyph = (length: 14.0, thickness: 2.0)
    /// `UIColor.tertiarySystemFill` (light): a segmented control's and a stepper's background.
    static let tertiarySystemFill = ColorValue(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
    /// The divider's grey (estimated): RGB 60 60 67 at 18 %.
    static let stepperDividerColor = ColorValue(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.18)
    /// An enabled glyph: `UIColor.label` (black); a disabled one: `UIColor.tertiaryLabel` (RGB 60 60 67 at 30 %).
    static let stepperGlyphColors = (enabled: "rgba(0, 0, 0, 1)", disabled: "rgba(60 / 255, 60 / 255, 67 / 255, 0.3)")
    /// The tappable halves' id suffixes.
    public static let stepperPartIDs = (decrement: "decrement", increment: "increment")

    /// `{"stepper": "count", "in": [0, 10], "step": 1, "label": "Count: ${count}"}`:
    /// `Stepper("Count: \(count)", value: $count, in: 0...10, step: 1)`, with the object's other modifiers.
    static func decodeStepper(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let value = try object.required("stepper")
        try refuseStepperTap(object)
        let name = try controlVariable(value, "stepper", "Stepper(value: $count)")
        var range = try ControlRange.decode(object, default: (-controlValueLimit, controlValueLimit), control: "stepper")
        let step = range.step ?? 1
        range.step = step
        let path = value.path
        let location = value.value.location
        func binding(_ source: String) throws(SceneError) -> Binding { try BindingDecoder.expression(source, value) }
        func constant(_ v: Value) -> Binding { Binding(.constant(v), path: path, location: location) }
        let id = try object["id"]?.string()
        let (lo, hi, s) = (ControlRange.operand(range.low), ControlRange.operand(range.high), ControlRange.operand(step))

        func bar(_ width: Double, _ height: Double, enabled: String, _ part: String) throws(SceneError) -> Node {
            var glyph = shapeNode(.capsule, fill: try binding("\(enabled) ? \(stepperGlyphColors.enabled) : \(stepperGlyphColors.disabled)"),
                                  path: path.appending(part))
            glyph.frame = FrameSpec(width: constant(.number(width)), height: constant(.number(height)))
            return glyph
        }
        // UIStepper: the minus enabled while value > minimum, the plus while value < maximum; a tap steps
        // the value and clamps it to the range.
        func segment(_ glyphs: [Node], suffix: String, enabled: String, next: String, _ part: String) throws(SceneError) -> Node {
            var half = stackNode(.z, glyphs, path: path.appending(part))
            half.frame = FrameSpec(width: constant(.number((stepperSize.width - stepperDivider.width) / 2)),
                                   height: constant(.number(stepperSize.height)))
            half.id = id.map { "\($0).\(suffix)" }
            half.onTap = [.conditional(try binding(enabled), then: [.set([(name, try binding("clamp(\(next), \(lo), \(hi))"))],
                                                                          animation: try bindingAnimation(object), path: path)],
                                       else: [], path: path)]
            return half
        }
        let canDecrement = "\(name) > \(lo)", canIncrement = "\(name) < \(hi)"
        let (long, thick) = (stepperGlyph.length, stepperGlyph.thickness)
        let minus = try segment([try bar(long, thick, enabled: canDecrement, "minus")], suffix: stepperPartIDs.decrement,
                                enabled: canDecrement, next: "\(name) - \(s)", "decrement")
        let plus = try segment([try bar(long, thick, enabled: canIncrement, "plus"), try bar(thick, long, enabled: canIncrement, "plus")],
                               suffix: stepperPartIDs.increment, enabled: canIncrement, next: "\(name) + \(s)", "increment")
        var divider = shapeNode(.rectangle, fill: constant(.color(stepperDividerColor)), path: path.appending("divider"))
        divider.frame = FrameSpec(width: constant(.number(stepperDivider.width)), height: constant(.number(stepperDivider.height)))
        let background = shapeNode(.roundedRectangle(cornerRadius: constant(.number(stepperCornerRadius))),
                                   fill: constant(.color(tertiarySystemFill)), path: path.appending("background"))
        let segments = controlPart(.stack(StackSpec(axis: .horizontal, spacing: constant(.number(0)), alignment: nil,
                                                    children: [minus, divider, plus])), path: path.appending("segments"))
        var control = stackNode(.z, [background, segments], path: path.appending("stepper"))
        control.frame = FrameSpec(width: constant(.number(stepperSize.width)), height: constant(.number(stepperSize.height)))

        var children = [control]
        if let label = object["label"] {
            children.insert(try controlLabel(label), at: 0)
        }
        let kind = NodeKind.stack(StackSpec(axis: children.count > 1 ? .horizontal : .z, spacing: nil, alignment: nil, children: children))
        return try node(kind, modifiers: object, at: reader, depth: depth)
    }

    /// `onTap` on a stepper (as a key or a `modifiers` entry) would never run: a tap lands on one of its
    /// segments, which steps the value (UIStepper's own control events), so it is refused where it is written.
    private static func refuseStepperTap(_ object: ObjectReader) throws(SceneError) {
        var taps: [JSONReader] = []
        if let direct = object["onTap"] { taps.append(direct) }
        for entry in (try? object["modifiers"]?.array()) ?? [] {
            if let tap = (try? entry.members())?.first(where: { $0.key == "onTap" }) { taps.append(tap.value) }
        }
        guard let tap = taps.first else { return }
        throw tap.error("a stepper's taps step its value and run no actions (a script taps its parts \"<id>.decrement\" and \"<id>.increment\"); "
            + "to run actions on a step, put them in a \"button\" beside it")
    }
}

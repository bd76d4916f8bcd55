import Expressions

/// `slider`: SwiftUI's `Slider(value:in:step:)`, drawn as iOS 17 draws a `UISlider` in light mode and built,
/// when the scene is read, from the format's own views (two capsules and a white circle with shadows).
///
/// The thumb's position and the tracks' lengths are frames and offsets over the bound state variable, so a
/// `set` inside `withAnimation` slides the thumb with that animation. A scripted drag on the slider's `id`
/// sets the variable from the finger's x (clamped to the range, rounded to the step), as the thumb follows
/// the finger; that mapping needs the slider's width when the scene is read, so a slider with an `id`
/// has a fixed `frame` width. The measurements, and where they come from, are in docs/scene-format.md
/// ("System controls").
extension NodeDecoder {
    /// A `UISlider`'s height on iPhone, and the side of the square its thumb moves in, in points.
    static let sliderHeight = 31.0
    /// The thumb's visible white circle, centred in its 31 pt square.
    static let sliderKnobDiameter = 28.0
    /// The track: 4 pt high, inset 3 pt from each end of the slider.
    static let sliderTrackHeight = 4.0, sliderTrackInset = 3.0
    /// UIKit places the track at round((31 - 4) / 2) = 14 pt from the top: half a point below the centre.
    static let sliderTrackDrop = 0.5
    /// The largest magnitude accepted for a range bound or a step.
    static let controlValueLimit = 1e12

    /// A control's `in` range and `step`, checked: `low <= high`, `step > 0`.
    struct ControlRange {
        var low: Double
        var high: Double
        var step: Double?

        /// `in` (`[low, high]`, default `defaultRange`) and `step` from a control's object.
        static func decode(_ object: ObjectReader, default defaultRange: (Double, Double), control: String) throws(SceneError) -> ControlRange {
            var range = ControlRange(low: defaultRange.0, high: defaultRange.1, step: nil)
            if let reader = object["in"] {
                let bounds = try reader.array()
                guard bounds.count == 2 else {
                    throw reader.error("a \(control)'s range is [low, high], as in \(control == "slider" ? "Slider" : "Stepper")(value: $value, in: 0...10); got \(bounds.count) numbers")
                }
                let limit = -controlValueLimit...controlValueLimit
                range.low = try bounds[0].number(in: limit)
                range.high = try bounds[1].number(in: limit)
                guard range.low <= range.high else {
                    throw reader.error("the range's low bound \(NumberFormat.shortest(range.low)) is above its high bound \(NumberFormat.shortest(range.high)); a ClosedRange needs low <= high")
                }
            }
            if let reader = object["step"] {
                let step = try reader.number(in: -controlValueLimit...controlValueLimit)
                guard step > 0 else { throw reader.error("a step must be above 0, got \(NumberFormat.shortest(step))") }
                range.step = step
            }
            return range
        }

        /// A number as an expression operand, exactly (Swift's shortest round-trip form).
        static func operand(_ n: Double) -> String { n < 0 ? "(\(n))" : "\(n)" }

        /// `value` clamped to the range, then, with a step, rounded to the nearest low + k * step not above high.
        func snapped(_ value: String) -> String {
            let (lo, hi) = (Self.operand(low), Self.operand(high))
            let clamped = "clamp(\(value), \(lo), \(hi))"
            guard let step else { return clamped }
            let s = Self.operand(step)
            return "min(\(lo) + round((\(clamped) - \(lo)) / \(s)) * \(s), \(lo) + floor((\(hi) - \(lo)) / \(s)) * \(s))"
        }
    }

    /// `{"slider": "volume", "in": [0, 1], "step": 0.1, "tint": colour}`:
    /// `Slider(value: $volume, in: 0...1, step: 0.1).tint(colour)`, with the object's other modifiers.
    static func decodeSlider(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let value = try object.required("slider")
        let name = try controlVariable(value, "slider", "Slider(value: $volume)")
        guard name != sliderThumbLet else { throw value.error("\"\(name)\" is the name a slider uses inside; rename the variable") }
        let range = try ControlRange.decode(object, default: (0, 1), control: "slider")
        _ = try object["label"].map(BindingDecoder.template)
        let path = value.path
        func binding(_ source: String) throws(SceneError) -> Binding { try BindingDecoder.expression(source, value) }
        func constant(_ v: Value) -> Binding { Binding(.constant(v), path: path, location: value.value.location) }
        func constant(_ v: Double) -> Binding { constant(.number(v)) }
        let tint = try object["tint"].map(BindingDecoder.color) ?? constant(.color(systemBlue))

        // The thumb's square moves from x = 0 to x = w - 31 as the value goes from low to high (UIKit's
        // thumbRect(forBounds:trackRect:value:)); `thumbX` is where it is.
        let span = range.high - range.low
        let fraction = span > 0
            ? "clamp((\(name) - \(ControlRange.operand(range.low))) / \(ControlRange.operand(span)), 0, 1)" : "0"
        let thumbX = sliderThumbLet
        let centre = sliderHeight / 2
        var filled = shapeNode(.capsule, fill: tint, path: path.appending("minimumTrack"))
        filled.frame = FrameSpec(width: try binding("\(ControlRange.operand(centre - sliderTrackInset)) + \(thumbX)"), height: constant(sliderTrackHeight))
        filled.effects.offsetX = constant(sliderTrackInset)
        filled.effects.offsetY = constant(sliderTrackDrop)
        var rest = shapeNode(.capsule, fill: constant(.color(systemFill)), path: path.appending("maximumTrack"))
        rest.frame = FrameSpec(width: try binding("max(w - \(ControlRange.operand(centre + sliderTrackInset)) - \(thumbX), 0)"), height: constant(sliderTrackHeight))
        rest.effects.offsetX = try binding("\(ControlRange.operand(centre)) + \(thumbX)")
        rest.effects.offsetY = constant(sliderTrackDrop)
        let inset = (sliderHeight - sliderKnobDiameter) / 2
        func knob(_ shadow: (y: Double, radius: Double), _ part: String) throws(SceneError) -> Node {
            var circle = shapeNode(.circle, fill: constant(.color(white)), path: path.appending(part))
            circle.frame = FrameSpec(width: constant(sliderKnobDiameter), height: constant(sliderKnobDiameter))
            circle.effects.offsetX = try binding("\(ControlRange.operand(inset)) + \(thumbX)")
            circle.effects.shadow = ShadowSpec(color: constant(.color(controlShadowColor)),
                                               radius: constant(shadow.radius), x: nil, y: constant(shadow.y))
            return circle
        }
        // UIKit fills the thumb's circle twice: with a wide shadow (blur 13, 6 pt down), then a tight one
        // (blur 4, 0.5 pt down); a Core Graphics blur b is a Gaussian of standard deviation b / 2.
        var control = controlPart(.stack(StackSpec(axis: .z, spacing: nil, alignment: constant(.string("leading")),
                                                   children: [filled, rest, try knob((6, 6.5), "thumbShadow"), try knob((0.5, 2), "thumb")])),
                                  path: path.appending("slider"))
        // A slider takes the whole width offered; its parts are placed from its leading edge.
        control.frame = FrameSpec(height: constant(sliderHeight), maxWidth: constant(.infinity),
                                  alignment: constant(.string("leading")))
        control.lets = [(thumbX, try binding("max(w - \(ControlRange.operand(sliderHeight)), 0) * \(fraction)"))]

        var slider = try node(.stack(StackSpec(axis: .z, spacing: nil, alignment: nil, children: [control])), modifiers: object,
                              at: reader, depth: depth)
        guard slider.id != nil else { return slider }
        // A drag moves the thumb's centre to the finger's x, in the slider's own coordinates.
        guard let widthBinding = slider.frame?.width, case .number(let width)? = widthBinding.constant else {
            throw value.error("a slider with an id is dragged by the script, which needs its width: give it a fixed \"frame\": {\"width\": 200}")
        }
        guard width > sliderHeight else {
            throw value.error("a slider needs a frame width above \(format(sliderHeight)) pt, the thumb's square, to move in; got \(format(width))")
        }
        let dragged = span == 0
            ? ControlRange.operand(range.low)
            : range.snapped("\(ControlRange.operand(range.low)) + (location.x - \(ControlRange.operand(centre))) / \(ControlRange.operand(width - sliderHeight)) * \(ControlRange.operand(span))")
        // The view's own onDrag actions run after the value is set (as onEditingChanged would see it).
        let drag: [Action] = [.set([(name, try binding(dragged))], animation: try bindingAnimation(object), path: path)]
        slider.onDrag = DragGestureSpec(minimumDistance: 0, onChanged: drag + (slider.onDrag?.onChanged ?? []),
                                        onEnded: slider.onDrag?.onEnded ?? [], path: path)
        return slider
    }

    /// The `let` holding the thumb's x inside a slider (a name a slider cannot be bound to).
    static let sliderThumbLet = "_sliderThumbX"
}

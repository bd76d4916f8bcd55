import Expressions

/// `slider`: SwiftUI's `Slider(value:in:step:)`, decoded into a `SliderSpec` (drawn by `Composer+Slider.swift`).
///
/// A scripted drag on the slider's `id` sets the variable from the finger's x (clamped to the range, rounded
/// to the step), as the thumb follows the finger; that mapping needs the slider's width when the scene is
/// read, so a slider with an `id` has a fixed `frame` width.
extension NodeDecoder {
    /// The largest magnitude accepted for a range bound or a step.
    static let controlValueLimit = 1e12

    /// A control's `in` (`[low, high]`, default `defaultRange`) and `step`, checked: `low <= high`, `step > 0`.
    static func controlRange(_ object: ObjectReader, default defaultRange: (Double, Double), control: String) throws(SceneError) -> ControlRange {
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

    /// `{"slider": "volume", "in": [0, 1], "step": 0.1, "tint": colour}`:
    /// `Slider(value: $volume, in: 0...1, step: 0.1).tint(colour)`, with the object's other modifiers.
    static func decodeSlider(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let value = try object.required("slider")
        let name = try controlVariable(value, "slider", "Slider(value: $volume)")
        guard name != SliderSpec.thumbLet else { throw value.error("\"\(name)\" is the name a slider uses inside; rename the variable") }
        let range = try controlRange(object, default: (0, 1), control: "slider")
        let spec = SliderSpec(name: name, value: BindingDecoder.tree(.name(name), value), range: range,
                              label: try object["label"].map(BindingDecoder.template),
                              tint: try object["tint"].map(BindingDecoder.color), site: site(value))
        var slider = try controlNode(.slider(spec), object, at: reader, depth: depth)
        guard slider.id != nil else { return slider }
        // A drag moves the thumb's centre to the finger's x, in the slider's own coordinates.
        let square = SliderSpec.thumbSquare
        guard let widthBinding = slider.frame?.width, case .number(let width)? = widthBinding.constant else {
            throw value.error("a slider with an id is dragged by the script, which needs its width: give it a fixed \"frame\": {\"width\": 200}")
        }
        guard width > square else {
            throw value.error("a slider needs a frame width above \(format(square)) pt, the thumb's square, to move in; got \(format(width))")
        }
        let span = range.high - range.low
        // low + (location.x - square / 2) / (width - square) * span
        let fromFinger = Expr.binary(.number(range.low), .add,
                                     .binary(.binary(.binary(.name("location").property("x"), .subtract, .number(square / 2)),
                                                     .divide, .number(width - square)), .multiply, .number(span)))
        let dragged = span == 0 ? .number(range.low) : range.snapped(fromFinger)
        // The view's own onDrag actions run after the value is set (as onEditingChanged would see it).
        let drag: [Action] = [.set([(name, BindingDecoder.tree(dragged, value))], animation: try bindingAnimation(object),
                                   path: value.path)]
        slider.modifierValues[OnDragModifier.self] = DragGestureSpec(minimumDistance: 0, onChanged: drag + (slider.onDrag?.onChanged ?? []),
                                                                     onEnded: slider.onDrag?.onEnded ?? [], path: value.path)
        return slider
    }
}

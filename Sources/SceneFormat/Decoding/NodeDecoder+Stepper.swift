import Expressions

/// `stepper`: SwiftUI's `Stepper(_:value:in:step:)`, decoded into a `StepperSpec` (drawn by
/// `Composer+Stepper.swift`).
///
/// The segments take taps: a stepper with `"id": "count"` has two tappable parts, `count.decrement` and
/// `count.increment`, which step the bound state variable within its range; the segment at a bound is
/// disabled (a tap does nothing), as `UIStepper` does.
extension NodeDecoder {
    /// `{"stepper": "count", "in": [0, 10], "step": 1, "label": "Count: ${count}"}`:
    /// `Stepper("Count: \(count)", value: $count, in: 0...10, step: 1)`, with the object's other modifiers.
    static func decodeStepper(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let value = try object.required("stepper")
        try refuseStepperTap(object)
        let name = try controlVariable(value, "stepper", "Stepper(value: $count)")
        var range = try controlRange(object, default: (-controlValueLimit, controlValueLimit), control: "stepper")
        let step = range.step ?? 1
        range.step = step
        func binding(_ expr: Expr) -> Binding { BindingDecoder.tree(expr, value) }
        let current = Expr.name(name)
        // UIStepper: the minus enabled while value > minimum, the plus while value < maximum; a tap steps
        // the value and clamps it to the range.
        func tap(enabled: Expr, next: Expr) throws(SceneError) -> [Action] {
            [.conditional(binding(enabled), then: [.set([(name, binding(range.clamped(next)))],
                                                        animation: try bindingAnimation(object), path: value.path)],
                          else: [], path: value.path)]
        }
        let spec = StepperSpec(name: name, value: binding(current), range: range, label: try object["label"].map(BindingDecoder.template),
                               decrement: try tap(enabled: .binary(current, .greater, .number(range.low)),
                                                  next: .binary(current, .subtract, .number(step))),
                               increment: try tap(enabled: .binary(current, .less, .number(range.high)),
                                                  next: .binary(current, .add, .number(step))), site: site(value))
        return try controlNode(.stepper(spec), object, at: reader, depth: depth)
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

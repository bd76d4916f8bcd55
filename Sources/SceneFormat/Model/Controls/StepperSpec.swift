/// `{"stepper": "count", "in": [0, 10], "step": 1, "label": "Count: ${count}"}`: SwiftUI's
/// `Stepper("Count: \(count)", value: $count, in: 0...10, step: 1)`, a `UIStepper`.
///
/// Its two segments take taps: a stepper with `"id": "count"` has the tappable parts `count.decrement` and
/// `count.increment`, whose actions are `decrement` and `increment`.
public struct StepperSpec: Sendable {
    /// The state variable the stepper steps.
    public var name: String
    /// `name`, read as an expression at the control's key.
    public var value: Binding
    /// The range, with its step (default 1).
    public var range: ControlRange
    public var label: Binding?
    /// What a tap on each segment does: step the value within the range while the segment is enabled.
    public var decrement: [Action]
    public var increment: [Action]
    public var site: ControlSite

    public init(name: String, value: Binding, range: ControlRange, label: Binding?, decrement: [Action], increment: [Action],
                site: ControlSite) {
        self.name = name
        self.value = value
        self.range = range
        self.label = label
        self.decrement = decrement
        self.increment = increment
        self.site = site
    }

    /// The tappable segments' id suffixes.
    public static let partIDs = (decrement: "decrement", increment: "increment")

    /// The segments' full ids and actions, for a stepper whose full id is `id`.
    public func parts(id: String) -> [(id: String, actions: [Action])] {
        [("\(id).\(Self.partIDs.decrement)", decrement), ("\(id).\(Self.partIDs.increment)", increment)]
    }
}

import Expressions

/// Every model change of every state variable, in time order: the result of simulating a scene's script.
///
/// The presentation value of a variable at any time is a pure function of this log (SwiftUI's additive
/// rule): the model value at t, plus, for every animated change made before t that is still running,
/// `(old - new) * (1 - fraction)`. So two `withAnimation` calls in one tap, out and back with a delay,
/// give a smooth out-and-back; a change without animation moves the model and leaves running offsets
/// playing on top. Values that cannot be interpolated (strings, booleans, lists) show their model value.
public struct Timeline: Sendable {
    /// State variables in declaration order (scene state first, then each component instance's).
    public let keys: [StateKey]
    public let initial: [StateKey: Value]
    /// Each variable's changes, sorted by time.
    public let changes: [StateKey: [Change]]

    public init(keys: [StateKey], initial: [StateKey: Value], changes: [StateKey: [Change]]) {
        self.keys = keys
        self.initial = initial
        self.changes = changes
    }

    /// The model value of `key` at time `t` (the last change made at or before t).
    public func modelValue(_ key: StateKey, at t: Double) -> Value? {
        guard let list = changes[key], let i = lastIndex(in: list, atOrBefore: t) else { return initial[key] }
        return list[i].new
    }

    /// The value of `key` on screen at time `t`.
    public func presentationValue(_ key: StateKey, at t: Double) -> Value? {
        guard let list = changes[key], let last = lastIndex(in: list, atOrBefore: t) else { return initial[key] }
        let model = list[last].new
        guard case .number(var value) = model else {
            if case .color(let color) = model { return .color(animatedColor(color, list, last, t)) }
            return model
        }
        for change in list[...last] where change.animation != nil && change.end > t {
            guard case .number(let old) = change.old, case .number(let new) = change.new,
                  let animation = change.animation else { continue }
            value += (old - new) * (1 - animation.fraction(at: t - change.time))
        }
        return .number(value)
    }

    private func animatedColor(_ model: ColorValue, _ list: [Change], _ last: Int, _ t: Double) -> ColorValue {
        var c = model
        for change in list[...last] where change.animation != nil && change.end > t {
            guard case .color(let old) = change.old, case .color(let new) = change.new,
                  let animation = change.animation else { continue }
            let k = 1 - animation.fraction(at: t - change.time)
            c.red += (old.red - new.red) * k
            c.green += (old.green - new.green) * k
            c.blue += (old.blue - new.blue) * k
            c.alpha += (old.alpha - new.alpha) * k
        }
        return c
    }

    /// Every variable's presentation value at `t`.
    public func snapshot(at t: Double) -> StateSnapshot {
        var values: [StateKey: Value] = [:]
        values.reserveCapacity(keys.count)
        for key in keys { values[key] = presentationValue(key, at: t) }
        return StateSnapshot(time: t, values: values)
    }

    /// Binary search: the last change made at or before `t`.
    private func lastIndex(in list: [Change], atOrBefore t: Double) -> Int? {
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid].time <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }
}

/// The state of a scene at one moment, as the screen shows it.
public struct StateSnapshot: Sendable {
    public var time: Double
    public var values: [StateKey: Value]

    public init(time: Double, values: [StateKey: Value]) {
        self.time = time
        self.values = values
    }
}

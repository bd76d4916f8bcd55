import Expressions

/// Every model change of every state variable, in time order: the result of simulating a scene's script.
///
/// The presentation value of a variable at any time is a pure function of this log:
/// - while a Core Animation explicit animation (`LayerAnimation`) runs on the variable, it shows that
///   animation's `from -> to` (the last one added wins, as on a layer);
/// - otherwise the model value at t plus the offsets of the animated changes still running (see
///   `AnimatedOffset`): SwiftUI's additive rule, `(old - new) * (1 - fraction)` per change, so two
///   `withAnimation` calls in one tap, out and back with a delay, give a smooth out-and-back; except
///   that a retargeting spring takes over the springs running before it, keeping their velocity.
///   A change without animation moves the model and leaves running offsets playing on top.
/// Values that cannot be interpolated (strings, booleans, lists) show their model value.
public struct Timeline: Sendable {
    /// State variables in declaration order (scene state first, then each component instance's).
    public let keys: [StateKey]
    public let initial: [StateKey: Value]
    /// Each variable's changes, sorted by time.
    public let changes: [StateKey: [Change]]
    /// Each variable's Core Animation explicit animations, in the order they were added.
    public let layerAnimations: [StateKey: [LayerAnimation]]
    /// Each variable's animated offsets, planned once from its changes.
    let motions: [StateKey: [AnimatedOffset]]

    public init(keys: [StateKey], initial: [StateKey: Value], changes: [StateKey: [Change]],
                layerAnimations: [StateKey: [LayerAnimation]] = [:]) {
        self.keys = keys
        self.initial = initial
        self.changes = changes
        self.layerAnimations = layerAnimations
        self.motions = changes.mapValues(AnimatedOffset.plan).filter { !$0.value.isEmpty }
    }

    /// The model value of `key` at time `t` (the last change made at or before t).
    public func modelValue(_ key: StateKey, at t: Double) -> Value? {
        guard let list = changes[key], let i = Self.lastIndex(in: list, atOrBefore: t, time: \.time) else {
            return initial[key]
        }
        return list[i].new
    }

    /// The value of `key` on screen at time `t`.
    public func presentationValue(_ key: StateKey, at t: Double) -> Value? {
        if let layer = layerAnimations[key]?.last(where: { $0.isActive(at: t) }) { return layer.value(at: t) }
        guard let model = modelValue(key, at: t) else { return nil }
        guard let motions = motions[key], let last = Self.lastIndex(in: motions, atOrBefore: t, time: \.start),
              var value = AnimatedOffset.components(model) else { return model }
        for motion in motions[...last] where motion.end > t {
            let offset = motion.offset(at: t)
            guard offset.count == value.count else { continue }
            for c in value.indices { value[c] += offset[c] }
        }
        return AnimatedOffset.value(value, like: model)
    }

    /// Every variable's presentation value at `t`.
    public func snapshot(at t: Double) -> StateSnapshot {
        var values: [StateKey: Value] = [:]
        values.reserveCapacity(keys.count)
        for key in keys { values[key] = presentationValue(key, at: t) }
        return StateSnapshot(time: t, values: values, timeline: self)
    }

    /// Binary search in a list sorted by `time`: the last element at or before `t`.
    private static func lastIndex<Element>(in list: [Element], atOrBefore t: Double,
                                           time: (Element) -> Double) -> Int? {
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if time(list[mid]) <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }
}

/// The state of a scene at one moment, as the screen shows it.
public struct StateSnapshot: Sendable {
    public var time: Double
    public var values: [StateKey: Value]
    /// The log the snapshot was taken from, for what depends on model history (transitions); nil for a
    /// snapshot made by hand.
    public var timeline: Timeline?

    public init(time: Double, values: [StateKey: Value], timeline: Timeline? = nil) {
        self.time = time
        self.values = values
        self.timeline = timeline
    }
}

import Expressions
import SceneFormat

/// Every model change of every state variable, in time order: the result of simulating a scene's script.
///
/// Views read model values (`snapshot(at:)`), as SwiftUI's views do: what animates is what the views
/// render with, and the composer works that out from this log, attribute by attribute, Core Animation
/// animations (`layerAnimations`) included: they act on the attributes of the views that show the
/// variable, not on the variable. Two things act on a variable itself:
/// - a scroll view's content offset shows its animated value: UIScrollView moves it, and layout and
///   geometry readers see each step;
/// - `presentationValue(_:at:)` gives what a view attribute bound to the variable alone would show (a
///   running layer animation's value, or the model value plus the offsets of its animated changes, see
///   `MotionTrack`).
public struct Timeline: Sendable {
    /// State variables in declaration order (scene state first, then each component instance's).
    public let keys: [StateKey]
    public let initial: [StateKey: Value]
    /// Each variable's changes, sorted by time.
    public let changes: [StateKey: [Change]]
    /// Each variable's Core Animation explicit animations, in the order they were added.
    public let layerAnimations: [StateKey: [LayerAnimation]]
    /// The changes again, grouped into transactions, in the order they ran.
    public let transactions: [ModelTransaction]
    /// The state of `forEach` items (`Simulator+ItemState.swift`): the times each item's key is held, from
    /// the item's appearance to its removal (a key not here is held for the whole scene).
    public let itemSpans: [StateKey: [ItemSpan]]
    /// Each variable's layer animations indexed by their live spans, so that a frame looks only at those
    /// that can be active then.
    private let layerSpans: [StateKey: IntervalIndex]
    /// Each variable's animated changes as motions, indexed, for `presentationValue(_:at:)`.
    private let motions: [StateKey: LiveMotionIndex<Int>]

    public init(keys: [StateKey], initial: [StateKey: Value], changes: [StateKey: [Change]],
                layerAnimations: [StateKey: [LayerAnimation]] = [:], transactions: [ModelTransaction]? = nil,
                itemSpans: [StateKey: [ItemSpan]] = [:]) {
        self.keys = keys
        self.itemSpans = itemSpans
        self.initial = initial
        self.changes = changes
        self.layerAnimations = layerAnimations
        self.transactions = transactions ?? Self.transactions(from: changes, keys: keys)
        layerSpans = layerAnimations.mapValues { IntervalIndex($0.map(\.liveSpan)) }
        var motions: [StateKey: LiveMotionIndex<Int>] = [:]
        for (key, list) in changes {
            let track = Self.motionTrack(list, before: .infinity)
            if !track.motions.isEmpty { motions[key] = LiveMotionIndex(tracks: [(0, track)]) }
        }
        self.motions = motions
    }

    /// The motions of the animated changes in `list` made at or before `t`.
    private static func motionTrack(_ list: [Change], before t: Double) -> MotionTrack {
        var track = MotionTrack()
        for change in list where change.time <= t {
            guard let animation = change.animation, let old = AnimatedOffset.components(change.old),
                  let new = AnimatedOffset.components(change.new) else { continue }
            track.add(time: change.time, old: old, new: new, animation: animation)
        }
        return track
    }

    /// What a view attribute bound to a variable alone shows at `t`, from the variable's log (`changes`
    /// sorted by time, `layers` in the order added) without an index: for the simulator, which asks once
    /// per animation it adds, while the log is still growing.
    static func presentationValue(changes: [Change], layers: [LayerAnimation], initial: Value?, at t: Double) -> Value? {
        let model = lastIndex(in: changes, atOrBefore: t, time: \.time).map { changes[$0].new } ?? initial
        if let shown = LayerAnimation.presented(layers, at: t, model: model) { return shown }
        return adding(motionTrack(changes, before: t).offset(at: t), to: model)
    }

    /// `model` plus an animated offset of the same length (the model as it is without one).
    private static func adding(_ offset: [Double]?, to model: Value?) -> Value? {
        guard let model, var value = AnimatedOffset.components(model) else { return model }
        guard let offset, offset.count == value.count else { return model }
        for c in value.indices { value[c] += offset[c] }
        return AnimatedOffset.value(value, like: model)
    }

    /// One transaction per change, in time order (for a log made by hand).
    private static func transactions(from changes: [StateKey: [Change]], keys: [StateKey]) -> [ModelTransaction] {
        var all: [(change: Change, key: StateKey)] = []
        for key in keys { all += (changes[key] ?? []).map { ($0, key) } }
        return all.enumerated().sorted { a, b in
            a.element.change.time != b.element.change.time ? a.element.change.time < b.element.change.time : a.offset < b.offset
        }.map { ModelTransaction(time: $0.element.change.time, animation: $0.element.change.animation,
                                 changes: [($0.element.key, $0.element.change.new)]) }
    }

    /// Whether the state variable `key` exists at `t`: SwiftUI destroys a view's `@State` when the view's
    /// identity leaves the hierarchy, so a `forEach` item's state is there from the item's appearance until
    /// its removal (the transaction that removes the item drops it), and again, afresh, when it comes back.
    public func holds(_ key: StateKey, at t: Double) -> Bool {
        guard let spans = itemSpans[key] else { return true }
        return spans.contains { $0.start <= t && t < $0.end }
    }

    /// The model value of `key` at time `t` (the last change made at or before t).
    public func modelValue(_ key: StateKey, at t: Double) -> Value? {
        guard let list = changes[key], let i = Self.lastIndex(in: list, atOrBefore: t, time: \.time) else {
            return initial[key]
        }
        return list[i].new
    }

    /// What a view attribute bound to `key` alone shows at `t`: a running layer animation's value, or the
    /// model value plus the offsets of the variable's animated changes still playing.
    public func presentationValue(_ key: StateKey, at t: Double) -> Value? {
        let model = modelValue(key, at: t)
        if let layers = layerAnimations[key], let spans = layerSpans[key],
           let shown = LayerAnimation.presented(layers, indices: spans.live(at: t), at: t, model: model) {
            return shown
        }
        return Self.adding(motions[key]?.offsets(at: t)[0], to: model)
    }

    /// The value views read for `key` at `t`: the model value; a scroll view's content offset as it
    /// scrolls (UIScrollView moves the offset itself, frame by frame, and geometry readers see every step).
    public func viewValue(_ key: StateKey, at t: Double) -> Value? {
        if key.hasSuffix(ScrollViewSpec.offsetSuffix) { return presentationValue(key, at: t) }
        // Animations that act on state (additive ones, paths) are read here; one added onto a plain animation
        // still running adds to that animation's value ("the animation's value is added to the current render
        // tree value", CAPropertyAnimation.isAdditive), so the plain ones below it are read here too, and
        // views skip them while it runs (PresentationIndex.layerValues).
        if let layers = layerAnimations[key], let spans = layerSpans[key] {
            let live = spans.live(at: t)
            if let top = live.last(where: { layers[$0].actsOnState && layers[$0].isActive(at: t) }),
               let shown = LayerAnimation.presented(layers, indices: live.lazy.filter { $0 <= top }, at: t, model: modelValue(key, at: t)) {
                return shown
            }
        }
        return modelValue(key, at: t)
    }

    /// Every variable's value as views read it at `t` (model values; scroll offsets as they scroll).
    public func snapshot(at t: Double) -> StateSnapshot {
        var values: [StateKey: Value] = [:]
        values.reserveCapacity(keys.count)
        for key in keys { values[key] = viewValue(key, at: t) }
        return StateSnapshot(time: t, values: values, timeline: self)
    }

    /// The first change of `key` made at exactly `time` (the value before it is its `old`), by binary search.
    public func firstChange(_ key: StateKey, at time: Double) -> Change? {
        guard let list = changes[key], var i = Self.lastIndex(in: list, atOrBefore: time, time: \.time),
              list[i].time == time else { return nil }
        while i > 0, list[i - 1].time == time { i -= 1 }
        return list[i]
    }

    /// Binary search in a list sorted by `time`: the last element at or before `t`.
    public static func lastIndex<Element>(in list: [Element], atOrBefore t: Double,
                                           time: (Element) -> Double) -> Int? {
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if time(list[mid]) <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }
}

/// The state of a scene at one moment, as views read it: model values (and layer animations' values).
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

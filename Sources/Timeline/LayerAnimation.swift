import Expressions
import SceneFormat

/// A Core Animation explicit animation (`CABasicAnimation`, `CAKeyframeAnimation`) on one state variable,
/// as the simulator logged it: while it runs the presentation shows its values along `curve`, whatever the
/// model is.
public struct LayerAnimation: Sendable {
    /// When it was added to the layer, in seconds from the start.
    public var start: Double
    /// Seconds (Core Animation's 0.25 s when the scene gave 0).
    public var duration: Double
    public var from: Value
    public var to: Value
    public var curve: UnitBezier
    /// Whether the presentation keeps the last value after the end (`isRemovedOnCompletion = false` with
    /// `fillMode` `.forwards` or `.both`); otherwise the model value shows again at the end.
    public var holdsAfterEnd: Bool
    /// A `CAKeyframeAnimation`'s values and pacing (then `from` and `to` are its first and last values).
    public var keyframes: LayerKeyframes?
    /// `CAMediaTiming`: begin time, speed, offset, repetition, autoreverses, backwards fill.
    public var timing: LayerTiming
    /// A `CASpringAnimation`'s spring: the progress at local time s is the unit step response `spring.value(at: s)`.
    public var spring: Spring?
    /// `isAdditive`: the value is added to what the layer shows without it (the model value, or the
    /// animations added before it) instead of replacing it.
    public var isAdditive = false
    /// A keyframe animation along a path: the coordinate (or angle) of the path this variable takes.
    public var pathMotion: LayerPathMotion?
    /// The `CAAnimationGroup` this animation belongs to: then `start` is 0 and the times are the group's.
    public var group: LayerGroupTiming?
    /// The JSON path of the action that added it (`caAnimation`, `caKeyframeAnimation`, a `UIView.animate`
    /// block), for the work estimate's errors.
    public var origin: JSONPath?
    /// Where that action stands in the file.
    public var originLocation: SourceLocation?

    public init(start: Double, duration: Double, from: Value, to: Value, curve: UnitBezier, holdsAfterEnd: Bool,
                keyframes: LayerKeyframes? = nil, timing: LayerTiming = LayerTiming()) {
        self.keyframes = keyframes
        self.start = start
        self.duration = duration
        self.from = from
        self.to = to
        self.curve = curve
        self.holdsAfterEnd = holdsAfterEnd
        self.timing = timing
    }

    /// When the active period begins: `beginTime` after it was added.
    public var begin: Double { start + timing.beginTime }

    /// The time the animation stops (the delegate's `animationDidStop` runs then): the active duration,
    /// in the layer's time (divided by `speed`), after `begin`.
    public var end: Double { begin + timing.activeDuration(duration) / timing.speed }

    /// A span of time outside which the animation is never active (`isActive` decides within it): from
    /// when it or its group is added or begins, to when it stops, or forever when it holds its last value.
    public var liveSpan: (start: Double, end: Double) {
        guard let group else { return (min(start, begin), holdsAfterEnd ? .infinity : end) }
        return (min(group.start, group.begin), group.holdsAfterEnd ? .infinity : group.end)
    }

    /// Whether the animation decides the presentation value at `t`.
    public func isActive(at t: Double) -> Bool {
        guard let group else { return (t >= begin || (timing.fillsBackwards && t >= start)) && (t < end || holdsAfterEnd) }
        guard group.isActive(at: t) else { return false }
        let p = group.position(at: t)
        // A child that ends with its group holds its last frame while the group does.
        let heldWithGroup = t >= group.end && group.holdsAfterEnd && p >= end
        return (p >= begin || timing.fillsBackwards) && (p < end || holdsAfterEnd || heldWithGroup)
    }

    /// The animation's progress at `t`: the fraction `timing` gives, through the timing function or the
    /// spring (a keyframe animation's input to its keyframes).
    public func progress(at t: Double) -> Double {
        let local = group.map { $0.position(at: t) } ?? t
        let fraction = duration > 0 ? timing.fraction(elapsed: local - begin, duration: duration) : 1
        return spring.map { $0.value(at: fraction * duration) } ?? curve.value(at: fraction)
    }

    /// Whether views read this animation through the variable (the presentation value) rather than
    /// through the attributes it moves: an additive animation adds to whatever the property shows, and a
    /// position along a path is not a blend of two end values, so both act on the value views read.
    public var actsOnState: Bool { isAdditive || pathMotion != nil }

    /// The keyframe values as values of the variable's kind (`from` and `to` for a basic animation).
    public var values: [Value] {
        guard let keyframes else { return [from, to] }
        return keyframes.values.map { AnimatedOffset.value($0, like: to) }
    }

    /// The value at `t`: `from + (to - from) * curve(progress)` for numbers and colours (a keyframe
    /// animation's value at that progress), `to` for others; the progress comes from `timing`.
    public func value(at t: Double) -> Value {
        let progress = progress(at: t)
        if let pathMotion { return .number(pathMotion.value(at: progress)) }
        if let keyframes { return AnimatedOffset.value(keyframes.components(at: progress), like: to) }
        guard let a = AnimatedOffset.components(from), let b = AnimatedOffset.components(to), a.count == b.count else { return to }
        return AnimatedOffset.value(zip(a, b).map { $0 + ($1 - $0) * progress }, like: to)
    }
}

extension LayerAnimation {
    /// What a layer property shows at `t` under `animations` (in the order they were added): each active
    /// animation replaces what is below it, or, additive, adds its value to it; nil when none is active.
    public static func presented(_ animations: [LayerAnimation], at t: Double, model: Value?) -> Value? {
        presented(animations, indices: animations.indices, at: t, model: model)
    }

    /// `presented(_:at:model:)` over the animations at `indices` only (ascending): those an
    /// `IntervalIndex` of their `liveSpan`s finds live at `t`, or those that act on state.
    static func presented(_ animations: [LayerAnimation], indices: some Sequence<Int>, at t: Double, model: Value?) -> Value? {
        var shown: Value?
        for i in indices {
            let animation = animations[i]
            guard animation.isActive(at: t) else { continue }
            let value = animation.value(at: t)
            guard animation.isAdditive else { shown = value; continue }
            guard let base = shown ?? model, let a = AnimatedOffset.components(base), let b = AnimatedOffset.components(value),
                  a.count == b.count else { continue }
            shown = AnimatedOffset.value(zip(a, b).map { $0 + $1 }, like: base)
        }
        return shown
    }
}

/// A `CAAnimationGroup`'s own timing: its children run in its local time, from 0 to its `duration`, which
/// clips them; the group's `beginTime`, `speed`, repetition and fill apply to them all.
public struct LayerGroupTiming: Sendable {
    /// When the group was added to the layer.
    public var start: Double
    /// The group's duration (Core Animation's 0.25 s when 0).
    public var duration: Double
    public var timing: LayerTiming
    /// `isRemovedOnCompletion = false` with a forwards fill.
    public var holdsAfterEnd: Bool

    public init(start: Double, duration: Double, timing: LayerTiming, holdsAfterEnd: Bool) {
        self.start = start
        self.duration = duration
        self.timing = timing
        self.holdsAfterEnd = holdsAfterEnd
    }

    public var begin: Double { start + timing.beginTime }
    /// When the group stops (its delegate's `animationDidStop`).
    public var end: Double { begin + timing.activeDuration(duration) / timing.speed }

    public func isActive(at t: Double) -> Bool {
        (t >= begin || (timing.fillsBackwards && t >= start)) && (t < end || holdsAfterEnd)
    }

    /// The group's local time at `t`, 0...duration: the time its children see.
    public func position(at t: Double) -> Double {
        timing.fraction(elapsed: t - begin, duration: duration) * duration
    }
}

/// `CAMediaTiming` for an animation on a layer whose own timing is the identity.
///
/// Local time `a = (t - begin) * speed` runs while `0 <= a < activeDuration`; the cycle position is
/// `(a + timeOffset) mod period`, the period being `duration` (twice that when autoreversing, the second
/// half played backwards). The active duration is `repeatDuration` when set, else
/// `duration * max(repeatCount, 1)`, doubled when autoreversing
/// (https://developer.apple.com/documentation/quartzcore/camediatiming).
public struct LayerTiming: Sendable, Equatable {
    public var beginTime = 0.0
    public var speed = 1.0
    public var timeOffset = 0.0
    public var repeatCount = 0.0
    public var repeatDuration = 0.0
    public var autoreverses = false
    /// `fillMode` `.backwards` or `.both`: the first frame shows from when it is added until `beginTime`.
    public var fillsBackwards = false

    public init() {}

    /// How long the animation plays, in its local time.
    public func activeDuration(_ duration: Double) -> Double {
        if repeatDuration > 0 { return repeatDuration }
        return duration * (autoreverses ? 2 : 1) * max(repeatCount, 1)
    }

    /// The fraction of the duration (0...1, before the timing function) shown `elapsed` seconds of layer
    /// time after the begin; before the begin the first frame, after the end the last.
    public func fraction(elapsed: Double, duration: Double) -> Double {
        let active = activeDuration(duration)
        let local = min(max(elapsed * speed, 0), active)
        let period = duration * (autoreverses ? 2 : 1)
        guard period > 0, period.isFinite else { return 1 }
        var position = (local + timeOffset).truncatingRemainder(dividingBy: period)
        // At the end of a whole number of cycles the animation shows the end of its cycle, not the start.
        if position == 0, local >= active, local + timeOffset > 0 { position = period }
        if autoreverses, position > duration { position = period - position }
        return min(1, max(0, position / duration))
    }
}

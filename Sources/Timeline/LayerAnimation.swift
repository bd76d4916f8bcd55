import Expressions

/// A Core Animation explicit animation (`CABasicAnimation`) on one state variable, as the simulator
/// logged it: while it runs the presentation shows `from -> to` along `curve`, whatever the model is.
public struct LayerAnimation: Sendable {
    /// When it was added to the layer, in seconds from the start.
    public var start: Double
    /// Seconds (Core Animation's 0.25 s when the scene gave 0).
    public var duration: Double
    public var from: Value
    public var to: Value
    public var curve: UnitBezier
    /// Whether the presentation keeps `to` after the end (`isRemovedOnCompletion = false` with
    /// `fillMode = .forwards`); otherwise the model value shows again at the end.
    public var holdsAfterEnd: Bool
    /// A `CAKeyframeAnimation`'s values and pacing (then `from` and `to` are its first and last values).
    public var keyframes: LayerKeyframes?

    public init(start: Double, duration: Double, from: Value, to: Value, curve: UnitBezier, holdsAfterEnd: Bool,
                keyframes: LayerKeyframes? = nil) {
        self.keyframes = keyframes
        self.start = start
        self.duration = duration
        self.from = from
        self.to = to
        self.curve = curve
        self.holdsAfterEnd = holdsAfterEnd
    }

    /// The time the animation stops (the delegate's `animationDidStop` runs then).
    public var end: Double { start + duration }

    /// Whether the animation decides the presentation value at `t`.
    public func isActive(at t: Double) -> Bool {
        t >= start && (t < end || holdsAfterEnd)
    }

    /// `from + (to - from) * curve((t - start) / duration)`, for numbers and colours (a keyframe
    /// animation's value at that progress); `to` for others.
    public func value(at t: Double) -> Value {
        let progress = duration > 0 ? curve.value(at: min(1, max(0, (t - start) / duration))) : 1
        if let keyframes { return AnimatedOffset.value(keyframes.components(at: progress), like: to) }
        guard let a = AnimatedOffset.components(from), let b = AnimatedOffset.components(to), a.count == b.count else { return to }
        return AnimatedOffset.value(zip(a, b).map { $0 + ($1 - $0) * progress }, like: to)
    }
}

import Expressions

/// What one animated change adds to a value's presentation: an offset from the model value (one
/// component for a number, four for a colour, four for a frame) that plays from `start` until `end`.
/// `MotionTrack` plans them, one animated change at a time.
public struct AnimatedOffset: Sendable {
    /// How the offset evolves.
    public enum Shape: Sendable {
        /// `delta * (1 - animation.fraction(at: t - start))`, with `delta = old - new`.
        case additive(Animation, delta: [Double])
        /// The spring's displacement from its target, started at `initial` with `velocity` (per second).
        case spring(Spring, initial: [Double], velocity: [Double])
    }

    public var start: Double
    /// When it stops contributing: settled, finished, or taken over by a later spring.
    public var end: Double
    public var shape: Shape

    /// The offset at time t (start <= t < end).
    public func offset(at t: Double) -> [Double] {
        switch shape {
        case .additive(let animation, let delta):
            let k = 1 - animation.fraction(at: t - start)
            return delta.map { $0 * k }
        case .spring(let spring, let initial, let velocity):
            return zip(initial, velocity).map { spring.displacement(at: t - start, initial: $0, velocity: $1).position }
        }
    }

    /// The rate of change of the offset at time t, per second.
    func velocity(at t: Double) -> [Double] {
        switch shape {
        case .additive(let animation, let delta):
            let rate = animation.velocity(at: t - start)
            return delta.map { -$0 * rate }
        case .spring(let spring, let initial, let velocity):
            return zip(initial, velocity).map { spring.displacement(at: t - start, initial: $0, velocity: $1).velocity }
        }
    }

    /// Whether the motion is a retargeting spring's (one a later retargeting spring takes over).
    var isRetargetingSpring: Bool {
        if case .spring = shape { return true }
        return false
    }

    /// How long a spring started at `initial` with `velocity` takes to settle within 0.001 of its largest
    /// starting displacement (SwiftUI's epsilon for the unit step).
    static func settlingDuration(_ spring: Spring, initial: [Double], velocity: [Double]) -> Double {
        let w0 = (spring.stiffness / spring.mass).squareRoot()
        var scale = 0.0
        for (d, v) in zip(initial, velocity) { scale = max(scale, abs(d), w0 > 0 ? abs(v) / w0 : 0) }
        guard scale > 0, scale.isFinite else { return 0 }
        var longest = 0.0
        for (d, v) in zip(initial, velocity) {
            longest = max(longest, spring.settlingDuration(initial: d / scale, velocity: v / scale, epsilon: 0.001))
        }
        return longest
    }

    /// A number as one component, a colour as four, a record or list as those of its numbers and colours
    /// (`AnimatableData`); nil for values that are not interpolated.
    public static func components(_ value: Value) -> [Double]? {
        AnimatableData.components(value) { [$0.red, $0.green, $0.blue, $0.alpha] }
    }

    /// `components` back into a value of the same kind as `model`.
    public static func value(_ components: [Double], like model: Value) -> Value {
        AnimatableData.value(components, like: model) { v, c in
            var c = c
            c.red = v[0]
            c.green = v[1]
            c.blue = v[2]
            c.alpha = v[3]
            return c
        }
    }
}

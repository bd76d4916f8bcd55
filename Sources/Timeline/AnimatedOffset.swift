import Expressions

/// What one animated change adds to a variable's presentation value: an offset from the model value
/// (one component for a number, four for a colour) that plays from `start` until `end`.
///
/// The offsets of a variable are planned once from its change log (`AnimatedOffset.plan`), so the presentation
/// value at any time stays a pure function of the log:
/// - a timing curve, a delayed or repeating animation, or an `interpolatingSpring` adds
///   `(old - new) * (1 - fraction)`, SwiftUI's additive rule;
/// - a retargeting spring (`spring`, `smooth`, `snappy`, `bouncy`, `default`, `interactiveSpring`)
///   started while earlier retargeting springs still run takes over their combined offset and velocity:
///   it starts at displacement `(old - new) + their offsets` with their velocity, and they stop.
struct AnimatedOffset: Sendable {
    /// How the offset evolves.
    enum Shape: Sendable {
        /// `delta * (1 - animation.fraction(at: t - start))`, with `delta = old - new`.
        case additive(Animation, delta: [Double])
        /// The spring's displacement from its target, started at `initial` with `velocity` (per second).
        case spring(Spring, initial: [Double], velocity: [Double])
    }

    var start: Double
    /// When it stops contributing: settled, finished, or taken over by a later spring.
    var end: Double
    var shape: Shape

    /// The offset at time t (start <= t < end).
    func offset(at t: Double) -> [Double] {
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

    /// The motions of one variable's changes, in the changes' order.
    static func plan(_ changes: [Change]) -> [AnimatedOffset] {
        var motions: [AnimatedOffset] = []
        for change in changes {
            guard let animation = change.animation, let old = components(change.old), let new = components(change.new),
                  old.count == new.count else { continue }
            let delta = zip(old, new).map { $0 - $1 }
            guard let spring = animation.retargetingSpring else {
                motions.append(AnimatedOffset(start: change.time, end: change.end, shape: .additive(animation, delta: delta)))
                continue
            }
            // The unit step 0 -> 1 with initial velocity v0 is the offset delta -> 0 with velocity -delta v0.
            var initial = delta
            var velocity = delta.map { -$0 * spring.initialVelocity }
            for i in motions.indices where motions[i].isRetargetingSpring
                && motions[i].start <= change.time && motions[i].end > change.time {
                let offset = motions[i].offset(at: change.time), rate = motions[i].velocity(at: change.time)
                for c in initial.indices {
                    initial[c] += offset[c]
                    velocity[c] += rate[c]
                }
                motions[i].end = change.time
            }
            let end = change.time + settlingDuration(spring, initial: initial, velocity: velocity)
            motions.append(AnimatedOffset(start: change.time, end: end, shape: .spring(spring, initial: initial, velocity: velocity)))
        }
        return motions
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

    /// A number as one component, a colour as four; nil for values that are not interpolated.
    static func components(_ value: Value) -> [Double]? {
        switch value {
        case .number(let n): return [n]
        case .color(let c): return [c.red, c.green, c.blue, c.alpha]
        default: return nil
        }
    }

    /// `components` back into a value of the same kind as `model`.
    static func value(_ components: [Double], like model: Value) -> Value {
        switch model {
        case .number: return .number(components[0])
        case .color(var c):
            c.red = components[0]
            c.green = components[1]
            c.blue = components[2]
            c.alpha = components[3]
            return .color(c)
        default: return model
        }
    }
}

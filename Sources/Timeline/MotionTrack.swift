/// The animated offsets of one animatable value (a state variable, or a view attribute such as a
/// rotation or a frame), planned one animated change at a time, in time order.
///
/// The presentation value at t is the model value at t plus `offset(at: t)`, SwiftUI's additive rule:
/// - a timing curve, a delayed or repeating animation, or an `interpolatingSpring` adds
///   `(old - new) * (1 - fraction)` and keeps playing whatever comes after it;
/// - a retargeting spring started while earlier retargeting springs still run takes over their combined
///   offset and velocity (it starts at `(old - new) + their offsets` with their velocity, and they stop).
public struct MotionTrack: Sendable {
    /// The motions, in the order their changes were added (so sorted by start).
    public private(set) var motions: [AnimatedOffset] = []
    /// The index of the last retargeting spring added: while changes come in time order, each spring stops
    /// the ones before it, so it is the only one that can still run when the next change comes.
    private var lastSpring: Int?
    /// The time of the last change added, and whether every change so far came in time order.
    private var lastTime = -Double.infinity
    private var inOrder = true

    public init() {}

    /// Adds the animated change `old -> new` (component vectors of one length) made at `time`.
    public mutating func add(time: Double, old: [Double], new: [Double], animation: Animation) {
        guard old.count == new.count else { return }
        if time < lastTime { inOrder = false }
        lastTime = time
        let delta = zip(old, new).map { $0 - $1 }
        guard let spring = animation.retargetingSpring else {
            motions.append(AnimatedOffset(start: time, end: time + animation.duration,
                                          shape: .additive(animation, delta: delta)))
            return
        }
        // The unit step 0 -> 1 with initial velocity v0 is the offset delta -> 0 with velocity -delta v0.
        var initial = delta
        var velocity = delta.map { -$0 * spring.initialVelocity }
        // Only the last spring when the changes come in time order (a storm of 100,000 animated changes
        // looked at every earlier motion on each, quadratically); all of them otherwise.
        let candidates = inOrder ? (lastSpring.map { [$0] } ?? []) : Array(motions.indices.reversed())
        for i in candidates where motions[i].isRetargetingSpring
            && motions[i].start <= time && motions[i].end > time {
            let offset = motions[i].offset(at: time), rate = motions[i].velocity(at: time)
            guard offset.count == initial.count else { continue }
            for c in initial.indices {
                initial[c] += offset[c]
                velocity[c] += rate[c]
            }
            motions[i].end = time
        }
        let end = time + AnimatedOffset.settlingDuration(spring, initial: initial, velocity: velocity)
        motions.append(AnimatedOffset(start: time, end: end, shape: .spring(spring, initial: initial, velocity: velocity)))
        lastSpring = motions.count - 1
    }

    /// The sum of the offsets still playing at `t` (nil when none is), looking at every motion: for
    /// planning and tests. Frames use a `LiveMotionIndex`, which costs only the live ones.
    public func offset(at t: Double) -> [Double]? {
        var sum: [Double]?
        for motion in motions where motion.start <= t && motion.end > t {
            let offset = motion.offset(at: t)
            if var s = sum, s.count == offset.count {
                for c in s.indices { s[c] += offset[c] }
                sum = s
            } else if sum == nil {
                sum = offset
            }
        }
        return sum
    }
}

#if canImport(Glibc)
import Glibc
#endif

extension Animation {
    /// The distance at which a deceleration stops: it snaps to its end when less than this is left.
    public static let decelerationRestDistance = 0.1

    /// A fling of `velocity` (points per second) decelerating as UIScrollView does: the velocity is
    /// multiplied by `rate` every millisecond, v(t) = v0 * rate^(1000 t), so it travels
    /// `v0 / (1000 ln(1 / rate))` points in all. Returns that distance and the animation, which ends when
    /// less than `decelerationRestDistance` is left.
    public static func deceleration(velocity: Double, rate: Double) -> (distance: Double, animation: Animation) {
        let decay = -1000 * log(rate)  // per second
        let distance = velocity / decay
        let remaining = Self.decelerationRestDistance / max(abs(distance), Self.decelerationRestDistance)
        let duration = -log(remaining) / decay
        return (distance, Animation(base: .deceleration(rate: rate, duration: duration)))
    }
}

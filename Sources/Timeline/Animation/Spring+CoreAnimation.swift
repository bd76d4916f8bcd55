#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Spring {
    /// `CASpringAnimation.settlingDuration`: the time by which the oscillation's bound has fallen to 0.001
    /// of the distance.
    ///
    /// For an underdamped spring (0 < damping ratio z < 1), with `a = z w0`, `wd = w0 sqrt(1 - z^2)`, the
    /// displacement `e^(-a t) (-cos(wd t) + (v0 - a) / wd sin(wd t))` is bounded by
    /// `e^(-a t) (1 + |a - v0| / wd)`, and the settling duration is when that bound is 0.001:
    ///
    ///     ln((1 + |a - v0| / wd) / 0.001) / a
    ///
    /// Apple documents two values (https://developer.apple.com/documentation/quartzcore/caspringanimation/settlingduration):
    /// with mass 1 and stiffness 100, damping 5 settles in "approximately 2.85 seconds" (this gives 2.862)
    /// and damping 15 in "just over 1 second" (1.022); the same bound with this epsilon is the duration
    /// of SwiftUI's interpolating spring in OpenSwiftUI's reconstruction (`SpringModel.duration(epsilon:)`
    /// in `SpringAnimation.swift`). Apple does not document the critically damped and overdamped cases;
    /// for them, and for an undamped spring (`.infinity`), this is `settlingDuration`.
    public var coreAnimationSettlingDuration: Double {
        guard mass > 0, stiffness > 0, damping > 0 else { return settlingDuration }
        let w0 = (stiffness / mass).squareRoot()
        let z = damping / (2 * (mass * stiffness).squareRoot())
        guard z < 1, w0.isFinite, z.isFinite else { return settlingDuration }
        let a = z * w0, wd = w0 * (1 - z * z).squareRoot()
        let bound = 1 + abs(a - initialVelocity) / wd
        guard bound.isFinite, a > 0 else { return settlingDuration }
        return max(0, log(bound / 0.001) / a)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// UIKit's spring with a damping ratio and a duration,
/// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:...)`.
///
/// Apple documents the inputs, not the spring they make: the damping ratio (1 for no oscillation), the
/// duration of the whole animation, and the initial velocity relative to the distance ("a value of 1
/// corresponds to the total animation distance traversed in one second"). The mapping used here is the
/// open reconstruction Framer published and which reproductions of UIKit's springs use
/// (`computeDerivedCurveOptions` in framer/SpringsExample, reused in guillianbalisi/ios-spring-animations
/// to match a `CASpringAnimation` to the UIView API): mass 1, the damping ratio clamped to at most 1 and
/// the duration to 0.01...10 s, and the natural frequency `w0` the one for which the oscillation's
/// envelope has fallen to 0.001 of the distance when the duration ends:
///
///     damping ratio z < 1:  (z w0 - v) / (w0 sqrt(1 - z^2)) * e^(-z w0 d) = 0.001
///     z = 1:                ((w0 - v) d + 1) * e^(-w0 d)                  = 0.001
///
/// then stiffness `w0^2` and damping `2 z w0`. With v = 0 and z < 1 this is
/// `w0 = ln(z / (0.001 sqrt(1 - z^2))) / (z d)`. That the threshold is 0.001 is inferred (the animation
/// visibly comes to rest at the duration on a device, and the reconstruction matches side by side); the
/// animation itself lasts exactly the duration, as the `CASpringAnimation` UIKit adds does. When no
/// frequency reaches the threshold (a velocity toward the target that nearly cancels the oscillation),
/// `w0` is `5 / duration`, the reconstruction's starting guess.
extension Spring {
    /// The envelope threshold: the spring is within this fraction of the distance at the duration.
    static let uiKitEpsilon = 0.001

    /// The spring `usingSpringWithDamping: dampingRatio` over `duration` seconds with `initialVelocity`
    /// (distances per second) makes.
    public init(uiKitDampingRatio dampingRatio: Double, duration: Double, initialVelocity: Double) {
        let z = min(max(dampingRatio, 1e-6), 1)
        let d = min(max(duration, 0.01), 10)
        let v = initialVelocity
        let envelope: (Double) -> Double
        if z < 1 {
            let s = (1 - z * z).squareRoot()
            envelope = { w in (z * w - v) / (w * s) * exp(-z * w * d) }
        } else {
            envelope = { w in ((w - v) * d + 1) * exp(-w * d) }
        }
        let w0 = Self.largestRoot(of: envelope, equalTo: Self.uiKitEpsilon, guess: 5 / d)
        self.init(mass: 1, stiffness: w0 * w0, damping: 2 * z * w0, initialVelocity: v)
    }

    /// The largest `w` with `f(w) = target`, for an `f` that falls below `target` for large `w`: scans up
    /// from `guess / 1024` to `guess * 10^6` in steps of 10 % for the last point where `f` drops from at
    /// least `target` to below it, then bisects there; `guess` if `f` never crosses.
    static func largestRoot(of f: (Double) -> Double, equalTo target: Double, guess: Double) -> Double {
        var bracket: (lo: Double, hi: Double)?
        var w = guess / 1024, above = f(w) >= target
        while w < guess * 1e6 {
            let next = w * 1.1
            let nextAbove = f(next) >= target
            if above, !nextAbove { bracket = (w, next) }
            w = next
            above = nextAbove
        }
        guard var (lo, hi) = bracket else { return guess }
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if f(mid) >= target { lo = mid } else { hi = mid }
            if hi - lo <= 1e-13 * hi { break }
        }
        return (lo + hi) / 2
    }
}

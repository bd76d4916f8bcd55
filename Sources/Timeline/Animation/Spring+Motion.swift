#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The closed-form motion of a spring.
///
/// With `a = c / 2m` (decay rate), `w0^2 = k / m` and `q = w0^2 - a^2`, the displacement from the
/// target `d(t)` with `d(0) = d0`, `d'(0) = v0` is
///
///     d(t)  = d0 Ec(t) + (v0 + a d0) Es(t)
///     d'(t) = v0 Ec(t) - (a v0 + w0^2 d0) Es(t)
///
/// where, with `w = sqrt(|q|)`:
/// - underdamped (q > 0): `Ec = e^(-a t) cos(w t)`,  `Es = e^(-a t) sin(w t) / w`;
/// - critically damped (q = 0): `Ec = e^(-a t)`, `Es = t e^(-a t)`;
/// - overdamped (q < 0): `Ec = e^(-a t) cosh(w t)`, `Es = e^(-a t) sinh(w t) / w`.
/// These forms have no cancellation near critical damping (sin(wt)/w and sinh(wt)/w stay accurate for
/// tiny w), and the overdamped one is evaluated as a sum of decaying exponentials for large w t so that
/// cosh never overflows.
extension Spring {
    /// The unit-step position `x(t)`: 0 at t = 0, tending to 1 (t is clamped to t >= 0).
    public func value(at t: Double) -> Double {
        1 + displacement(at: t, initial: -1, velocity: initialVelocity).position
    }

    /// The unit-step velocity `x'(t)`, in unit steps per second (t is clamped to t >= 0).
    public func velocity(at t: Double) -> Double {
        displacement(at: t, initial: -1, velocity: initialVelocity).velocity
    }

    /// The general solution: the displacement from the target and its velocity at `t` for a spring
    /// that starts at displacement `d0` with velocity `v0` (t is clamped to t >= 0).
    ///
    /// Used to retarget: a new spring starting over a running one begins at the old presentation
    /// value's displacement from the new target, with the old velocity.
    public func displacement(at t: Double, initial d0: Double, velocity v0: Double)
        -> (position: Double, velocity: Double) {
        guard let motion = Motion(self) else { return (0, 0) }
        guard t > 0 else { return (d0, v0) }
        let (ec, es) = motion.basis(at: t)
        let a = motion.decay, w0Squared = motion.naturalFrequencySquared
        return (d0 * ec + (v0 + a * d0) * es, v0 * ec - (a * v0 + w0Squared * d0) * es)
    }

    /// How long the unit step takes to settle: the time after which the position stays within 0.001
    /// of the target and the velocity within 0.001 natural-frequency units (`|x'| <= 0.001 w0`).
    ///
    /// 0.001 is SwiftUI's epsilon for `Spring.settlingDuration`
    /// (https://developer.apple.com/documentation/swiftui/spring/settlingduration). `.infinity` for an
    /// undamped spring, 0 for a degenerate one.
    public var settlingDuration: Double {
        settlingDuration(initial: -1, velocity: initialVelocity, epsilon: 0.001)
    }

    /// The time after which a spring started at displacement `d0` with velocity `v0` stays settled:
    /// `|d(t)| <= epsilon` and `|d'(t)| <= epsilon w0` for every later t.
    ///
    /// Computed from upper bounds of |d| and |d'| / w0 that decay monotonically (the oscillation's
    /// envelope, and `(P + Q t) e^(-rate t)`), so the result is never early; for the presets it is at
    /// most about a quarter period late.
    public func settlingDuration(initial d0: Double, velocity v0: Double, epsilon: Double) -> Double {
        guard let motion = Motion(self) else { return 0 }
        let a = motion.decay, w0Squared = motion.naturalFrequencySquared, w0 = w0Squared.squareRoot()
        let q = w0Squared - a * a
        let w = abs(q).squareRoot()
        // The slowest decay rate of the solution.
        let rate = q < 0 ? w0Squared / (a + w) : a
        guard rate > 0 else {
            let amplitude = (d0 * d0 + (v0 / w0) * (v0 / w0)).squareRoot()
            return amplitude <= epsilon ? 0 : .infinity
        }
        // |Es| <= t e^(-rate t) and |Ec| <= e^(-rate t) in every regime.
        let p = max(abs(d0), abs(v0) / w0)
        let slope = max(abs(v0 + a * d0), abs(a * v0 + w0Squared * d0) / w0)
        var settling = Self.lastCrossing(constant: p, slope: slope, rate: rate, epsilon: epsilon)
        if q > 0 {
            // The exact envelope A e^(-a t) of both d and d' / w0.
            let amplitude = (d0 * d0 + ((v0 + a * d0) / w) * ((v0 + a * d0) / w)).squareRoot()
            settling = min(settling, Self.lastCrossing(constant: amplitude, slope: 0, rate: a, epsilon: epsilon))
        } else if q < 0 {
            // d = c1 e^(r1 t) + c2 e^(r2 t) with r1 = -rate, r2 = -(a + w).
            let r1 = -rate, r2 = -(a + w)
            let c1 = (v0 - r2 * d0) / (2 * w), c2 = d0 - c1
            let bound = max(abs(c1) + abs(c2), (abs(r1 * c1) + abs(r2 * c2)) / w0)
            settling = min(settling, Self.lastCrossing(constant: bound, slope: 0, rate: rate, epsilon: epsilon))
        }
        return settling
    }

    /// The last time t >= 0 at which `(constant + slope t) e^(-rate t)` equals `epsilon` (0 if it never
    /// exceeds epsilon), for non-negative constant and slope and a positive rate.
    static func lastCrossing(constant: Double, slope: Double, rate: Double, epsilon: Double) -> Double {
        guard constant.isFinite, slope.isFinite else { return .infinity }
        let epsilon = epsilon > 0 ? epsilon : .leastNormalMagnitude
        if slope == 0 {
            return constant > epsilon ? log(constant / epsilon) / rate : 0
        }
        func bound(_ t: Double) -> Double { (constant + slope * t) * exp(-rate * t) }
        // The bound rises until its peak, then decreases for good.
        let peak = max(0, 1 / rate - constant / slope)
        guard bound(peak) > epsilon else { return 0 }
        var low = peak, high = peak + 1 / rate
        while bound(high) > epsilon { low = high; high *= 2 }
        while high - low > 1e-12 * high {
            let middle = (low + high) / 2
            if bound(middle) > epsilon { low = middle } else { high = middle }
        }
        return high
    }
}

/// A valid spring's motion constants; nil for a degenerate spring.
private struct Motion {
    /// `a = c / 2m`.
    let decay: Double
    /// `w0^2 = k / m`.
    let naturalFrequencySquared: Double

    init?(_ spring: Spring) {
        let decay = spring.damping / (2 * spring.mass)
        let naturalFrequencySquared = spring.stiffness / spring.mass
        guard spring.mass > 0, spring.stiffness > 0, spring.damping >= 0,
              decay.isFinite, naturalFrequencySquared.isFinite, naturalFrequencySquared > 0 else { return nil }
        self.decay = decay
        self.naturalFrequencySquared = naturalFrequencySquared
    }

    /// `(Ec(t), Es(t))` for t > 0.
    func basis(at t: Double) -> (Double, Double) {
        let q = naturalFrequencySquared - decay * decay
        let w = abs(q).squareRoot()
        if q > 0 {
            let e = exp(-decay * t)
            return (e * cos(w * t), e * sin(w * t) / w)
        }
        if q == 0 {
            let e = exp(-decay * t)
            return (e, t * e)
        }
        if w * t < 1 {
            let e = exp(-decay * t)
            return (e * cosh(w * t), e * sinh(w * t) / w)
        }
        // e^(-a t) cosh(w t) = (e^(r1 t) + e^(r2 t)) / 2 with r1 = w - a = -w0^2 / (a + w), r2 = -(a + w).
        let slow = exp(-naturalFrequencySquared / (decay + w) * t)
        let fast = exp(-(decay + w) * t)
        return ((slow + fast) / 2, (slow - fast) / (2 * w))
    }
}

/// A cubic Bézier timing curve through (0, 0), (x1, y1), (x2, y2), (1, 1), as `CAMediaTimingFunction`
/// and SwiftUI's `timingCurve(_:_:_:_:duration:)` define it.
///
/// The curve is a pair of parametric polynomials `x(t)`, `y(t)` for `t` in 0...1; `value(at: x)` solves
/// `x(t) = x` and returns `y(t)`. The x control values are clamped into 0...1, as CSS `cubic-bezier()`
/// requires, so that `x(t)` is monotonic and every x has exactly one y; y values may leave 0...1
/// (overshooting curves such as "back" easings).
public struct UnitBezier: Sendable, Hashable {
    /// The first control point's x, clamped into 0...1.
    public let x1: Double
    /// The first control point's y.
    public let y1: Double
    /// The second control point's x, clamped into 0...1.
    public let x2: Double
    /// The second control point's y.
    public let y2: Double

    /// Creates the curve with control points (x1, y1) and (x2, y2); x values are clamped into 0...1.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = Self.unitClamped(x1)
        self.y1 = y1
        self.x2 = Self.unitClamped(x2)
        self.y2 = y2
    }

    /// The curve's y for `x` (clamped into 0...1): 0 at 0, 1 at 1.
    ///
    /// Solves `x(t) = x` by Newton's method kept inside a shrinking bracket (bisection when a Newton
    /// step would leave it), to a parameter error far below 1e-7.
    public func value(at x: Double) -> Double {
        let x = Self.unitClamped(x)
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.polynomial(y1, y2, at: parameter(for: x))
    }

    /// The curve's slope dy/dx at `x` (clamped into 0...1), for velocities.
    ///
    /// Where dx/dt vanishes together with dy/dt (a control point on an end point, as in easeIn and
    /// easeOut) the slope is the limit, the ratio of the second derivatives. Where only dx/dt vanishes
    /// the slope is infinite.
    public func slope(at x: Double) -> Double {
        let t = parameter(for: Self.unitClamped(x))
        let dx = Self.derivative(x1, x2, at: t)
        let dy = Self.derivative(y1, y2, at: t)
        if abs(dx) > 1e-12 { return dy / dx }
        if abs(dy) > 1e-12 { return dy > 0 ? .infinity : -.infinity }
        let ddx = Self.secondDerivative(x1, x2, at: t)
        let ddy = Self.secondDerivative(y1, y2, at: t)
        if abs(ddx) > 1e-12 { return ddy / ddx }
        return 1
    }

    /// The parameter t with x(t) = x, for x in 0...1.
    func parameter(for x: Double) -> Double {
        var low = 0.0, high = 1.0
        var t = x
        for _ in 0..<100 {
            let error = Self.polynomial(x1, x2, at: t) - x
            if error == 0 { return t }
            if error < 0 { low = t } else { high = t }
            let slope = Self.derivative(x1, x2, at: t)
            var next = slope != 0 ? t - error / slope : .nan
            if !(next > low && next < high) { next = (low + high) / 2 }
            if abs(next - t) < 1e-15 || high - low < 1e-15 { return next }
            t = next
        }
        return t
    }

    /// One coordinate of the curve, `3(1-t)^2 t p1 + 3(1-t) t^2 p2 + t^3`, in power form.
    static func polynomial(_ p1: Double, _ p2: Double, at t: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return ((a * t + b) * t + c) * t
    }

    /// The first derivative of `polynomial` with respect to t.
    static func derivative(_ p1: Double, _ p2: Double, at t: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return (3 * a * t + 2 * b) * t + c
    }

    /// The second derivative of `polynomial` with respect to t.
    static func secondDerivative(_ p1: Double, _ p2: Double, at t: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return 6 * a * t + 2 * b
    }

    /// `value` clamped into 0...1, with NaN read as 0.
    static func unitClamped(_ value: Double) -> Double {
        value >= 0 ? min(value, 1) : 0
    }
}

import SceneFormat

/// The values of a `CAKeyframeAnimation` and how it moves between them over its progress 0...1.
///
/// `calculationMode` (https://developer.apple.com/documentation/quartzcore/caanimationcalculationmode):
/// - `linear`: straight between values; `keyTimes[i]` is when `values[i]` is reached (default: evenly
///   spaced, `i / (n - 1)`), and `timingFunctions[i]` paces the segment from value i to i + 1;
/// - `discrete`: each value holds from its key time to the next, no interpolation; `keyTimes` has one
///   more entry than `values` (default `i / n`) ("The array should have one more entry than appears in
///   the values array", `CAKeyframeAnimation.keyTimes`);
/// - `paced`: linear, but `keyTimes` and `timingFunctions` are ignored: key times are generated so the
///   value moves at a constant speed, each segment's share of the time being its share of the total distance;
/// - `cubic`: a Catmull-Rom spline through the values at their key times (tangent at a value: the
///   difference of its neighbours over the time between them; 0 at the first and last value), with the
///   timing functions pacing each segment as for linear.
public struct LayerKeyframes: Sendable, Equatable {
    public typealias Mode = KeyframeCalculationMode

    /// Component vectors, one per value, all of one length.
    public let values: [[Double]]
    /// When each value is reached (discrete: when each starts, plus the end), 0...1, non-decreasing.
    public let keyTimes: [Double]
    /// One per segment (linear and cubic).
    public let curves: [UnitBezier]
    public let mode: Mode

    /// Fills in the default key times (and, for paced, the generated ones); `curves` nil: linear.
    public init(values: [[Double]], keyTimes: [Double]?, curves: [UnitBezier]?, mode: Mode) {
        self.values = values
        self.mode = mode
        let n = values.count
        switch mode {
        case .discrete:
            self.keyTimes = keyTimes ?? (0...n).map { Double($0) / Double(max(n, 1)) }
        case .paced:
            let distances: [Double] = zip(values, values.dropFirst()).map(Self.distance)
            let total = distances.reduce(0, +)
            var times = [0.0], sum = 0.0
            for d in distances {
                sum += d
                times.append(total > 0 ? sum / total : Double(times.count) / Double(max(n - 1, 1)))
            }
            self.keyTimes = times
        case .linear, .cubic:
            self.keyTimes = keyTimes ?? (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
        }
        self.curves = mode == .paced ? [] : (curves ?? [])
    }

    /// The straight-line distance between two values.
    static func distance(_ a: [Double], _ b: [Double]) -> Double {
        var sum = 0.0
        for (x, y) in zip(a, b) { sum += (y - x) * (y - x) }
        return sum.squareRoot()
    }

    /// The same key times, timing functions and interpolation over other values (a view attribute's, one
    /// vector per keyframe): a paced animation keeps the pacing of its own values.
    public func carrying(_ other: [[Double]]) -> LayerKeyframes {
        LayerKeyframes(values: other, keyTimes: keyTimes, curves: curves, mode: mode == .paced ? .linear : mode)
    }

    /// The value at progress `p` (0...1 of the animation's active time).
    public func components(at p: Double) -> [Double] {
        guard let first = values.first, let last = values.last else { return [] }
        if mode == .discrete {
            var index = 0
            for i in values.indices where keyTimes.indices.contains(i) && keyTimes[i] <= p { index = i }
            return values[index]
        }
        guard values.count > 1, p > keyTimes[0] else { return first }
        guard let i = (0..<(values.count - 1)).last(where: { keyTimes[$0] <= p }), p < keyTimes[i + 1] else { return last }
        let span = keyTimes[i + 1] - keyTimes[i]
        var u = span > 0 ? (p - keyTimes[i]) / span : 1
        if curves.indices.contains(i) { u = curves[i].value(at: u) }
        let a = values[i], b = values[i + 1]
        guard mode == .cubic else { return zip(a, b).map { $0 + ($1 - $0) * u } }
        let m0 = tangent(at: i), m1 = tangent(at: i + 1)
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        return a.indices.map { c in h00 * a[c] + h10 * span * m0[c] + h01 * b[c] + h11 * span * m1[c] }
    }

    /// The Catmull-Rom tangent (per unit of progress) at value `i`.
    private func tangent(at i: Int) -> [Double] {
        guard i > 0, i < values.count - 1, keyTimes[i + 1] > keyTimes[i - 1] else { return values[i].map { _ in 0 } }
        let dt = keyTimes[i + 1] - keyTimes[i - 1]
        return zip(values[i - 1], values[i + 1]).map { ($1 - $0) / dt }
    }
}

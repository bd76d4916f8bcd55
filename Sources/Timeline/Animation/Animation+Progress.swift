#if canImport(Glibc)
import Glibc
#endif

/// The progress of an animated change over time.
///
/// SwiftUI's semantics, which this follows (the modifiers as reimplemented in OpenSwiftUI, audited against
/// SwiftUI: `DelayAnimation.swift`, `SpeedAnimation.swift`, `RepeatAnimiation.swift` under
/// https://github.com/OpenSwiftUIProject/OpenSwiftUI/tree/main/Sources/OpenSwiftUICore/Animation/Animation):
/// - each modifier wraps everything written before it and maps the time it is given to the time the
///   inner animation sees;
/// - `delay(d)`: the inner animation sees `max(0, t - d)`, so the start holds for d. Written before a
///   repeat, the delay is part of every pass: `.delay(1).repeatForever()` waits 1 s before each pass
///   (a known quirk, used on purpose in sample code such as
///   https://github.com/batuhankacmaz/SwiftUIAnimation, `RepeatingReversingAnimations.swift`: "add delay
///   before to repeatforever" to pause between passes); written after, it delays only the start;
/// - `speed(s)`: the inner animation sees `t * s`, so `.delay(1).speed(2)` waits 0.5 s while
///   `.speed(2).delay(1)` waits 1 s (https://developer.apple.com/documentation/swiftui/animation/speed(_:));
/// - `repeatCount(n, autoreverses:)`: a pass is the inner animation from its start until it finishes; the
///   next pass starts then, backwards (1 - progress) when autoreversing and the pass index is odd. After
///   n passes the animation ends and the model value shows, so an even autoreversing count jumps from
///   the start value to the end value at the end: "When autoreverse is true and repeatCount is 2, the
///   animation moves forward, then reverses, then stops"
///   (https://developer.apple.com/documentation/swiftui/animation/repeatcount(_:autoreverses:)), and
///   the finished animation no longer offsets the model value. A count below 1 plays one pass, as
///   SwiftUI's pass counter only stops after a pass. On device a new pass starts on the first frame after
///   the previous one finished; here passes follow each other exactly;
/// - `repeatForever(autoreverses:)`: the same without an end.
extension Animation {
    /// The progress of the change `elapsed` seconds after it was made: 0 before it starts (and for
    /// negative or NaN elapsed), 1 once finished, in between the curve's value (springs may overshoot).
    public func fraction(at elapsed: Double) -> Double {
        guard elapsed >= 0 else { return 0 }
        if isFinished(at: elapsed) { return 1 }
        return progress(at: elapsed, layers: modifiers.count)
    }

    /// The rate of change of `fraction(at:)` per second of elapsed time (0 before the start and once
    /// finished; at a pass boundary, the rate just after it).
    public func velocity(at elapsed: Double) -> Double {
        guard elapsed >= 0, !isFinished(at: elapsed) else { return 0 }
        return rate(at: elapsed, layers: modifiers.count)
    }

    /// The time from the change until the animation is finished, with delays, speeds, repeats and
    /// spring settling; `.infinity` for `repeatForever`, 0 for an instant change.
    public var duration: Double { duration(layers: modifiers.count) }

    /// Whether the animation has finished `elapsed` seconds after the change (then the model value shows).
    public func isFinished(at elapsed: Double) -> Bool { elapsed >= duration }

    /// The progress of the base wrapped in the first `layers` modifiers, at time t >= 0.
    private func progress(at t: Double, layers: Int) -> Double {
        guard layers > 0 else { return baseProgress(at: t) }
        switch modifiers[layers - 1] {
        case .delay(let d):
            // A negative delay starts the inner animation that far in (SwiftUI's delay reads the inner
            // animation at max(t - d, 0)).
            return t < d ? 0 : progress(at: t - (d.isFinite ? d : 0), layers: layers - 1)
        case .speed(let s):
            return progress(at: Self.scaled(t, by: s), layers: layers - 1)
        case .repeatCount(let n, let autoreverses):
            return repeatedProgress(at: t, passes: max(n, 1), autoreverses: autoreverses, layers: layers - 1)
        case .repeatForever(let autoreverses):
            return repeatedProgress(at: t, passes: nil, autoreverses: autoreverses, layers: layers - 1)
        case .logicallyComplete:
            return progress(at: t, layers: layers - 1)
        }
    }

    /// The derivative of `progress(at:layers:)` with respect to t.
    private func rate(at t: Double, layers: Int) -> Double {
        guard layers > 0 else { return baseRate(at: t) }
        switch modifiers[layers - 1] {
        case .delay(let d):
            return t < d ? 0 : rate(at: t - (d.isFinite ? d : 0), layers: layers - 1)
        case .speed(let s):
            guard s > 0, s.isFinite else { return 0 }
            return s * rate(at: Self.scaled(t, by: s), layers: layers - 1)
        case .repeatCount(let n, let autoreverses):
            return repeatedRate(at: t, passes: max(n, 1), autoreverses: autoreverses, layers: layers - 1)
        case .repeatForever(let autoreverses):
            return repeatedRate(at: t, passes: nil, autoreverses: autoreverses, layers: layers - 1)
        case .logicallyComplete:
            return rate(at: t, layers: layers - 1)
        }
    }

    /// The duration of the base wrapped in the first `layers` modifiers.
    private func duration(layers: Int) -> Double {
        guard layers > 0 else { return baseDuration }
        let inner = duration(layers: layers - 1)
        switch modifiers[layers - 1] {
        case .delay(let d):
            return Self.nonNegative(inner + (d.isFinite ? d : 0))
        case .speed(let s):
            if inner == 0 { return 0 }
            guard s > 0 else { return .infinity }  // time stands still
            let scaled = inner / s
            return scaled.isNaN ? .infinity : scaled
        case .repeatCount(let n, _):
            return inner == 0 ? 0 : Double(max(n, 1)) * inner
        case .repeatForever:
            return .infinity
        case .logicallyComplete:
            return inner
        }
    }

    private var baseDuration: Double {
        switch base {
        case .curve(_, let duration): return Self.nonNegative(duration)
        case .spring(let spring): return spring.settlingDuration
        case .deceleration(_, let duration): return Self.nonNegative(duration)
        }
    }

    private func baseProgress(at t: Double) -> Double {
        switch base {
        case .curve(let curve, let duration):
            guard duration > 0, t < duration else { return 1 }
            return curve.value(at: t / duration)
        case .spring(let spring):
            return t < spring.settlingDuration ? spring.value(at: t) : 1
        case .deceleration(let rate, let duration):
            return t < duration ? 1 - pow(rate, 1000 * t) : 1
        }
    }

    private func baseRate(at t: Double) -> Double {
        switch base {
        case .curve(let curve, let duration):
            guard duration > 0, t < duration else { return 0 }
            return curve.slope(at: t / duration) / duration
        case .spring(let spring):
            return t < spring.settlingDuration ? spring.velocity(at: t) : 0
        case .deceleration(let rate, let duration):
            return t < duration ? -1000 * log(rate) * pow(rate, 1000 * t) : 0
        }
    }

    /// Where time t falls in a repetition of the inner animation (the first `layers` modifiers).
    private enum RepeatPosition {
        /// All passes are over: the model value shows.
        case finished
        /// Inside a pass, at `time` since its start, backwards when `reversed`.
        case pass(time: Double, reversed: Bool)
    }

    private func repeatPosition(at t: Double, passes: Int?, autoreverses: Bool, layers: Int) -> RepeatPosition {
        let pass = duration(layers: layers)
        // A zero-length inner animation has nothing to repeat; an endless one never reaches its second pass.
        guard pass > 0, t.isFinite else { return .finished }
        guard pass.isFinite else { return .pass(time: t, reversed: false) }
        var index = (t / pass).rounded(.down)
        if let passes {
            if t >= Double(passes) * pass { return .finished }
            index = min(index, Double(passes - 1))
        }
        let time = min(max(t - index * pass, 0), pass)
        let reversed = autoreverses && index.truncatingRemainder(dividingBy: 2) == 1
        return .pass(time: time, reversed: reversed)
    }

    private func repeatedProgress(at t: Double, passes: Int?, autoreverses: Bool, layers: Int) -> Double {
        switch repeatPosition(at: t, passes: passes, autoreverses: autoreverses, layers: layers) {
        case .finished:
            return 1
        case .pass(let time, let reversed):
            let inner = progress(at: time, layers: layers)
            return reversed ? 1 - inner : inner
        }
    }

    private func repeatedRate(at t: Double, passes: Int?, autoreverses: Bool, layers: Int) -> Double {
        switch repeatPosition(at: t, passes: passes, autoreverses: autoreverses, layers: layers) {
        case .finished:
            return 0
        case .pass(let time, let reversed):
            let inner = rate(at: time, layers: layers)
            return reversed ? -inner : inner
        }
    }

    /// `value` if positive, else 0 (NaN included).
    static func nonNegative(_ value: Double) -> Double { value > 0 ? value : 0 }

    /// Time t >= 0 seen through a speed factor; a factor of 0 or less (or NaN) stops time at the start.
    private static func scaled(_ t: Double, by speed: Double) -> Double {
        speed > 0 && t > 0 ? t * speed : 0
    }
}

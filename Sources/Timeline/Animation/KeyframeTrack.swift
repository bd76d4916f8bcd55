/// One keyframe of a SwiftUI `KeyframeTrack`: the value to reach and how to get there from the value
/// the track holds when the keyframe's segment starts.
public enum Keyframe: Sendable, Hashable {
    /// `LinearKeyframe(to, duration:, timingCurve:)`: `from + (to - from) * curve(u)`.
    case linear(to: Double, duration: Double, curve: UnitBezier)
    /// `CubicKeyframe(to, duration:, startVelocity:, endVelocity:)`: a cubic Hermite segment; a nil
    /// velocity is chosen for smooth motion (see `KeyframeTrack`).
    case cubic(to: Double, duration: Double, startVelocity: Double?, endVelocity: Double?)
    /// `SpringKeyframe(to, duration:, spring:, startVelocity:)`: `spring` pulls the value to `to`, starting
    /// with the incoming velocity (or `startVelocity`); a nil duration is the spring's settling duration
    /// (`Spring.settlingDuration`: a unit step from rest), whatever the distance.
    case spring(to: Double, duration: Double?, spring: Spring, startVelocity: Double?)
    /// `MoveKeyframe(to)`: jumps to `to`, taking no time.
    case move(to: Double)

    /// The value the keyframe reaches.
    public var target: Double {
        switch self {
        case .linear(let to, _, _), .cubic(let to, _, _, _), .spring(let to, _, _, _), .move(let to): to
        }
    }
}

/// A SwiftUI `KeyframeTrack` on one number: keyframes played one after the other from an initial value.
///
/// Keyframes share the track's time sequentially: each segment starts when the one before ends and lasts
/// its own `duration`, so the track lasts the sum (SwiftUI, `KeyframeTrack`: "a sequence of keyframes";
/// `CubicKeyframe.init` "duration: the duration of the segment defined by this keyframe"). Each segment
/// starts at the value and velocity the previous one ended with (the initial value, at rest, for the
/// first), so the value never jumps except at a `MoveKeyframe`; after the last segment the track holds
/// its last value.
///
/// Velocities a cubic keyframe leaves to SwiftUI (https://developer.apple.com/documentation/swiftui/cubickeyframe):
/// - between two cubic keyframes, the Catmull-Rom tangent `(next - previous) / (time between them)`,
///   the finite difference over the two segments ("adjacent cubic keyframes result in a Catmull-Rom spline");
/// - after another kind of keyframe, that segment's end velocity; before one, that segment's start
///   velocity (a linear segment's slope, a spring keyframe's `startVelocity`);
/// - at the track's start, and at the end of its last segment, 0: the value is at rest before the
///   animation starts and after it ends.
public struct KeyframeTrack: Sendable, Hashable {
    public var keyframes: [Keyframe]

    public init(_ keyframes: [Keyframe]) { self.keyframes = keyframes }

    /// One planned segment: where and when it starts and how it moves.
    struct Segment: Hashable {
        var start: Double
        var duration: Double
        var from: Double
        var velocity: Double
        var keyframe: Keyframe
        /// A cubic segment's end velocity.
        var endVelocity: Double
    }

    /// The segments from `initial`, each starting where the previous one ended.
    func segments(initial: Double) -> [Segment] {
        var result: [Segment] = []
        var time = 0.0, value = initial, velocity = 0.0
        // The start of the previous segment (the point before this one's start) and the previous kind.
        var previousFrom = initial, previousWasCubic = false, previousDuration = 0.0
        for (i, keyframe) in keyframes.enumerated() {
            var segment = Segment(start: time, duration: 0, from: value, velocity: velocity, keyframe: keyframe, endVelocity: 0)
            switch keyframe {
            case .move(let to):
                value = to
                velocity = 0
                previousWasCubic = false
                result.append(segment)
                previousFrom = to
                continue
            case .linear(let to, let d, let curve):
                segment.duration = d
                value = to
                velocity = d > 0 ? (to - segment.from) / d * finiteSlope(curve, at: 1) : 0
                segment.velocity = d > 0 ? (to - segment.from) / d * finiteSlope(curve, at: 0) : 0
                previousWasCubic = false
            case .spring(let to, let d, let spring, let start):
                let v0 = start ?? velocity
                segment.velocity = v0
                // Without a duration: "the settling duration of the spring" (SpringKeyframe.init), which
                // Spring.settlingDuration defines for a unit step from rest, so it is the same whatever
                // the distance and the incoming velocity.
                let length = d ?? spring.settlingDuration
                segment.duration = length.isFinite ? length : 0
                let end = spring.displacement(at: segment.duration, initial: segment.from - to, velocity: v0)
                value = to + end.position
                velocity = end.velocity
                previousWasCubic = false
            case .cubic(let to, let d, let start, let endV):
                segment.duration = d
                if let start {
                    segment.velocity = start
                } else if previousWasCubic {
                    segment.velocity = catmullRom(previousFrom, to, span: previousDuration + d)
                } else {
                    segment.velocity = velocity
                }
                segment.endVelocity = endV ?? nextStartVelocity(after: i, from: segment.from, to: to, duration: d)
                value = to
                velocity = segment.endVelocity
                previousWasCubic = true
            }
            previousFrom = segment.from
            previousDuration = segment.duration
            time += segment.duration
            result.append(segment)
        }
        return result
    }

    /// The velocity a cubic segment `from -> to` (keyframe `i`) ends with when it does not say.
    private func nextStartVelocity(after i: Int, from: Double, to: Double, duration: Double) -> Double {
        guard i + 1 < keyframes.count else { return 0 }
        switch keyframes[i + 1] {
        case .move: return 0
        case .linear(let next, let d, let curve): return d > 0 ? (next - to) / d * finiteSlope(curve, at: 0) : 0
        case .spring(let next, let d, _, let start):
            if let start { return start }
            return catmullRom(from, next, span: duration + (d ?? 0))
        case .cubic(let next, let d, let start, _):
            if let start { return start }
            return catmullRom(from, next, span: duration + d)
        }
    }

    private func catmullRom(_ previous: Double, _ next: Double, span: Double) -> Double {
        span > 0 ? (next - previous) / span : 0
    }

    private func finiteSlope(_ curve: UnitBezier, at x: Double) -> Double {
        let s = curve.slope(at: x)
        return s.isFinite ? s : 0
    }

    /// How long the track plays from `initial`: the sum of its segments' durations.
    public func duration(initial: Double) -> Double {
        segments(initial: initial).reduce(0) { $0 + $1.duration }
    }

    /// The value `t` seconds after the track started from `initial` (the initial value before 0, the
    /// last value after the end).
    public func value(initial: Double, at t: Double) -> Double {
        value(in: segments(initial: initial), initial: initial, at: t)
    }

    func value(in segments: [Segment], initial: Double, at t: Double) -> Double {
        guard t >= 0 else { return initial }
        var value = initial
        for segment in segments {
            guard t >= segment.start else { break }
            let local = t - segment.start
            if local >= segment.duration {
                value = Self.endValue(segment)
                continue
            }
            return Self.value(segment, at: local)
        }
        return value
    }

    static func endValue(_ s: Segment) -> Double {
        if case .spring(let to, _, let spring, _) = s.keyframe {
            return to + spring.displacement(at: s.duration, initial: s.from - to, velocity: s.velocity).position
        }
        return s.keyframe.target
    }

    /// The value `local` seconds into a segment (0 <= local < duration).
    static func value(_ s: Segment, at local: Double) -> Double {
        switch s.keyframe {
        case .move(let to): return to
        case .linear(let to, let d, let curve):
            return s.from + (to - s.from) * curve.value(at: local / d)
        case .spring(let to, _, let spring, _):
            return to + spring.displacement(at: local, initial: s.from - to, velocity: s.velocity).position
        case .cubic(let to, let d, _, _):
            // Cubic Hermite basis on u in [0, 1]; tangents scale by the segment's duration.
            let u = local / d, u2 = u * u, u3 = u2 * u
            let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
            return h00 * s.from + h10 * d * s.velocity + h01 * to + h11 * d * s.endVelocity
        }
    }
}

/// SwiftUI's `KeyframeTimeline`: tracks on the fields of a value, all starting together; it lasts as
/// long as its longest track, and each shorter track holds its last value until then.
public struct KeyframeTimeline: Sendable {
    /// Each field's initial value and track (the empty name for a number animated as a whole).
    public var tracks: [(name: String, initial: Double, track: KeyframeTrack)]
    private let planned: [[KeyframeTrack.Segment]]
    public let duration: Double

    public init(tracks: [(name: String, initial: Double, track: KeyframeTrack)]) {
        self.tracks = tracks
        planned = tracks.map { $0.track.segments(initial: $0.initial) }
        duration = planned.map { $0.reduce(0) { $0 + $1.duration } }.max() ?? 0
    }

    /// Each field's value `t` seconds after the timeline started.
    public func values(at t: Double) -> [Double] {
        zip(tracks, planned).map { track, segments in
            track.track.value(in: segments, initial: track.initial, at: t)
        }
    }

    /// The time into the timeline at `elapsed` seconds since it started: looping when `repeating`
    /// (`keyframeAnimator(initialValue:repeating:)` plays it again as it ends).
    public func localTime(_ elapsed: Double, repeating: Bool) -> Double {
        guard repeating, duration > 0, elapsed >= duration else { return elapsed }
        let r = elapsed.truncatingRemainder(dividingBy: duration)
        return r
    }
}

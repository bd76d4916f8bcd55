import XCTest
@testable import Timeline

/// SwiftUI keyframe tracks: sequential timing, linear/cubic/spring/move segments, against closed forms.
final class KeyframeTrackTests: XCTestCase {
    func testKeyframesShareTimeSequentiallyAndTheTrackHoldsItsLastValue() {
        let track = KeyframeTrack([.linear(to: 10, duration: 1, curve: .linear), .linear(to: 4, duration: 2, curve: .linear)])
        XCTAssertEqual(track.duration(initial: 0), 3)
        XCTAssertEqual(track.value(initial: 0, at: 0.5), 5, accuracy: 1e-12)
        XCTAssertEqual(track.value(initial: 0, at: 1), 10, accuracy: 1e-12)
        XCTAssertEqual(track.value(initial: 0, at: 2), 10 + (4 - 10) * 0.5, accuracy: 1e-12, "the second starts at 1 s")
        XCTAssertEqual(track.value(initial: 0, at: 7), 4, "holds the last value")
        XCTAssertEqual(track.value(initial: 0, at: -1), 0, "the initial value before it starts")
    }

    func testLinearKeyframeFollowsItsTimingCurve() {
        let track = KeyframeTrack([.linear(to: 8, duration: 2, curve: .easeIn)])
        for x in [0.1, 0.3, 0.6, 0.9] {
            XCTAssertEqual(track.value(initial: 2, at: 2 * x), 2 + 6 * bezierY(x: x, 0.42, 0, 1, 1), accuracy: 1e-6)
        }
    }

    func testAdjacentCubicKeyframesFormAUniformCatmullRomSpline() {
        let p = [0.0, 2, -1, 3, 1]
        let track = KeyframeTrack(p.dropFirst().map { .cubic(to: $0, duration: 1, startVelocity: nil, endVelocity: nil) })
        // The textbook uniform Catmull-Rom segment between p1 and p2 (tangents (p2 - p0) / 2, (p3 - p1) / 2).
        func catmullRom(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ u: Double) -> Double {
            0.5 * (2 * p1 + (-p0 + p2) * u + (2 * p0 - 5 * p1 + 4 * p2 - p3) * u * u + (-p0 + 3 * p1 - 3 * p2 + p3) * u * u * u)
        }
        for u in [0.0, 0.2, 0.5, 0.8] {
            XCTAssertEqual(track.value(initial: 0, at: 1 + u), catmullRom(p[0], p[1], p[2], p[3], u), accuracy: 1e-12)
            XCTAssertEqual(track.value(initial: 0, at: 2 + u), catmullRom(p[1], p[2], p[3], p[4], u), accuracy: 1e-12)
        }
        for (i, value) in p.enumerated() { XCTAssertEqual(track.value(initial: 0, at: Double(i)), value, accuracy: 1e-12) }
    }

    func testCubicCurveIsSmoothThroughUnevenKeyframesAndStartsAndEndsAtRest() {
        let durations = [0.3, 1.1, 0.5]
        let values = [5.0, -2, 4]
        let track = KeyframeTrack(zip(values, durations).map { .cubic(to: $0, duration: $1, startVelocity: nil, endVelocity: nil) })
        let h = 1e-6
        func slope(_ t: Double) -> Double { (track.value(initial: 1, at: t + h) - track.value(initial: 1, at: t - h)) / (2 * h) }
        var time = 0.0
        for (i, d) in durations.enumerated() {
            time += d
            XCTAssertEqual(track.value(initial: 1, at: time), values[i], accuracy: 1e-9, "passes through keyframe \(i)")
            if i + 1 < durations.count {
                let left = (track.value(initial: 1, at: time) - track.value(initial: 1, at: time - h)) / h
                let right = (track.value(initial: 1, at: time + h) - track.value(initial: 1, at: time)) / h
                XCTAssertEqual(left, right, accuracy: 1e-3, "no kink at keyframe \(i)")
                // The finite-difference tangent over the two segments.
                let previous = i == 0 ? 1 : values[i - 1]
                XCTAssertEqual(slope(time), (values[i + 1] - previous) / (d + durations[i + 1]), accuracy: 1e-4)
            }
        }
        // One-sided differences: the error is the curvature times h / 2.
        XCTAssertEqual((track.value(initial: 1, at: h) - 1) / h, 0, accuracy: 1e-3, "starts at rest")
        XCTAssertEqual((track.value(initial: 1, at: time) - track.value(initial: 1, at: time - h)) / h, 0, accuracy: 1e-3, "ends at rest")
    }

    func testCubicAfterLinearStartsWithTheLinearVelocity() {
        // Linear 0 -> 6 in 2 s: 3 per second.
        let track = KeyframeTrack([.linear(to: 6, duration: 2, curve: .linear),
                                   .cubic(to: 0, duration: 1, startVelocity: nil, endVelocity: nil)])
        let h = 1e-6
        XCTAssertEqual((track.value(initial: 0, at: 2 + h) - 6) / h, 3, accuracy: 1e-3)
        // Hermite with m0 = 3, m1 = 0 over 1 s at u = 0.5: (6 + 0) / 2 + (3 - 0) / 8.
        XCTAssertEqual(track.value(initial: 0, at: 2.5), 3 + 3.0 / 8, accuracy: 1e-12)
    }

    func testSpringKeyframeIsTheClosedFormSpringAndSettles() {
        // Spring(duration: 0.5, bounce: 0) is critically damped with w = 2 pi / 0.5.
        let spring = Spring(duration: 0.5, bounce: 0)
        let track = KeyframeTrack([.spring(to: 1, duration: nil, spring: spring, startVelocity: nil)])
        let w = 2 * Double.pi / 0.5
        for t in [0.05, 0.1, 0.3, 0.6] {
            XCTAssertEqual(track.value(initial: 0, at: t), 1 - (1 + w * t) * exp(-w * t), accuracy: 1e-9)
        }
        let settle = track.duration(initial: 0)
        XCTAssertGreaterThan(settle, 0.5)
        XCTAssertLessThan(settle, 2)
        XCTAssertLessThan(abs(track.value(initial: 0, at: settle) - 1), 0.0011, "the segment lasts the spring's settling time")
    }

    /// SpringKeyframe without a duration lasts "the settling duration of the spring", a unit step from
    /// rest (Spring.settlingDuration), whatever the distance or the incoming velocity. For the critically
    /// damped Spring(duration: 0.5, bounce: 0) that is when (1 + w t) e^(-w t), the unit step's distance
    /// left (which bounds w |x'| / w = w t e^(-w t) too), is 0.001: solved here by bisection.
    func testSpringKeyframeWithoutDurationLastsTheSpringsSettlingDurationAtAnyDistance() {
        let spring = Spring(duration: 0.5, bounce: 0)
        let w = 2 * Double.pi / 0.5
        var lo = 0.0, hi = 5.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if (1 + w * mid) * exp(-w * mid) > 0.001 { lo = mid } else { hi = mid }
        }
        let settle = (lo + hi) / 2
        for (from, to) in [(0.0, 1.0), (0.0, 100.0), (50.0, 50.01), (300.0, -200.0)] {
            let track = KeyframeTrack([.spring(to: to, duration: nil, spring: spring, startVelocity: nil),
                                       .linear(to: to + 1, duration: 1, curve: .linear)])
            XCTAssertEqual(track.duration(initial: from), settle + 1, accuracy: 1e-9, "\(from) -> \(to)")
            // The next segment starts at the settling duration, from where the spring is then.
            let there = to + (from - to) * (1 + w * settle) * exp(-w * settle)
            XCTAssertEqual(track.value(initial: from, at: settle + 0.5), there + (to + 1 - there) * 0.5, accuracy: 1e-9)
        }
        // An incoming velocity does not change it either.
        let moving = KeyframeTrack([.linear(to: 10, duration: 0.5, curve: .linear),
                                    .spring(to: 0, duration: nil, spring: spring, startVelocity: nil)])
        XCTAssertEqual(moving.duration(initial: 0), 0.5 + settle, accuracy: 1e-9)
    }

    func testSpringKeyframeStartsWithTheIncomingVelocity() {
        // Linear 0 -> 1 in 1 s arrives at 1 per second; the spring to 1 starts at 1 with that velocity:
        // x(t) = 1 + v0 t e^(-w t) for a critically damped spring.
        let spring = Spring(duration: 0.5, bounce: 0)
        let track = KeyframeTrack([.linear(to: 1, duration: 1, curve: .linear),
                                   .spring(to: 1, duration: 1, spring: spring, startVelocity: nil),
                                   .linear(to: 0, duration: 1, curve: .linear)])
        let w = 2 * Double.pi / 0.5
        for t in [0.05, 0.2, 0.5] {
            XCTAssertEqual(track.value(initial: 0, at: 1 + t), 1 + t * exp(-w * t), accuracy: 1e-9)
        }
        // The next segment starts where the spring is after its 1 s.
        let end = 1 + exp(-w)
        XCTAssertEqual(track.value(initial: 0, at: 2.5), end / 2, accuracy: 1e-9)
    }

    func testBouncySpringKeyframeOscillatesAsTheUnderdampedSolution() {
        let spring = Spring(duration: 0.6, bounce: 0.4)
        let track = KeyframeTrack([.spring(to: 10, duration: 2, spring: spring, startVelocity: 5)])
        // m = 1, k = (2 pi / 0.6)^2, zeta = 1 - bounce: x(t) = 10 + e^(-zeta w0 t)(A cos wd t + B sin wd t).
        let w0 = 2 * Double.pi / 0.6, zeta = 0.6, wd = w0 * (1 - zeta * zeta).squareRoot()
        let a = -10.0, b = (5 + zeta * w0 * a) / wd
        for t in [0.1, 0.35, 0.8, 1.5] {
            XCTAssertEqual(track.value(initial: 0, at: t), 10 + exp(-zeta * w0 * t) * (a * cos(wd * t) + b * sin(wd * t)), accuracy: 1e-9)
        }
    }

    func testMoveKeyframeJumpsWithoutTakingTime() {
        let track = KeyframeTrack([.linear(to: 10, duration: 1, curve: .linear), .move(to: 0), .linear(to: 5, duration: 1, curve: .linear)])
        XCTAssertEqual(track.duration(initial: 0), 2)
        XCTAssertEqual(track.value(initial: 0, at: 0.999), 9.99, accuracy: 1e-9)
        XCTAssertEqual(track.value(initial: 0, at: 1.5), 2.5, accuracy: 1e-12)
    }

    func testTimelineLastsItsLongestTrackAndRepeatingLoops() {
        let timeline = KeyframeTimeline(tracks: [
            ("a", 0, KeyframeTrack([.linear(to: 1, duration: 0.5, curve: .linear)])),
            ("b", 0, KeyframeTrack([.linear(to: 4, duration: 2, curve: .linear)])),
        ])
        XCTAssertEqual(timeline.duration, 2)
        XCTAssertEqual(timeline.values(at: 1), [1, 2])
        XCTAssertEqual(timeline.localTime(2.25, repeating: true), 0.25, accuracy: 1e-12)
        XCTAssertEqual(timeline.localTime(5, repeating: false), 5)
        let looped = timeline.values(at: timeline.localTime(4.5, repeating: true))
        XCTAssertEqual(looped[0], 1, accuracy: 1e-12, "loops from the start")
        XCTAssertEqual(looped[1], 1, accuracy: 1e-12, "loops from the start")
    }
}

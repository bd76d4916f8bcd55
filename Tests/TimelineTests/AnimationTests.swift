import XCTest
@testable import Timeline

final class AnimationTests: XCTestCase {
    // MARK: Bases

    func testTimingCurveAnimationFollowsItsCurveThenHoldsOne() {
        let reference = ReferenceCurve(0.42, 0, 0.58, 1)
        let animation = Animation.easeInOut(duration: 0.35)
        for i in 0...35 {
            let t = Double(i) / 100
            XCTAssertEqual(animation.fraction(at: t), reference.y(at: t / 0.35), accuracy: 1e-9, "at \(t)")
        }
        XCTAssertEqual(animation.fraction(at: 0.35), 1)
        XCTAssertEqual(animation.fraction(at: 5), 1)
        XCTAssertEqual(animation.duration, 0.35)
        XCTAssertFalse(animation.isFinished(at: 0.34))
        XCTAssertTrue(animation.isFinished(at: 0.35))
        XCTAssertEqual(Animation.linear().duration, 0.35)
        XCTAssertEqual(Animation.timingCurve(0, 0, 0.2, 1).base, .curve(UnitBezier(0, 0, 0.2, 1), duration: 0.35))
    }

    func testSpringAnimationFollowsRK4UntilItSettles() {
        let spring = Spring(response: 0.5, dampingFraction: 0.5)
        let animation = Animation.spring(spring)
        let times = (0...60).map { Double($0) / 100 }
        let expected = SpringIntegrator(spring).states(from: 0, velocity: 0, at: times)
        for (time, state) in zip(times, expected) {
            XCTAssertEqual(animation.fraction(at: time), state.x, accuracy: 1e-8, "at \(time)")
            XCTAssertEqual(animation.velocity(at: time), state.v, accuracy: 1e-7, "at \(time)")
        }
        XCTAssertGreaterThan(animation.fraction(at: 0.3), 1.1)  // overshoot
        XCTAssertEqual(animation.duration, spring.settlingDuration)
        XCTAssertEqual(animation.fraction(at: animation.duration), 1)
        XCTAssertEqual(animation.fraction(at: animation.duration - 1e-9), 1, accuracy: 1e-3)
    }

    func testDefaultAnimations() {
        XCTAssertEqual(Animation.default, .spring(Spring(response: 0.55, dampingFraction: 1)))
        XCTAssertEqual(Animation.legacyDefault, .easeInOut(duration: 0.35))
        XCTAssertEqual(Animation.bouncy, .spring(duration: 0.5, bounce: 0.3))
        XCTAssertEqual(Animation.spring(response: 0.5, dampingFraction: 0.825), .spring(.default))
    }

    // MARK: Modifiers

    func testDelayHoldsTheStart() {
        let animation = Animation.linear(duration: 1).delay(0.5)
        XCTAssertEqual(animation.fraction(at: 0), 0)
        XCTAssertEqual(animation.fraction(at: 0.25), 0)
        XCTAssertEqual(animation.fraction(at: 0.5), 0)
        XCTAssertEqual(animation.fraction(at: 1.0), 0.5, accuracy: 1e-12)
        XCTAssertEqual(animation.fraction(at: 1.5), 1)
        XCTAssertEqual(animation.duration, 1.5)
        XCTAssertEqual(animation.velocity(at: 0.25), 0)
        XCTAssertEqual(animation.velocity(at: 1.0), 1, accuracy: 1e-9)
    }

    func testSpeedScalesTime() {
        let animation = Animation.linear(duration: 1).speed(2)
        XCTAssertEqual(animation.fraction(at: 0.25), 0.5, accuracy: 1e-12)
        XCTAssertEqual(animation.velocity(at: 0.25), 2, accuracy: 1e-9)
        XCTAssertEqual(animation.duration, 0.5)
        let slow = Animation.linear(duration: 1).speed(0.25)
        XCTAssertEqual(slow.fraction(at: 2), 0.5, accuracy: 1e-12)
        XCTAssertEqual(slow.duration, 4)
    }

    func testSpeedScalesOnlyWhatIsWrittenBeforeIt() {
        let delayThenSpeed = Animation.linear(duration: 1).delay(1).speed(2)  // waits 0.5 s, runs 0.5 s
        XCTAssertEqual(delayThenSpeed.fraction(at: 0.45), 0)
        XCTAssertEqual(delayThenSpeed.fraction(at: 0.75), 0.5, accuracy: 1e-12)
        XCTAssertEqual(delayThenSpeed.duration, 1)
        let speedThenDelay = Animation.linear(duration: 1).speed(2).delay(1)  // waits 1 s, runs 0.5 s
        XCTAssertEqual(speedThenDelay.fraction(at: 0.95), 0)
        XCTAssertEqual(speedThenDelay.fraction(at: 1.25), 0.5, accuracy: 1e-12)
        XCTAssertEqual(speedThenDelay.duration, 1.5)
    }

    func testAutoreversingRepeatAlternatesDirection() {
        let animation = Animation.linear(duration: 1).repeatCount(3)
        let expected: [(Double, Double)] = [(0.25, 0.25), (0.75, 0.75), (1.25, 0.75), (1.75, 0.25),
                                            (2.25, 0.25), (2.75, 0.75), (3, 1), (4, 1)]
        for (t, f) in expected { XCTAssertEqual(animation.fraction(at: t), f, accuracy: 1e-12, "at \(t)") }
        XCTAssertEqual(animation.velocity(at: 1.5), -1, accuracy: 1e-9)
        XCTAssertEqual(animation.duration, 3)
    }

    func testEvenAutoreversingCountJumpsToTheModelValueAtTheEnd() {
        let animation = Animation.linear(duration: 1).repeatCount(2, autoreverses: true)
        XCTAssertEqual(animation.fraction(at: 1.5), 0.5, accuracy: 1e-12)
        XCTAssertEqual(animation.fraction(at: 1.999), 0.001, accuracy: 1e-9)
        XCTAssertFalse(animation.isFinished(at: 1.999))
        XCTAssertEqual(animation.fraction(at: 2), 1)
        XCTAssertTrue(animation.isFinished(at: 2))
    }

    func testRepeatWithoutAutoreverseRestartsEachPass() {
        let animation = Animation.linear(duration: 1).repeatCount(2, autoreverses: false)
        XCTAssertEqual(animation.fraction(at: 0.25), 0.25, accuracy: 1e-12)
        XCTAssertEqual(animation.fraction(at: 0.999), 0.999, accuracy: 1e-9)
        XCTAssertEqual(animation.fraction(at: 1.25), 0.25, accuracy: 1e-12)
        XCTAssertEqual(animation.fraction(at: 2), 1)
        XCTAssertEqual(animation.duration, 2)
    }

    func testRepeatCountBelowOnePlaysOnePass() {
        for n in [0, -3, 1] {
            let animation = Animation.linear(duration: 1).repeatCount(n)
            XCTAssertEqual(animation.duration, 1, "\(n)")
            XCTAssertEqual(animation.fraction(at: 0.5), 0.5, accuracy: 1e-12, "\(n)")
        }
    }

    func testRepeatForeverNeverFinishes() {
        let pingPong = Animation.linear(duration: 1).repeatForever()
        XCTAssertEqual(pingPong.duration, .infinity)
        XCTAssertFalse(pingPong.isFinished(at: 1e9))
        XCTAssertEqual(pingPong.fraction(at: 2.25), 0.25, accuracy: 1e-12)
        XCTAssertEqual(pingPong.fraction(at: 3.25), 0.75, accuracy: 1e-12)
        XCTAssertEqual(pingPong.fraction(at: 1001.5), 0.5, accuracy: 1e-9)
        let loop = Animation.linear(duration: 1).repeatForever(autoreverses: false)
        XCTAssertEqual(loop.fraction(at: 7.25), 0.25, accuracy: 1e-12)
    }

    func testDelayBeforeARepeatIsPartOfEveryPass() {
        let animation = Animation.linear(duration: 1).delay(1).repeatForever(autoreverses: false)
        let expected: [(Double, Double)] = [(0.5, 0), (1.5, 0.5), (2.5, 0), (3.5, 0.5), (4.5, 0)]
        for (t, f) in expected { XCTAssertEqual(animation.fraction(at: t), f, accuracy: 1e-12, "at \(t)") }
        // Autoreversing: the delay of a backward pass holds the end.
        let reversing = Animation.linear(duration: 1).delay(1).repeatCount(2)
        XCTAssertEqual(reversing.fraction(at: 2.5), 1)
        XCTAssertEqual(reversing.fraction(at: 3.25), 0.75, accuracy: 1e-12)
        XCTAssertEqual(reversing.duration, 4)
    }

    func testDelayAfterARepeatDelaysOnlyTheStart() {
        let animation = Animation.linear(duration: 1).repeatForever().delay(1)
        let expected: [(Double, Double)] = [(0.5, 0), (1.5, 0.5), (2.5, 0.5), (2.75, 0.25), (3.25, 0.25)]
        for (t, f) in expected { XCTAssertEqual(animation.fraction(at: t), f, accuracy: 1e-12, "at \(t)") }
    }

    func testDurationsCompose() {
        let animation = Animation.easeIn(duration: 0.3).delay(0.2).speed(0.5).repeatCount(3, autoreverses: false)
        XCTAssertEqual(animation.duration, (0.3 + 0.2) / 0.5 * 3, accuracy: 1e-12)
        let spring = Spring.bouncy
        XCTAssertEqual(Animation.spring(spring).delay(0.5).duration, spring.settlingDuration + 0.5, accuracy: 1e-12)
        XCTAssertEqual(Animation.linear(duration: 1).repeatForever().repeatCount(2).duration, .infinity)
    }

    func testSpringInsideARepeatRestartsWhenItSettles() {
        let spring = Spring.snappy
        let animation = Animation.spring(spring).repeatCount(2, autoreverses: false)
        let settling = spring.settlingDuration
        XCTAssertEqual(animation.duration, 2 * settling, accuracy: 1e-12)
        XCTAssertEqual(animation.fraction(at: settling + 0.1), spring.value(at: 0.1), accuracy: 1e-9)
    }

    // MARK: Velocity and continuity

    func testVelocityMatchesCentralDifferences() {
        let animations: [Animation] = [
            .easeInOut(duration: 0.35), .timingCurve(0, 0, 0.2, 1, duration: 0.45).delay(0.5),
            .easeOut(duration: 0.8).speed(3), .linear(duration: 0.4).repeatCount(3),
            .spring(.bouncy), .spring(Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: -3)).speed(0.5),
            .easeIn(duration: 0.2).delay(0.1).repeatForever(),
        ]
        let h = 1e-6
        for animation in animations {
            for i in 1..<40 {
                let t = Double(i) * 0.0237
                guard animation.duration.isInfinite || t + h < animation.duration else { continue }
                let difference = (animation.fraction(at: t + h) - animation.fraction(at: t - h)) / (2 * h)
                XCTAssertEqual(animation.velocity(at: t), difference, accuracy: 1e-4 * max(1, abs(difference)),
                               "\(animation) at \(t)")
            }
        }
    }

    /// The largest change of fraction between samples `step` apart, and where it happens.
    private func largestStep(_ animation: Animation, until end: Double, step: Double) -> (jump: Double, at: Double) {
        var previous = animation.fraction(at: 0)
        var largest = (jump: 0.0, at: 0.0)
        for i in 1...Int((end / step).rounded()) {
            let t = Double(i) * step
            let value = animation.fraction(at: t)
            if abs(value - previous) > largest.jump { largest = (abs(value - previous), t) }
            previous = value
        }
        return largest
    }

    func testFractionIsContinuousWithinPasses() {
        let step = 1e-4
        let animations: [Animation] = [
            .easeInOut(duration: 0.35), .timingCurve(0, 0, 0.2, 1, duration: 0.35).delay(0.5),
            .easeOut(duration: 3), .linear(duration: 0.3).repeatCount(3),
            .easeInOut(duration: 0.3).delay(0.2).repeatForever(), .linear(duration: 0.5).speed(2).repeatForever(),
            .spring(.default), .spring(.bouncy), .default, .interactiveSpring(),
        ]
        for animation in animations {
            let end = animation.duration.isFinite ? animation.duration + 0.5 : 3
            // The steepest of these moves well under 10 per second; a spring may snap by 0.001 when settled.
            XCTAssertLessThan(largestStep(animation, until: end, step: step).jump, 10 * step + 1e-3, "\(animation)")
        }
    }

    func testAutoreversingWithoutRestartIsContinuousButRepeatRestartJumps() {
        let step = 1e-4
        let even = Animation.linear(duration: 0.5).repeatCount(2)
        let beforeEnd = largestStep(even, until: 0.999, step: step)
        XCTAssertLessThan(beforeEnd.jump, 2 * step + 1e-9)
        let whole = largestStep(even, until: 1.5, step: step)
        XCTAssertGreaterThan(whole.jump, 0.99)  // the documented jump to the model value
        XCTAssertEqual(whole.at, 1, accuracy: step)
        let restarting = largestStep(Animation.linear(duration: 0.5).repeatCount(2, autoreverses: false),
                                     until: 0.9, step: step)
        XCTAssertGreaterThan(restarting.jump, 0.99)
        XCTAssertEqual(restarting.at, 0.5, accuracy: step)
    }

    // MARK: Edge cases

    func testInstantAndInvalidTimingNeverTraps() {
        for animation in [Animation.linear(duration: 0), .linear(duration: -1), .linear(duration: .nan),
                          .spring(response: 0, dampingFraction: 1), .linear(duration: 0).repeatCount(4),
                          .linear(duration: 1).speed(.infinity)] {
            XCTAssertEqual(animation.duration, 0, "\(animation)")
            XCTAssertEqual(animation.fraction(at: 0), 1, "\(animation)")
            XCTAssertEqual(animation.velocity(at: 0), 0, "\(animation)")
        }
        let instantForever = Animation.linear(duration: 0).repeatForever()
        XCTAssertEqual(instantForever.fraction(at: 3), 1)
        let frozen = Animation.linear(duration: 1).speed(0)
        XCTAssertEqual(frozen.duration, .infinity)
        XCTAssertEqual(frozen.fraction(at: 10), 0)
        XCTAssertEqual(Animation.linear(duration: 1).speed(-2).fraction(at: 10), 0)
        let nanDelay = Animation.linear(duration: 1).delay(.nan)
        XCTAssertEqual(nanDelay.duration, 1)
        XCTAssertEqual(nanDelay.fraction(at: 0.5), 0.5, accuracy: 1e-12)
        // A negative delay starts the animation that far in (SwiftUI reads the inner one at max(t - d, 0)):
        // linear over 1 s delayed by -0.25 s is at 0.25 + t and ends at 0.75 s; by -2 s it is over at once.
        let early = Animation.linear(duration: 1).delay(-0.25)
        XCTAssertEqual(early.duration, 0.75, accuracy: 1e-12)
        XCTAssertEqual(early.fraction(at: 0.01), 0.26, accuracy: 1e-12)
        XCTAssertEqual(early.fraction(at: 0.5), 0.75, accuracy: 1e-12)
        XCTAssertEqual(Animation.linear(duration: 1).delay(-2).duration, 0)
        XCTAssertEqual(Animation.linear(duration: 1).fraction(at: -1), 0)
        XCTAssertEqual(Animation.linear(duration: 1).fraction(at: .nan), 0)
        XCTAssertEqual(Animation.linear(duration: 1).repeatForever().fraction(at: .infinity), 1)
    }
}

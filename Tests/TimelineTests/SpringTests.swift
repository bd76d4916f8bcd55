import XCTest
@testable import Timeline

/// Classical fourth-order Runge-Kutta integration of `m x'' + c x' + k (x - target) = 0`, independent of
/// the closed forms under test.
struct SpringIntegrator {
    let mass: Double, stiffness: Double, damping: Double, target: Double
    let step: Double

    init(_ spring: Spring, target: Double = 1, step: Double = 1e-4) {
        (mass, stiffness, damping, self.target, self.step) = (spring.mass, spring.stiffness, spring.damping,
                                                               target, step)
    }

    private func acceleration(_ x: Double, _ v: Double) -> Double {
        (-damping * v - stiffness * (x - target)) / mass
    }

    private func advance(_ x: Double, _ v: Double, by h: Double) -> (Double, Double) {
        let (k1x, k1v) = (v, acceleration(x, v))
        let (k2x, k2v) = (v + h / 2 * k1v, acceleration(x + h / 2 * k1x, v + h / 2 * k1v))
        let (k3x, k3v) = (v + h / 2 * k2v, acceleration(x + h / 2 * k2x, v + h / 2 * k2v))
        let (k4x, k4v) = (v + h * k3v, acceleration(x + h * k3x, v + h * k3v))
        return (x + h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x), v + h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v))
    }

    /// Position and velocity at each of `times` (ascending), starting from (x0, v0) at time 0.
    func states(from x0: Double, velocity v0: Double, at times: [Double]) -> [(x: Double, v: Double)] {
        var (x, v, now) = (x0, v0, 0.0)
        var result: [(x: Double, v: Double)] = []
        for time in times {
            while now + step <= time {
                (x, v) = advance(x, v, by: step)
                now += step
            }
            if time > now {
                (x, v) = advance(x, v, by: time - now)
                now = time
            }
            result.append((x, v))
        }
        return result
    }
}

final class SpringTests: XCTestCase {
    private let sampleTimes = (0...200).map { Double($0) / 100 }

    /// Unit steps in every regime, with and without initial velocity, with mass other than 1.
    private let unitSteps: [(String, Spring)] = [
        ("underdamped 0.5", Spring(response: 0.5, dampingFraction: 0.5)),
        ("critical 1.0", Spring(response: 0.5, dampingFraction: 1.0)),
        ("overdamped 1.5", Spring(response: 0.5, dampingFraction: 1.5)),
        ("underdamped, mass 2, v0 4", Spring(mass: 2, stiffness: 300, damping: 20, initialVelocity: 4)),
        ("critical, v0 -3", Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: -3)),
        ("overdamped 3, mass 0.5, v0 10", Spring(mass: 0.5, stiffness: 50, damping: 30, initialVelocity: 10)),
    ]

    func testUnitStepMatchesRK4() {
        for (name, spring) in unitSteps {
            let expected = SpringIntegrator(spring).states(from: 0, velocity: spring.initialVelocity, at: sampleTimes)
            for (time, state) in zip(sampleTimes, expected) {
                XCTAssertEqual(spring.value(at: time), state.x, accuracy: 1e-8, "\(name) x at \(time)")
                XCTAssertEqual(spring.velocity(at: time), state.v, accuracy: 1e-7, "\(name) v at \(time)")
            }
        }
    }

    func testDisplacementMatchesRK4FromAnyState() {
        let springs = [Spring(response: 0.5, dampingFraction: 0.5), Spring(response: 0.4, dampingFraction: 1),
                       Spring(response: 0.6, dampingFraction: 1.5), Spring(mass: 3, stiffness: 40, damping: 2)]
        for spring in springs {
            for (d0, v0) in [(0.3, -7.0), (-2.0, 1.0), (0.0, 5.0), (1.0, 0.0)] {
                let expected = SpringIntegrator(spring, target: 0).states(from: d0, velocity: v0, at: sampleTimes)
                for (time, state) in zip(sampleTimes, expected) {
                    let actual = spring.displacement(at: time, initial: d0, velocity: v0)
                    XCTAssertEqual(actual.position, state.x, accuracy: 1e-8, "\(spring) \(d0) \(v0) at \(time)")
                    XCTAssertEqual(actual.velocity, state.v, accuracy: 1e-7, "\(spring) \(d0) \(v0) at \(time)")
                }
            }
        }
    }

    func testStronglyOverdampedSpringStaysAccurateForLongTimes() {
        let spring = Spring(response: 0.5, dampingFraction: 50)
        let times = (0...100).map { Double($0) / 10 }
        let expected = SpringIntegrator(spring, target: 0).states(from: 1, velocity: -3, at: times)
        for (time, state) in zip(times, expected) {
            let actual = spring.displacement(at: time, initial: 1, velocity: -3)
            XCTAssertEqual(actual.position, state.x, accuracy: 1e-8, "at \(time)")
            XCTAssertEqual(actual.velocity, state.v, accuracy: 1e-8, "at \(time)")
        }
    }

    func testNearlyCriticalSpringsAgreeWithTheCriticalOne() {
        let critical = Spring(mass: 1, stiffness: 100, damping: 20)
        for damping in [20 * (1 - 1e-9), 20 * (1 + 1e-9), 20 * (1 - 1e-5), 20 * (1 + 1e-5)] {
            let nearly = Spring(mass: 1, stiffness: 100, damping: damping)
            for time in sampleTimes {
                XCTAssertEqual(nearly.value(at: time), critical.value(at: time), accuracy: 1e-5, "\(damping) \(time)")
            }
        }
    }

    func testParameterMappings() {
        let standard = Spring(response: 0.5, dampingFraction: 0.825)
        XCTAssertEqual(standard.mass, 1)
        XCTAssertEqual(standard.stiffness, (2 * .pi / 0.5) * (2 * .pi / 0.5), accuracy: 1e-9)
        XCTAssertEqual(standard.damping, 4 * .pi * 0.825 / 0.5, accuracy: 1e-9)
        XCTAssertEqual(standard.response, 0.5, accuracy: 1e-12)
        XCTAssertEqual(standard.dampingFraction, 0.825, accuracy: 1e-12)

        // Apple's example: Spring(duration: 0.5, bounce: 0.3) has (mass, stiffness, damping) = (1.0, 157.9, 17.6).
        let bouncy = Spring(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(bouncy.stiffness, 157.9, accuracy: 0.05)
        XCTAssertEqual(bouncy.damping, 17.6, accuracy: 0.05)
        XCTAssertEqual(Spring(duration: 0.5, bounce: -0.5).dampingFraction, 2, accuracy: 1e-12)
        XCTAssertEqual(Spring(duration: 0.5, bounce: 2).dampingFraction, 0, accuracy: 1e-12)

        XCTAssertEqual(Spring.default, standard)
        XCTAssertEqual(Spring.smooth.dampingFraction, 1, accuracy: 1e-12)
        XCTAssertEqual(Spring.snappy.dampingFraction, 0.85, accuracy: 1e-12)
        XCTAssertEqual(Spring.bouncy.dampingFraction, 0.7, accuracy: 1e-12)
        for preset in [Spring.smooth, .snappy, .bouncy] { XCTAssertEqual(preset.response, 0.5, accuracy: 1e-12) }
        let interactive = Spring.interactive()
        XCTAssertEqual(interactive.response, 0.15, accuracy: 1e-12)
        XCTAssertEqual(interactive.dampingFraction, 0.86, accuracy: 1e-12)
        XCTAssertEqual(interactive.blendDuration, 0.25)
    }

    /// The last time RK4 shows the unit step outside the settling band (|1 - x| > eps or |v| > eps w0).
    private func lastUnsettledTime(_ spring: Spring, until end: Double) -> Double {
        let w0 = (spring.stiffness / spring.mass).squareRoot()
        let times = stride(from: 0, through: end, by: 1e-4).map { $0 }
        let states = SpringIntegrator(spring).states(from: 0, velocity: spring.initialVelocity, at: times)
        var last = 0.0
        for (time, state) in zip(times, states) where abs(1 - state.x) > 1e-3 || abs(state.v) > 1e-3 * w0 {
            last = time
        }
        return last
    }

    func testSettlingDurationIsNeverEarlyAndAtMostAQuarterPeriodLate() {
        let springs = unitSteps.map(\.1) + [Spring.default, .smooth, .snappy, .bouncy, .interactive(),
                                            Spring(response: 0.55, dampingFraction: 1)]
        for spring in springs {
            let settling = spring.settlingDuration
            let actual = lastUnsettledTime(spring, until: settling + 2)
            XCTAssertLessThanOrEqual(actual, settling + 1e-4, "\(spring)")
            XCTAssertLessThanOrEqual(settling, actual + spring.response / 4 + 1e-3, "\(spring)")
        }
    }

    func testStandardSpringSettlesBetweenHalfAndOneAndAHalfSeconds() {
        let settling = Spring(response: 0.5, dampingFraction: 0.825).settlingDuration
        XCTAssertGreaterThan(settling, 0.5)
        XCTAssertLessThan(settling, 1.5)
    }

    func testUndampedSpringNeverSettles() {
        XCTAssertEqual(Spring(duration: 0.5, bounce: 1).settlingDuration, .infinity)
        XCTAssertEqual(Spring(mass: 1, stiffness: 10, damping: 0).settlingDuration, .infinity)
    }

    func testDegenerateSpringsSitAtTheTarget() {
        let degenerate = [Spring(response: 0, dampingFraction: 1), Spring(response: -1, dampingFraction: 1),
                          Spring(mass: 0, stiffness: 10, damping: 1), Spring(mass: 1, stiffness: .nan, damping: 1),
                          Spring(mass: 1, stiffness: 10, damping: -1), Spring(duration: 0.5, bounce: -1)]
        for spring in degenerate {
            XCTAssertEqual(spring.value(at: 0), 1, "\(spring)")
            XCTAssertEqual(spring.velocity(at: 0.1), 0, "\(spring)")
            XCTAssertEqual(spring.settlingDuration, 0, "\(spring)")
        }
    }
}

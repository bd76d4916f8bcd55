import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// `CASpringAnimation` (`caSpringAnimation`): the damped harmonic oscillator from fromValue to toValue.
final class SpringAnimationTests: XCTestCase {
    /// The unit step response of m x'' + c x' + k (x - 1) = 0, x(0) = 0, x'(0) = v0, underdamped.
    func underdamped(mass m: Double, stiffness k: Double, damping c: Double, velocity v0: Double, at t: Double) -> Double {
        let w0 = (k / m).squareRoot(), zeta = c / (2 * (m * k).squareRoot())
        let wd = w0 * (1 - zeta * zeta).squareRoot(), a = zeta * w0
        // d(t) = x - 1 with d(0) = -1, d'(0) = v0.
        return 1 + exp(-a * t) * (-cos(wd * t) + (v0 - a) / wd * sin(wd * t))
    }

    func testSpringFollowsTheClosedFormWithCoreAnimationsDefaults() throws {
        let t = try simulateTaps(state: #"{"x": 0}"#, actions: """
            [{"caSpringAnimation": {"keyPath": "x", "fromValue": 0, "toValue": 100, "duration": 2}}]
            """, taps: [1])
        for s in [0.1, 0.3, 0.7, 1.5] {
            XCTAssertEqual(presented(t, "x", at: 1 + s),
                           100 * underdamped(mass: 1, stiffness: 100, damping: 10, velocity: 0, at: s), accuracy: 1e-9)
        }
        XCTAssertEqual(presented(t, "x", at: 3.01), 0, "removed after its duration: the model value")
    }

    func testParametersAndSettlingDuration() throws {
        let t = try simulateTaps(state: #"{"x": 0, "done": 0}"#, actions: """
            [{"caSpringAnimation": {"keyPath": "x", "fromValue": 10, "toValue": 20, "mass": 2, "stiffness": 300,
               "damping": 12, "initialVelocity": 3, "duration": "settlingDuration",
               "animationDidStop": [{"set": {"done": "time"}}]}}]
            """, taps: [0])
        for s in [0.05, 0.2, 0.6] {
            XCTAssertEqual(presented(t, "x", at: s),
                           10 + 10 * underdamped(mass: 2, stiffness: 300, damping: 12, velocity: 3, at: s), accuracy: 1e-9)
        }
        guard case .number(let end)? = t.modelValue("done", at: 100) else { return XCTFail("no completion") }
        // Settled: within 0.001 of the target from then on, and not long before.
        let tail = stride(from: end, through: end + 3, by: 0.01).map { abs(underdamped(mass: 2, stiffness: 300, damping: 12, velocity: 3, at: $0) - 1) }
        XCTAssertLessThanOrEqual(tail.max() ?? 1, 0.001)
        XCTAssertGreaterThan(abs(underdamped(mass: 2, stiffness: 300, damping: 12, velocity: 3, at: end * 0.7) - 1), 0.001)
    }

    /// The time `"duration": "settlingDuration"` gives (when `animationDidStop` runs, for a tap at 0).
    func settlingDuration(damping: Double, mass: Double = 1, stiffness: Double = 100, velocity: Double = 0) throws -> Double {
        let t = try simulateTaps(state: #"{"x": 0, "done": -1}"#, actions: """
            [{"caSpringAnimation": {"keyPath": "x", "fromValue": 0, "toValue": 640, "mass": \(mass), "stiffness": \(stiffness),
               "damping": \(damping), "initialVelocity": \(velocity), "duration": "settlingDuration",
               "animationDidStop": [{"set": {"done": "time"}}]}}]
            """, taps: [0], duration: 20)
        guard case .number(let end)? = t.modelValue("done", at: 20), end >= 0 else { XCTFail("no completion"); return .nan }
        return end
    }

    /// Apple's `settlingDuration` example (mass 1, stiffness 100): damping 5 settles in "approximately
    /// 2.85 seconds", damping 15 in "just over 1 second". The oracle is the oscillation's bound
    /// e^(-a t) (1 + |a - v0| / wd) falling to 0.001, a = c / 2m, wd = sqrt(k/m - a^2), solved here.
    func testSettlingDurationMatchesApplesExample() throws {
        func bound(mass m: Double, stiffness k: Double, damping c: Double, velocity v0: Double) -> Double {
            let a = c / (2 * m), wd = (k / m - a * a).squareRoot()
            return log((1 + abs(a - v0) / wd) / 0.001) / a
        }
        let five = try settlingDuration(damping: 5)
        XCTAssertEqual(five, bound(mass: 1, stiffness: 100, damping: 5, velocity: 0), accuracy: 1e-9)
        XCTAssertEqual(five, 2.85, accuracy: 0.02, "Apple: approximately 2.85 seconds")
        let fifteen = try settlingDuration(damping: 15)
        XCTAssertEqual(fifteen, bound(mass: 1, stiffness: 100, damping: 15, velocity: 0), accuracy: 1e-9)
        XCTAssertGreaterThan(fifteen, 1, "Apple: just over 1 second")
        XCTAssertLessThan(fifteen, 1.1, "Apple: just over 1 second")
        // Mass, stiffness and velocity enter as in the bound; the motion stays within 0.001 afterwards.
        let other = try settlingDuration(damping: 12, mass: 2, stiffness: 300, velocity: -4)
        XCTAssertEqual(other, bound(mass: 2, stiffness: 300, damping: 12, velocity: -4), accuracy: 1e-9)
        let tail = stride(from: other, through: other + 3, by: 0.005)
            .map { abs(underdamped(mass: 2, stiffness: 300, damping: 12, velocity: -4, at: $0) - 1) }
        XCTAssertLessThanOrEqual(tail.max() ?? 1, 0.001)
    }
}

import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// Decodes and simulates a scene with one tappable circle `button` whose tap runs `actions`.
func simulateTaps(state: String, actions: String, taps: [Double], duration: Double = 5,
                  extra: String = "") throws -> Timeline {
    let script = taps.map { "{\"at\": \($0), \"tap\": \"button\"}" }.joined(separator: ",")
    let json = """
    {"canvas": {"width": 10, "height": 10}, "duration": \(duration), "state": \(state),
     "root": {"shape": "circle", "id": "button", "onTap": \(actions)},
     "script": [\(script)] \(extra)}
    """
    return try Simulator(scene: SceneDecoder.decode(Array(json.utf8))).run()
}

/// The presentation value of a number variable.
func presented(_ timeline: Timeline, _ key: String, at t: Double) -> Double {
    guard case .number(let n)? = timeline.presentationValue(key, at: t) else { return .nan }
    return n
}

/// A spring started over a running spring retargets it (keeps position and velocity), checked against
/// an independent numerical integration; `interpolatingSpring` and timing curves stay additive.
final class RetargetTests: XCTestCase {
    let spring = Spring(response: 0.5, dampingFraction: 0.825)
    /// `.spring`: spring(duration: 0.5, bounce: 0), critically damped.
    let plainSpring = Spring(duration: 0.5, bounce: 0)

    /// x: 0 -> 100 with a spring at 0 s, then -> 0 with a stiffer, bouncier spring at 0.2 s: one body
    /// that continues from where it is, with its velocity, on the second spring toward 0.
    ///
    /// (With two identical springs, retargeting and adding give the same motion, the system being
    /// linear; the difference shows when the second spring differs.)
    func testSpringOverSpringRetargetsAndKeepsVelocity() throws {
        let t = try simulateTaps(state: #"{"x": 0}"#, actions: """
            [{"withAnimation": ".spring(response: 0.5, dampingFraction: 0.825)", "do": [{"set": {"x": 100}}]},
             {"after": 0.2, "do": [{"withAnimation": ".spring(response: 0.3, dampingFraction: 0.6)", "do": [{"set": {"x": 0}}]}]}]
            """, taps: [0])
        let before = SpringIntegrator(spring, target: 100).states(from: 0, velocity: 0, at: [0.1, 0.2])
        XCTAssertEqual(presented(t, "x", at: 0.1), before[0].x, accuracy: 1e-6)
        let (x0, v0) = before[1]
        XCTAssertGreaterThan(v0, 100, "the first spring is moving fast when the second starts")
        let second = Spring(response: 0.3, dampingFraction: 0.6)
        let times = [0.2, 0.25, 0.3, 0.4, 0.5]
        let after = SpringIntegrator(second, target: 0).states(from: x0, velocity: v0, at: times.map { $0 - 0.2 })
        for (time, expected) in zip(times, after) {
            XCTAssertEqual(presented(t, "x", at: time), expected.x, accuracy: 1e-6, "at \(time) s")
        }
        // Velocity is continuous across the retarget: second-order one-sided differences agree.
        let h = 1e-4
        func x(_ time: Double) -> Double { presented(t, "x", at: time) }
        let left = (3 * x(0.2) - 4 * x(0.2 - h) + x(0.2 - 2 * h)) / (2 * h)
        let right = (-3 * x(0.2) + 4 * x(0.2 + h) - x(0.2 + 2 * h)) / (2 * h)
        XCTAssertEqual(left, v0, accuracy: 0.02)
        XCTAssertEqual(right, v0, accuracy: 0.02)
        // The additive rule would instead add the second spring from rest: clearly different here.
        let first = SpringIntegrator(spring).states(from: 0, velocity: 0, at: [0.3])[0]
        let fresh = SpringIntegrator(second).states(from: 0, velocity: 0, at: [0.1])[0]
        let additive = -100 * (1 - first.x) + 100 * (1 - fresh.x)
        XCTAssertGreaterThan(abs(presented(t, "x", at: 0.3) - additive), 1)
        // Settled within 0.001 of the starting displacement, then exactly the model value.
        let late = SpringIntegrator(second, target: 0).states(from: x0, velocity: v0, at: [0.6])[0]
        XCTAssertEqual(presented(t, "x", at: 0.8), late.x, accuracy: 0.001 * max(abs(x0), v0 / (2 * .pi / 0.3)))
        XCTAssertEqual(presented(t, "x", at: 3), 0, accuracy: 1e-9, "settled at the model value")
    }

    /// Three retargets in a row (0 -> 100 -> -50 -> 30), each with another spring, follow one body.
    func testRepeatedRetargetsFollowOneBody() throws {
        let t = try simulateTaps(state: #"{"x": 0}"#, actions: """
            [{"set": {"x": 100}, "animation": ".bouncy"},
             {"after": 0.15, "do": [{"set": {"x": -50}, "animation": ".snappy"}]},
             {"after": 0.35, "do": [{"set": {"x": 30}, "animation": ".interactiveSpring"}]}]
            """, taps: [1])
        let a = SpringIntegrator(.bouncy, target: 100).states(from: 0, velocity: 0, at: [0.15])[0]
        let b = SpringIntegrator(.snappy, target: -50).states(from: a.x, velocity: a.v, at: [0.2])[0]
        // `.interactiveSpring` is interactiveSpring(duration: 0.15, extraBounce: 0): bounce 0.15.
        let c = SpringIntegrator(Spring(duration: 0.15, bounce: 0.15), target: 30).states(from: b.x, velocity: b.v, at: [0.1, 0.4])
        XCTAssertEqual(presented(t, "x", at: 1.45), c[0].x, accuracy: 1e-6)
        XCTAssertEqual(presented(t, "x", at: 1.75), c[1].x, accuracy: 1e-3)
    }

    /// `interpolatingSpring` does not retarget: the second change adds its own spring from rest.
    func testInterpolatingSpringStaysAdditive() throws {
        let t = try simulateTaps(state: #"{"x": 0}"#, actions: """
            [{"set": {"x": 100}, "animation": ".interpolatingSpring(stiffness: 170, damping: 15)"},
             {"after": 0.2, "do": [{"set": {"x": 0}, "animation": ".interpolatingSpring(stiffness: 170, damping: 15)"}]}]
            """, taps: [0])
        let s = Spring(mass: 1, stiffness: 170, damping: 15)
        let unit = SpringIntegrator(s).states(from: 0, velocity: 0, at: [0.2, 0.3, 0.5])
        // model 0, plus (0 - 100)(1 - x(t)) for the first change, plus (100 - 0)(1 - x(t - 0.2)) for the second.
        let first = SpringIntegrator(s).states(from: 0, velocity: 0, at: [0.4, 0.5, 0.7])
        for (i, time) in [0.4, 0.5, 0.7].enumerated() {
            let expected = -100 * (1 - first[i].x) + 100 * (1 - unit[i].x)
            XCTAssertEqual(presented(t, "x", at: time), expected, accuracy: 1e-6, "at \(time) s")
        }
    }

    /// A timing curve started over a running spring adds its offset; the spring keeps playing.
    func testTimingCurveOverSpringIsAdditive() throws {
        let t = try simulateTaps(state: #"{"x": 0}"#, actions: """
            [{"set": {"x": 100}, "animation": ".spring"},
             {"after": 0.2, "do": [{"set": {"x": 50}, "animation": ".linear(duration: 0.5)"}]}]
            """, taps: [0])
        let s = SpringIntegrator(plainSpring).states(from: 0, velocity: 0, at: [0.3, 0.45])
        XCTAssertEqual(presented(t, "x", at: 0.3), 50 - 100 * (1 - s[0].x) + 50 * (1 - 0.1 / 0.5), accuracy: 1e-6)
        XCTAssertEqual(presented(t, "x", at: 0.45), 50 - 100 * (1 - s[1].x) + 50 * (1 - 0.25 / 0.5), accuracy: 1e-6)
    }

    /// A change without animation moves the model; the running spring's offset keeps playing on top.
    func testUnanimatedChangeLeavesSpringOffsetPlaying() throws {
        let t = try simulateTaps(state: #"{"x": 0}"#, actions: """
            [{"set": {"x": 100}, "animation": ".spring"}, {"after": 0.2, "do": [{"set": {"x": 120}}]}]
            """, taps: [0])
        let s = SpringIntegrator(plainSpring).states(from: 0, velocity: 0, at: [0.3])
        XCTAssertEqual(presented(t, "x", at: 0.3), 120 - 100 * (1 - s[0].x), accuracy: 1e-6)
    }

    /// Colours retarget component by component, like numbers.
    func testColourSpringRetargets() throws {
        let t = try simulateTaps(state: ##"{"c": "#000000"}"##, actions: """
            [{"set": {"c": "#ffffff"}, "animation": ".smooth"},
             {"after": 0.1, "do": [{"set": {"c": "#000000"}, "animation": ".smooth"}]}]
            """, taps: [0])
        let a = SpringIntegrator(.smooth, target: 1).states(from: 0, velocity: 0, at: [0.1])[0]
        let b = SpringIntegrator(.smooth, target: 0).states(from: a.x, velocity: a.v, at: [0.15])[0]
        guard case .color(let c)? = t.presentationValue("c", at: 0.25) else { return XCTFail("not a colour") }
        XCTAssertEqual(c.red, b.x, accuracy: 1e-6)
        XCTAssertEqual(c.blue, b.x, accuracy: 1e-6)
        XCTAssertEqual(c.alpha, 1, accuracy: 1e-12)
    }
}

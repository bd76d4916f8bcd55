import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// `CAKeyframeAnimation`: values at key times, per-segment timing functions, calculation modes.
final class LayerKeyframesTests: XCTestCase {
    func testLinearReachesEachValueAtItsKeyTimeWithItsSegmentsTimingFunction() {
        let k = LayerKeyframes(values: [[0], [10], [4]], keyTimes: [0, 0.25, 1], curves: [.linear, .easeOut], mode: .linear)
        XCTAssertEqual(k.components(at: 0.125)[0], 5, accuracy: 1e-12)
        XCTAssertEqual(k.components(at: 0.25)[0], 10, accuracy: 1e-12)
        let u = (0.7 - 0.25) / 0.75
        XCTAssertEqual(k.components(at: 0.7)[0], 10 - 6 * bezierY(x: u, 0, 0, 0.58, 1), accuracy: 1e-6)
        XCTAssertEqual(k.components(at: 1)[0], 4)
    }

    func testDefaultKeyTimesAreEvenlySpaced() {
        let k = LayerKeyframes(values: [[0], [10], [0], [20]], keyTimes: nil, curves: nil, mode: .linear)
        XCTAssertEqual(k.components(at: 1.0 / 6)[0], 5, accuracy: 1e-12)
        XCTAssertEqual(k.components(at: 5.0 / 6)[0], 10, accuracy: 1e-12)
    }

    func testDiscreteHoldsEachValueFromItsKeyTimeToTheNext() {
        let k = LayerKeyframes(values: [[1], [2], [3]], keyTimes: [0, 0.5, 0.6, 1], curves: nil, mode: .discrete)
        XCTAssertEqual(k.components(at: 0.49), [1])
        XCTAssertEqual(k.components(at: 0.5), [2])
        XCTAssertEqual(k.components(at: 0.59), [2])
        XCTAssertEqual(k.components(at: 0.9), [3])
        let even = LayerKeyframes(values: [[1], [2], [3], [4]], keyTimes: nil, curves: nil, mode: .discrete)
        XCTAssertEqual(even.components(at: 0.3), [2], "default key times i / n: 0.25 to 0.5")
    }

    func testPacedMovesAtConstantSpeedByArcLength() {
        // A 2D path (0,0) -> (30,40) -> (30,0): lengths 50 and 40, so the corner is at 50 / 90 of the time.
        let k = LayerKeyframes(values: [[0, 0], [30, 40], [30, 0]], keyTimes: [0, 0.9, 1], curves: [.easeIn, .easeIn], mode: .paced)
        let corner = 50.0 / 90
        XCTAssertEqual(k.components(at: corner)[0], 30, accuracy: 1e-9)
        XCTAssertEqual(k.components(at: corner)[1], 40, accuracy: 1e-9)
        for p in [0.1, 0.3, 0.8, 0.95] {
            // Distance travelled is 90 p along the path.
            let d = 90 * p
            let expected = d <= 50 ? [30 * d / 50, 40 * d / 50] : [30, 40 - (d - 50)]
            XCTAssertEqual(k.components(at: p)[0], expected[0], accuracy: 1e-9)
            XCTAssertEqual(k.components(at: p)[1], expected[1], accuracy: 1e-9)
        }
    }

    func testCubicIsTheCatmullRomSplineThroughEvenlySpacedValues() {
        let p = [310.0, 60, 120, 60, 310]
        let k = LayerKeyframes(values: p.map { [$0] }, keyTimes: [0, 0.25, 0.5, 0.75, 1], curves: nil, mode: .cubic)
        func catmullRom(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ u: Double) -> Double {
            0.5 * (2 * p1 + (-p0 + p2) * u + (2 * p0 - 5 * p1 + 4 * p2 - p3) * u * u + (-p0 + 3 * p1 - 3 * p2 + p3) * u * u * u)
        }
        for u in [0.1, 0.5, 0.9] {
            XCTAssertEqual(k.components(at: 0.25 + 0.25 * u)[0], catmullRom(p[0], p[1], p[2], p[3], u), accuracy: 1e-9)
            XCTAssertEqual(k.components(at: 0.5 + 0.25 * u)[0], catmullRom(p[1], p[2], p[3], p[4], u), accuracy: 1e-9)
        }
        for (i, v) in p.enumerated() { XCTAssertEqual(k.components(at: Double(i) / 4)[0], v, accuracy: 1e-9) }
    }

    func testKeyframeAnimationOnAStateVariableThroughTheSimulator() throws {
        let t = try simulateTaps(state: #"{"y": 0}"#, actions: """
            [{"caKeyframeAnimation": {"keyPath": "y", "values": [0, -40, 10], "keyTimes": [0, 0.5, 1], "duration": 2}}]
            """, taps: [1])
        XCTAssertEqual(presented(t, "y", at: 0.5), 0)
        XCTAssertEqual(presented(t, "y", at: 1.5), -20, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "y", at: 2.5), -40 + 50 * 0.5, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "y", at: 3.5), 0, "removed on completion: the model value again")
    }
}

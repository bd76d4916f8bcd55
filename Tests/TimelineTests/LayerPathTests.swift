import Foundation
import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// `CAKeyframeAnimation` along a path with `rotationMode`: positions and angles worked out here from the
/// Bézier formulas and arc lengths integrated numerically.
final class LayerPathTests: XCTestCase {
    func run(_ keys: String, state: String = #"{"px": 0, "py": 0, "angle": 0}"#) throws -> Timeline {
        try simulateTaps(state: state, actions: """
            [{"caKeyframeAnimation": {"keyPath": "position", "x": "px", "y": "py", \(keys)}}]
            """, taps: [1], duration: 10)
    }

    func testPacedMovesAtConstantSpeedAndTurnsAtTheCorner() throws {
        // 100 right then 50 down: 150 points in 3 s, 50 per second.
        let t = try run(#""path": [["move", 0, 0], ["line", 100, 0], ["line", 100, 50]], "calculationMode": "paced", "#
                        + #""rotationMode": "auto", "rotation": "angle", "duration": 3"#)
        XCTAssertEqual(presented(t, "px", at: 2.5), 75, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "py", at: 2.5), 0, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "angle", at: 2.5), 0, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "px", at: 3.4), 100, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "py", at: 3.4), 20, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "angle", at: 3.4), 90, accuracy: 1e-9, "down: 90 degrees, clockwise on screen")
        XCTAssertEqual(presented(t, "px", at: 4.1), 0, "removed: the model value")
    }

    func testKeyTimesAreThePathsVertices() throws {
        // Vertices at 0, 0.5, 1: the first line takes half the time, whatever its length.
        let t = try run(#""path": [["move", 0, 0], ["line", 100, 0], ["line", 100, 50]], "keyTimes": [0, 0.5, 1], "duration": 2"#)
        XCTAssertEqual(presented(t, "px", at: 1.5), 50, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "py", at: 2.5), 25, accuracy: 1e-9)
        XCTAssertThrowsError(try run(#""path": [["move", 0, 0], ["line", 100, 0]], "keyTimes": [0, 0.5, 1]"#)) { error in
            XCTAssertTrue("\(error)".contains("root.onTap[0].caKeyframeAnimation.keyTimes: at 1 s: the path has 2 vertices"), "\(error)")
        }
    }

    func testAlongACurveTheRotationFollowsTheTangent() throws {
        let curve = #""path": [["move", 0, 0], ["cubic", 0, 100, 100, 100, 100, 0]], "duration": 1"#
        let auto = try run(curve + #", "rotationMode": "auto", "rotation": "angle""#)
        let reverse = try run(curve + #", "rotationMode": "autoReverse", "rotation": "angle""#)
        for s in [0.2, 0.5, 0.7] {
            // Linear mode, two vertices: the curve parameter is the progress.
            let u = 1 - s
            let x = 3 * u * s * s * 100 + s * s * s * 100, y = 3 * u * u * s * 100 + 3 * u * s * s * 100
            let dx = 6 * u * s * 100 + 3 * s * s * 0, dy = 3 * u * u * 100 - 3 * s * s * 100
            let degrees = atan2(dy, dx) * 180 / .pi
            XCTAssertEqual(presented(auto, "px", at: 1 + s), x, accuracy: 1e-9)
            XCTAssertEqual(presented(auto, "py", at: 1 + s), y, accuracy: 1e-9)
            XCTAssertEqual(presented(auto, "angle", at: 1 + s), degrees, accuracy: 1e-9, "at \(s)")
            XCTAssertEqual(presented(reverse, "angle", at: 1 + s), degrees + 180, accuracy: 1e-9)
        }
    }

    func testPacedAlongACurveFollowsArcLength() throws {
        let t = try run(#""path": [["move", 0, 0], ["cubic", 0, 100, 100, 100, 100, 0]], "calculationMode": "paced", "duration": 1"#)
        // Arc length by the trapezoid rule on 100 000 steps, then the parameter where 30 % of it is reached.
        let n = 100_000
        func speed(_ s: Double) -> Double {
            let u = 1 - s
            return hypot(6 * u * s * 100, 3 * u * u * 100 - 3 * s * s * 100)
        }
        var cumulative = [0.0]
        for i in 1...n { cumulative.append(cumulative[i - 1] + (speed(Double(i - 1) / Double(n)) + speed(Double(i) / Double(n))) / 2 / Double(n)) }
        let target = 0.3 * cumulative[n]
        let i = cumulative.firstIndex { $0 >= target } ?? n
        let s = Double(i) / Double(n)
        let u = 1 - s
        XCTAssertEqual(presented(t, "px", at: 1.3), 3 * u * s * s * 100 + s * s * s * 100, accuracy: 1e-2)
        XCTAssertEqual(presented(t, "py", at: 1.3), 3 * u * u * s * 100 + 3 * u * s * s * 100, accuracy: 1e-2)
    }

    func testBadPathAnimations() {
        let cases: [(String, String)] = [
            (#""path": [["move", 0, 0]], "x": "px", "values": [1]"#, "values: give \"values\" or a \"path\", not both"),
            (#""path": [["move", 0, 0]], "x": "px", "y": "py", "rotationMode": "auto""#, "\"rotationMode\" needs \"rotation\""),
            (#""path": [["move", 0, 0]], "x": "px", "y": "nope""#, "y: unknown state variable \"nope\""),
            (#""path": [["plot", 0, 1, 0.1, "x"]], "x": "px", "y": "py""#, "path[0]: a keyframe path cannot \"plot\""),
        ]
        for (keys, message) in cases {
            XCTAssertThrowsError(try simulateTaps(state: #"{"px": 0, "py": 0}"#, actions: """
                [{"caKeyframeAnimation": {"keyPath": "position", \(keys)}}]
                """, taps: [1])) { error in
                XCTAssertTrue("\(error)".contains("root.onTap[0].caKeyframeAnimation.") && "\(error)".contains(message), "\(error)")
            }
        }
    }
}

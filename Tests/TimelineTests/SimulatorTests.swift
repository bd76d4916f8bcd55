import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// The simulator and SwiftUI's additive combination rule, on small scenes.
final class SimulatorTests: XCTestCase {
    /// A scene with one tappable view whose tap runs `actions` (JSON), and state `state` (JSON).
    func timeline(state: String, actions: String, taps: [Double], duration: Double = 3) throws -> Timeline {
        let script = taps.map { "{\"at\": \($0), \"tap\": \"button\"}" }.joined(separator: ",")
        let json = """
        {"canvas": {"width": 10, "height": 10}, "duration": \(duration), "state": \(state),
         "root": {"shape": "circle", "id": "button", "onTap": \(actions)},
         "script": [\(script)]}
        """
        let scene = try SceneDecoder.decode(Array(json.utf8))
        return try Simulator(scene: scene).run()
    }

    func number(_ timeline: Timeline, _ key: String, at t: Double) -> Double {
        guard case .number(let n)? = timeline.presentationValue(key, at: t) else { return .nan }
        return n
    }

    /// The seek button's out-and-back: 0 -> 20 over 0-0.1 s, 20 -> 0 over 0.1-0.2 s, smooth in between.
    func testTwoWithAnimationsInOneTapCombineIntoOutAndBack() throws {
        let t = try timeline(state: #"{"rotation": 0}"#, actions: """
            [{"withAnimation": ".easeInOut(duration: 0.1)", "do": [{"set": {"rotation": 20}}]},
             {"withAnimation": ".easeInOut(duration: 0.1).delay(0.1)", "do": [{"set": {"rotation": 0}}]}]
            """, taps: [1])
        XCTAssertEqual(number(t, "rotation", at: 0.99), 0, accuracy: 1e-9)
        XCTAssertEqual(number(t, "rotation", at: 1.0), 0, accuracy: 1e-9)
        XCTAssertEqual(number(t, "rotation", at: 1.05), 10, accuracy: 1e-6)  // easeInOut is symmetric: half way at 0.05 s
        XCTAssertEqual(number(t, "rotation", at: 1.1), 20, accuracy: 1e-6)
        XCTAssertEqual(number(t, "rotation", at: 1.15), 10, accuracy: 1e-6)
        XCTAssertEqual(number(t, "rotation", at: 1.2), 0, accuracy: 1e-6)
        // Independently: easeInOut at x = 0.25 solved by bisection on the Bézier's parametric form.
        let y = bezierY(x: 0.25, 0.42, 0, 0.58, 1)
        XCTAssertEqual(number(t, "rotation", at: 1.025), 20 * y, accuracy: 1e-5)
        XCTAssertEqual(number(t, "rotation", at: 1.125), 20 * (1 - y), accuracy: 1e-5)
    }

    /// A change without animation moves the model; a running animation's offset keeps playing on top.
    func testUnanimatedChangeKeepsRunningOffset() throws {
        let t = try timeline(state: #"{"x": 0}"#, actions: """
            [{"set": {"x": "x + 100"}, "animation": ".linear(duration: 1)"},
             {"after": 0.5, "do": [{"set": {"x": "x + 10"}}]}]
            """, taps: [0])
        XCTAssertEqual(number(t, "x", at: 0.25), 25, accuracy: 1e-9)
        // At 0.5 s the model jumps 100 -> 110; the first animation's offset (-100 * 0.5) still applies.
        XCTAssertEqual(number(t, "x", at: 0.5), 110 - 50, accuracy: 1e-9)
        XCTAssertEqual(number(t, "x", at: 0.75), 110 - 25, accuracy: 1e-9)
        XCTAssertEqual(number(t, "x", at: 1.0), 110, accuracy: 1e-9)
    }

    /// `after` with an id is replaced by a later one (debounce), and `cancel` drops it.
    func testAfterWithIDDebounces() throws {
        let t = try timeline(state: #"{"count": 0, "fired": 0}"#, actions: """
            [{"set": {"count": "count + 1"}},
             {"after": 0.8, "id": "restore", "do": [{"set": {"fired": "fired + 1"}}]}]
            """, taps: [0, 0.5, 1.0])
        XCTAssertEqual(number(t, "count", at: 1.0), 3)
        XCTAssertEqual(number(t, "fired", at: 1.79), 0)
        XCTAssertEqual(number(t, "fired", at: 1.8), 1)
        XCTAssertEqual(number(t, "fired", at: 3), 1)
    }

    /// The seeded generator gives the same numbers for the same seed.
    func testRandomIsSeeded() throws {
        let make = { try self.timeline(state: #"{"r": 0}"#, actions: #"[{"set": {"r": "random(0, 2)"}}]"#, taps: [0.1]) }
        let a = try make(), b = try make()
        XCTAssertEqual(number(a, "r", at: 1), number(b, "r", at: 1))
        XCTAssert((0...2).contains(number(a, "r", at: 1)))
    }

    func testSettingAStringToANumberIsAnError() throws {
        XCTAssertThrowsError(try timeline(state: #"{"label": "a"}"#, actions: #"[{"set": {"label": "1 + 1"}}]"#, taps: [0])) { error in
            XCTAssertTrue("\(error)".contains("holds a string, cannot set it to a number"), "\(error)")
        }
    }

    func testUnknownAnimationSuggests() throws {
        XCTAssertThrowsError(try timeline(state: #"{"x": 0}"#,
                                          actions: #"[{"set": {"x": 1}, "animation": ".easeInOt(duration: 1)"}]"#, taps: [0])) { error in
            XCTAssertTrue("\(error)".contains("did you mean .easeInOut?"), "\(error)")
        }
    }
}

/// y of the cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1) at `x`, by bisection on the parameter.
func bezierY(x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
    func b(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if b(mid, x1, x2) < x { lo = mid } else { hi = mid }
    }
    return b((lo + hi) / 2, y1, y2)
}

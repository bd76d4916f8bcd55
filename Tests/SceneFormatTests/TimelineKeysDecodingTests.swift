import XCTest
import Expressions
@testable import SceneFormat

/// The keys added for timers, Core Animation animations, plots and script actions: each decodes, and
/// each bad input gets one clear error naming its JSON path.
final class TimelineKeysDecodingTests: XCTestCase {
    /// A scene with state r (number) and `tap` actions on a circle with id `b`, plus extra top-level keys.
    func scene(actions: String = "[]", root: String? = nil, state: String = #"{"r": 0}"#, extra: String = "") -> String {
        let node = root ?? #"{"shape": "circle", "id": "b", "onTap": \#(actions)}"#
        return #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "state": \#(state), "root": \#(node)\#(extra)}"#
    }

    func decode(_ json: String) throws -> Scene { try SceneDecoder.decode(Array(json.utf8)) }

    /// Asserts decoding fails with `path` and a message containing `fragment`.
    func assertError(_ json: String, path: String, _ fragment: String, line: UInt = #line) {
        XCTAssertThrowsError(try decode(json), line: line) { error in
            guard let error = error as? SceneError else { return XCTFail("\(error)", line: line) }
            XCTAssertEqual(error.path.description, path, "\(error)", line: line)
            XCTAssertTrue(error.message.contains(fragment), "\(error.message)", line: line)
        }
    }

    func testGoodKeysDecode() throws {
        let s = try decode(scene(actions: """
            [{"caAnimation": {"keyPath": "r", "fromValue": 0, "toValue": "r + 1", "duration": 2, "timingFunction": "easeInEaseOut",
                              "isRemovedOnCompletion": false, "fillMode": "forwards", "animationDidStop": [{"set": {"r": 1}}]}},
             {"timer": "displayLink", "id": "link", "until": "time + 2", "do": [{"set": {"r": "randomInt(0, 3)"}}]},
             {"timer": 0.5, "repeats": false, "count": 2, "do": []}]
            """, extra: #", "script": [{"at": 0, "do": [{"set": {"r": 2}}]}, {"at": 0.5, "tap": "b"}]"#))
        guard case .shape(let shape) = s.root.kind, case .caAnimation(let ca) = s.root.onTap[0] else { return XCTFail() }
        _ = shape
        XCTAssertEqual(ca.keyPath, "r")
        XCTAssertEqual(ca.timingFunction, .named(.easeInEaseOut))
        XCTAssertEqual(ca.fillMode, .forwards)
        XCTAssertFalse(ca.isRemovedOnCompletion)
        XCTAssertEqual(ca.animationDidStop.count, 1)
        guard case .timer(let link) = s.root.onTap[1], case .displayLink = link.rate else { return XCTFail() }
        XCTAssertTrue(link.repeats)
        XCTAssertEqual(link.id, "link")
        guard case .timer(let once) = s.root.onTap[2] else { return XCTFail() }
        XCTAssertFalse(once.repeats)
        guard case .actions(let first) = s.script[0].kind else { return XCTFail() }
        XCTAssertEqual(first.count, 1)
    }

    func testCAAnimationErrors() {
        func ca(_ body: String) -> String { scene(actions: "[{\"caAnimation\": \(body)}]") }
        assertError(ca(#"{"keyPath": "rotaton", "fromValue": 0, "toValue": 1}"#), path: "root.onTap[0].caAnimation.keyPath",
                    #"unknown keyPath "rotaton": it must name a state variable here"#)
        assertError(ca(#"{"keyPath": "rotaton", "fromValue": 0, "toValue": 1}"#).replacingOccurrences(of: #""r": 0"#, with: #""rotation": 0"#),
                    path: "root.onTap[0].caAnimation.keyPath", #"did you mean "rotation"?"#)
        assertError(ca(#"{"keyPath": "r", "fromValue": 0, "toValue": 1, "duration": -1}"#),
                    path: "root.onTap[0].caAnimation.duration", "-1 is out of range: expected 0 to 3600")
        assertError(ca(#"{"keyPath": "r", "fromValue": 0, "toValue": 1, "timingFunction": "easeOt"}"#),
                    path: "root.onTap[0].caAnimation.timingFunction", #"did you mean "easeOut"?"#)
        assertError(ca(#"{"keyPath": "r", "fromValue": 0, "toValue": 1, "timingFunction": [0, 0, 1]}"#),
                    path: "root.onTap[0].caAnimation.timingFunction", "control points are [x1, y1, x2, y2], got 3 values")
        assertError(ca(#"{"keyPath": "r", "fromValue": 0, "toValue": 1, "timingFunction": [0, 0, 1.5, 1]}"#),
                    path: "root.onTap[0].caAnimation.timingFunction[2]", "out of range: expected 0 to 1")
        assertError(ca(#"{"keyPath": "r", "fromValu": 0, "toValue": 1}"#),
                    path: "root.onTap[0].caAnimation.fromValu", #"did you mean "fromValue"?"#)
        // fromValue may be omitted (the presentation value); all three of from, to and by may not be given.
        assertError(ca(#"{"keyPath": "r", "fromValue": 0, "toValue": 1, "byValue": 1}"#), path: "root.onTap[0].caAnimation.byValue",
                    "give at most two of fromValue, toValue and byValue")
        assertError(ca(#"{"keyPath": "r", "fromValue": 0, "toValue": "q"}"#), path: "root.onTap[0].caAnimation.toValue", "unknown name 'q'")
        assertError(ca(#"{"keyPath": "r", "fromValue": 0, "toValue": 1, "fillMode": "sideways"}"#),
                    path: "root.onTap[0].caAnimation.fillMode", #"expected one of "removed", "forwards", "backwards", "both""#)
        assertError(ca(#"{"keyPath": "r", "fromValue": 0, "toValue": 1, "isRemovedOnCompletion": "no"}"#),
                    path: "root.onTap[0].caAnimation.isRemovedOnCompletion", "expected true or false")
        assertError(ca(#"{"keyPath": "r", "fromValue": 0, "toValue": 1, "animationDidStop": [{"set": {"s": 1}}]}"#),
                    path: "root.onTap[0].caAnimation.animationDidStop[0].set.s", #""s" is not a state variable here"#)
    }

    func testTimerErrors() {
        func timer(_ body: String) -> String { scene(actions: "[\(body)]") }
        assertError(timer(#"{"timer": 0, "do": []}"#), path: "root.onTap[0].timer", "a timer interval must be at least 0.001 s, got 0")
        assertError(timer(#"{"timer": -1, "do": []}"#), path: "root.onTap[0].timer", "at least 0.001 s")
        assertError(timer(#"{"timer": true, "do": []}"#), path: "root.onTap[0].timer",
                    #"expected an interval in seconds or "displayLink", got a boolean"#)
        assertError(timer(#"{"timer": "displayLnk", "do": []}"#), path: "root.onTap[0].timer", "unknown name 'displayLnk'")
        assertError(timer(#"{"timer": 1, "count": 0, "do": []}"#), path: "root.onTap[0].count", "expected a whole number from 1")
        assertError(timer(#"{"timer": 1, "count": 1.5, "do": []}"#), path: "root.onTap[0].count", "got 1.5")
        assertError(timer(#"{"timer": 1, "until": -2, "do": []}"#), path: "root.onTap[0].until", "-2 is out of range")
        assertError(timer(#"{"timer": 1}"#), path: "root.onTap[0]", #"missing required key "do""#)
        assertError(timer(#"{"timer": 1, "repeat": true, "do": []}"#), path: "root.onTap[0].repeat", #"did you mean "repeats"?"#)
        assertError(timer(#"{"timer": 1, "repeats": 1, "do": []}"#), path: "root.onTap[0].repeats", "expected true or false")
    }

    func testScriptDoErrors() {
        assertError(scene(extra: #", "script": [{"at": 0, "tap": "b", "do": []}]"#), path: "script[0]", #"either a "tap" or "do""#)
        assertError(scene(extra: #", "script": [{"at": 0}]"#), path: "script[0]", #"needs an input: "tap" (a view id) or "do" (actions)"#)
        assertError(scene(extra: #", "script": [{"at": 0, "do": [{"set": {"q": 1}}]}]"#), path: "script[0].do[0].set.q",
                    #""q" is not a state variable here"#)
    }

    func testPlotErrors() {
        func plot(_ command: String) -> String { scene(root: #"{"path": [\#(command)]}"#) }
        XCTAssertNoThrow(try decode(plot(#"["plot", 0, "w - 1", 1, "h/2 + 10 * sin(x / 20 + t)"]"#)))
        assertError(plot(#"["plot", 0, 10, 0, "x"]"#), path: "root.path[0][3]", "a plot's step must be more than 0, got 0")
        assertError(plot(#"["plot", 0, 10, 1]"#), path: "root.path[0]", #""plot" takes 4 values, got 3"#)
        assertError(plot(#"["plot", 0, 10, 1, "y"]"#), path: "root.path[0][4]", "unknown name 'y'")
        assertError(plot(#"["plott", 0, 10, 1, "x"]"#), path: "root.path[0][0]", #"did you mean "plot"?"#)
        // `x` exists only inside the plot's y expression.
        assertError(plot(#"["line", "x", 0]"#), path: "root.path[0][1]", "unknown name 'x'")
    }

    func testRandomIntOnlyInActionsAndTAsStateName() throws {
        assertError(scene(root: #"{"shape": "circle", "opacity": "randomInt(0, 1)"}"#), path: "root.opacity", "randomInt")
        XCTAssertNoThrow(try decode(scene(state: #"{"t": 0}"#)), "a state variable may be called t (it hides the clock's t)")
        assertError(scene(state: #"{"time": 0}"#), path: "state.time", "reserved name")
    }
}

import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// Core Animation explicit animations (`caAnimation`): from -> to over the model, removal, completion.
final class LayerAnimationTests: XCTestCase {
    func caTimeline(_ animation: String, state: String = #"{"r": 0, "done": false}"#) throws -> Timeline {
        try simulateTaps(state: state, actions: "[{\"caAnimation\": \(animation)}]", taps: [1])
    }

    func testPresentationShowsFromToThenTheModelSetByTheCompletion() throws {
        let t = try caTimeline("""
            {"keyPath": "r", "fromValue": 10, "toValue": 20, "duration": 2, "timingFunction": "easeOut",
             "animationDidStop": [{"set": {"r": 20, "done": true}}]}
            """)
        XCTAssertEqual(presented(t, "r", at: 0.99), 0, "before: the model")
        XCTAssertEqual(presented(t, "r", at: 1), 10, accuracy: 1e-12, "starts at fromValue, not the model")
        for x in [0.1, 0.25, 0.5, 0.9] {
            XCTAssertEqual(presented(t, "r", at: 1 + 2 * x), 10 + 10 * bezierY(x: x, 0, 0, 0.58, 1), accuracy: 1e-6)
        }
        XCTAssertEqual(t.modelValue("r", at: 2.9), .number(0), "the model does not move while it runs")
        XCTAssertEqual(t.modelValue("done", at: 2.999), .bool(false))
        XCTAssertEqual(t.modelValue("done", at: 3), .bool(true), "animationDidStop runs at the end time")
        XCTAssertEqual(presented(t, "r", at: 3), 20)
    }

    func testRemovedWithoutCompletionShowsTheOldModel() throws {
        let t = try caTimeline(#"{"keyPath": "r", "fromValue": 10, "toValue": 20, "duration": 1}"#)
        XCTAssertEqual(presented(t, "r", at: 1.5), 15, accuracy: 1e-12, "linear without a timing function")
        XCTAssertEqual(presented(t, "r", at: 2), 0)
    }

    func testControlPointsAndDefaultDuration() throws {
        let t = try caTimeline(#"{"keyPath": "r", "fromValue": 0, "toValue": 1, "timingFunction": [0.25, 0.1, 0.25, 1]}"#)
        XCTAssertEqual(presented(t, "r", at: 1.1), bezierY(x: 0.4, 0.25, 0.1, 0.25, 1), accuracy: 1e-6,
                       "Core Animation's default duration is 0.25 s")
        XCTAssertEqual(presented(t, "r", at: 1.25), 0)
    }

    func testFillModeForwardsHoldsToValue() throws {
        let t = try caTimeline(#"{"keyPath": "r", "fromValue": 0, "toValue": 5, "duration": 1, "isRemovedOnCompletion": false, "fillMode": "forwards"}"#)
        XCTAssertEqual(presented(t, "r", at: 4), 5)
        XCTAssertEqual(t.modelValue("r", at: 4), .number(0))
    }

    /// The completion can run further actions: here it starts the next animation (a chain).
    func testCompletionChainsAnotherAnimation() throws {
        let t = try caTimeline("""
            {"keyPath": "r", "fromValue": 0, "toValue": 10, "duration": 1,
             "animationDidStop": [{"set": {"r": 10}},
                                  {"caAnimation": {"keyPath": "r", "fromValue": "r", "toValue": "r * 2", "duration": 1}}]}
            """)
        XCTAssertEqual(presented(t, "r", at: 2.5), 15, accuracy: 1e-12)
        XCTAssertEqual(presented(t, "r", at: 3.5), 10)
    }

    func testColourAnimation() throws {
        let t = try caTimeline(##"{"keyPath": "c", "fromValue": "#000000", "toValue": "#ffffff", "duration": 1}"##,
                               state: ##"{"c": "#ff0000"}"##)
        guard case .color(let c)? = t.presentationValue("c", at: 1.5) else { return XCTFail() }
        XCTAssertEqual(c.green, 0.5, accuracy: 1e-12)
    }

    func testRuntimeErrorsNameThePath() throws {
        XCTAssertThrowsError(try caTimeline(#"{"keyPath": "r", "fromValue": 0, "toValue": 1, "duration": "r - 1"}"#)) { error in
            XCTAssertTrue("\(error)".contains("root.onTap[0].caAnimation.duration"), "\(error)")
            XCTAssertTrue("\(error)".contains("0 or more"), "\(error)")
        }
        XCTAssertThrowsError(try caTimeline(#"{"keyPath": "done", "fromValue": 0, "toValue": 1}"#)) { error in
            XCTAssertTrue("\(error)".contains("root.onTap[0].caAnimation.keyPath"), "\(error)")
            XCTAssertTrue("\(error)".contains("needs a number or a colour"), "\(error)")
        }
        XCTAssertThrowsError(try caTimeline(#"{"keyPath": "r", "fromValue": "'a'", "toValue": 1}"#)) { error in
            XCTAssertTrue("\(error)".contains("root.onTap[0].caAnimation.fromValue"), "\(error)")
        }
    }
}

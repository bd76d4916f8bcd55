import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// `CAAnimationGroup`: children in the group's local time, clipped by its duration, under its timing.
final class LayerGroupTests: XCTestCase {
    func testChildrenRunInTheGroupsTimeAndItsDurationClipsThem() throws {
        let t = try simulateTaps(state: #"{"x": 0, "y": 0, "z": 0, "done": 0}"#, actions: """
            [{"caAnimationGroup": {"duration": 2, "animationDidStop": [{"set": {"done": "time"}}], "animations": [
                {"caAnimation": {"keyPath": "x", "fromValue": 0, "toValue": 100, "duration": 1}},
                {"caAnimation": {"keyPath": "y", "fromValue": 0, "toValue": 50, "duration": 1, "beginTime": 0.5}},
                {"caAnimation": {"keyPath": "z", "fromValue": 0, "toValue": 10, "duration": 4}}]}}]
            """, taps: [1])
        XCTAssertEqual(presented(t, "x", at: 1.5), 50, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "y", at: 1.25), 0, "not begun: 0.5 s into the group")
        XCTAssertEqual(presented(t, "y", at: 2.25), 50 * 0.75, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "x", at: 2.25), 0, "x ended 1 s into the group")
        XCTAssertEqual(presented(t, "z", at: 2.5), 10 * 1.5 / 4, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "z", at: 3.01), 0, "clipped when the group ends at 2 s")
        XCTAssertEqual(t.modelValue("done", at: 3), .number(3), "the group's delegate at the group's end")
    }

    func testTheGroupsTimingAppliesToItsChildren() throws {
        // Speed 2, autoreverses: the group's 2 s play forward in 1 s, then back in 1 s.
        let t = try simulateTaps(state: #"{"x": 0}"#, actions: """
            [{"caAnimationGroup": {"duration": 2, "speed": 2, "autoreverses": true, "animations": [
                {"caAnimation": {"keyPath": "x", "fromValue": 0, "toValue": 100, "duration": 2}}]}}]
            """, taps: [1])
        XCTAssertEqual(presented(t, "x", at: 1.25), 25, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "x", at: 2.75), 25, accuracy: 1e-9, "on the way back")
        XCTAssertEqual(presented(t, "x", at: 3.01), 0)
        // Held by the group's forwards fill.
        let u = try simulateTaps(state: #"{"x": 0}"#, actions: """
            [{"caAnimationGroup": {"duration": 1, "fillMode": "forwards", "isRemovedOnCompletion": false, "animations": [
                {"caKeyframeAnimation": {"keyPath": "x", "values": [0, 30, 60], "duration": 1}}]}}]
            """, taps: [1])
        XCTAssertEqual(presented(u, "x", at: 4), 60, accuracy: 1e-9)
    }

    func testBadGroups() {
        let cases: [(String, String)] = [
            (#"{"caAnimationGroup": {"animations": [{"set": {"x": 1}}]}}"#, #"animations[0]: a group's animations are"#),
            (#"{"caAnimationGroup": {"animations": [{"caAnimaton": {"keyPath": "x"}}]}}"#, #"did you mean "caAnimation"?"#),
            (#"{"caAnimationGroup": {"animations": [{"caAnimation": {"keyPath": "x", "toValue": 1, "animationDidStop": [{"set": {"x": 2}}]}}]}}"#,
             "animations[0]: Core Animation ignores the delegate of an animation in a group"),
            (#"{"caAnimationGroup": {"duration": -1, "animations": [{"caAnimation": {"keyPath": "x", "toValue": 1}}]}}"#,
             "duration: a duration must be 0 seconds or more"),
            (#"{"caAnimationGroup": {"animations": []}}"#, "animations: a group needs 1 to 100 animations, got 0"),
        ]
        for (action, message) in cases {
            XCTAssertThrowsError(try simulateTaps(state: #"{"x": 0}"#, actions: "[\(action)]", taps: [1])) { error in
                XCTAssertTrue("\(error)".contains("root.onTap[0].caAnimationGroup.") && "\(error)".contains(message), "\(error)")
            }
        }
    }
}

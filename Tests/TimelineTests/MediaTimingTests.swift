import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// `CAMediaTiming` on Core Animation animations: beginTime, speed, timeOffset, repetition, autoreverses, fill.
final class MediaTimingTests: XCTestCase {
    func testRepeatCountWithAutoreversesPlaysThereAndBackEachCycle() throws {
        let t = try simulateTaps(state: #"{"x": 0}"#, actions: """
            [{"caAnimation": {"keyPath": "x", "fromValue": 0, "toValue": 100, "duration": 1,
                              "repeatCount": 2, "autoreverses": true}}]
            """, taps: [1])
        // Active 1 + [0, 4): up over [1, 2], down over [2, 3], up, down; then the model value.
        for (time, expected) in [(1.25, 25.0), (2.25, 75), (3.5, 50), (4.75, 25)] {
            XCTAssertEqual(presented(t, "x", at: time), expected, accuracy: 1e-9, "at \(time)")
        }
        XCTAssertEqual(presented(t, "x", at: 5.01), 0, "removed after 4 s")
    }

    func testBeginTimeSpeedAndBackwardsFill() throws {
        let t = try simulateTaps(state: #"{"x": 7}"#, actions: """
            [{"caAnimation": {"keyPath": "x", "fromValue": 10, "toValue": 20, "duration": 2,
                              "beginTime": 0.5, "speed": 2, "fillMode": "backwards"}}]
            """, taps: [1])
        XCTAssertEqual(presented(t, "x", at: 0.9), 7, "not added yet")
        XCTAssertEqual(presented(t, "x", at: 1.2), 10, "backwards fill: the first frame before the begin time")
        // Begins at 1.5; twice as fast: 2 s of animation in 1 s.
        XCTAssertEqual(presented(t, "x", at: 2), 15, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "x", at: 2.6), 7, "ended at 2.5")
    }

    func testTimeOffsetStartsIntoTheCycleAndWraps() {
        var timing = LayerTiming()
        timing.timeOffset = 2
        // Duration 5, offset 2: shows 2...5, then 0...2 (Apple's example for timeOffset).
        XCTAssertEqual(timing.fraction(elapsed: 0, duration: 5), 0.4, accuracy: 1e-12)
        XCTAssertEqual(timing.fraction(elapsed: 2.5, duration: 5), 0.9, accuracy: 1e-12)
        XCTAssertEqual(timing.fraction(elapsed: 4, duration: 5), 0.2, accuracy: 1e-12)
    }

    func testRepeatDurationAndForwardsFillHoldTheLastFrame() throws {
        let t = try simulateTaps(state: #"{"x": 0}"#, actions: """
            [{"caKeyframeAnimation": {"keyPath": "x", "values": [0, 10], "duration": 1, "repeatDuration": 2.5,
                                      "fillMode": "forwards", "isRemovedOnCompletion": false}}]
            """, taps: [1])
        XCTAssertEqual(presented(t, "x", at: 2.25), 2.5, accuracy: 1e-9, "second cycle")
        XCTAssertEqual(presented(t, "x", at: 5), 5, accuracy: 1e-9, "holds where 2.5 s of cycles left it")
    }

    func testInfiniteRepeatAndBadTiming() throws {
        let t = try simulateTaps(state: #"{"x": 0}"#, actions: """
            [{"caAnimation": {"keyPath": "x", "fromValue": 0, "toValue": 10, "duration": 1, "repeatCount": "infinity"}}]
            """, taps: [0], duration: 20)
        XCTAssertEqual(presented(t, "x", at: 17.5), 5, accuracy: 1e-9)
        XCTAssertThrowsError(try simulateTaps(state: #"{"x": 0}"#, actions: """
            [{"caAnimation": {"keyPath": "x", "fromValue": 0, "toValue": 10, "repeatCount": 2, "repeatDuration": 3}}]
            """, taps: [0])) { error in
            XCTAssertTrue("\(error)".contains("repeatCount or repeatDuration"), "\(error)")
        }
    }
}

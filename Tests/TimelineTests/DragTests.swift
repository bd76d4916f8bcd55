import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// Scripted drags: 60 Hz samples along the points, DragGesture's minimum distance, the values the
/// gesture's actions read, and the errors of a bad drag.
final class DragTests: XCTestCase {
    static let recording = """
        {"minimumDistance": MIN,
         "onChanged": [{"if": "changes == 0", "then": [{"set": {"firstTime": "time"}}]},
                       {"set": {"changes": "changes + 1", "lastX": "location.x", "lastY": "location.y",
                                "tw": "translation.width", "th": "translation.height", "sx": "startLocation.x"}},
                       {"after": 0.001, "do": [{"set": {"delayedX": "location.x"}}]}],
         "onEnded": [{"set": {"ended": "time", "endTw": "translation.width"}}]}
        """

    func timeline(points: String, duration: Double, minimumDistance: Double = 10, at start: Double = 1) throws -> Timeline {
        let gesture = Self.recording.replacingOccurrences(of: "MIN", with: "\(minimumDistance)")
        let json = """
        {"canvas": {"width": 10, "height": 10}, "duration": 3,
         "state": {"changes": 0, "firstTime": -1, "lastX": -1, "lastY": -1, "tw": 0, "th": 0, "sx": -1, "delayedX": -1,
                   "ended": -1, "endTw": 0},
         "root": {"shape": "circle", "id": "knob", "onDrag": \(gesture)},
         "script": [{"at": \(start), "drag": "knob", "points": \(points), "duration": \(duration)}]}
        """
        return try Simulator(scene: SceneDecoder.decode(Array(json.utf8))).run()
    }

    func number(_ timeline: Timeline, _ key: String, at t: Double = 3) -> Double {
        guard case .number(let n)? = timeline.modelValue(key, at: t) else { return .nan }
        return n
    }

    /// A 30-point drag right over 0.5 s moves 1 point per 1/60 s sample: the gesture begins at the
    /// sample 10 points from the start (1 + 10/60 s), then every sample runs onChanged: x = 10 ... 29
    /// and the lift at x = 30 (21 calls); onEnded runs at the lift with the last translation.
    func testMinimumDistanceAndSampling() throws {
        let t = try timeline(points: "[[0, 0], [30, 0]]", duration: 0.5)
        XCTAssertEqual(number(t, "firstTime"), 1 + 10.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(number(t, "changes"), 21)
        XCTAssertEqual(number(t, "lastX", at: 1 + 15.0 / 60), 15, accuracy: 1e-9)
        XCTAssertEqual(number(t, "tw", at: 1 + 15.0 / 60), 15, accuracy: 1e-9)
        XCTAssertEqual(number(t, "sx"), 0)
        XCTAssertEqual(number(t, "lastX"), 30)
        XCTAssertEqual(number(t, "ended"), 1.5, accuracy: 1e-9)
        XCTAssertEqual(number(t, "endTw"), 30)
        XCTAssertEqual(number(t, "ended", at: 1.49), -1, "onEnded waits for the lift")
        // An `after` inside onChanged still sees the drag's values.
        XCTAssertEqual(number(t, "delayedX"), 30)
    }

    /// A drag that never gets 10 points from its start is no gesture: neither onChanged nor onEnded.
    func testDragShorterThanTheMinimumDistanceDoesNothing() throws {
        let t = try timeline(points: "[[0, 0], [5, 5], [9, 0]]", duration: 0.5)
        XCTAssertEqual(number(t, "changes"), 0)
        XCTAssertEqual(number(t, "ended"), -1)
        let zero = try timeline(points: "[[0, 0], [5, 5], [9, 0]]", duration: 0.5, minimumDistance: 0)
        XCTAssertGreaterThan(number(zero, "changes"), 0)
        XCTAssertEqual(number(zero, "lastY", at: 1.25), 5, accuracy: 1e-9)
    }

    /// Every leg takes the same time, so a repeated point is a rest: samples where the finger has not
    /// moved run nothing. Legs of 0.1 s: 6 moves, a rest from 1.1 to 1.2 s, 5 moves and the lift.
    func testRepeatedPointIsARest() throws {
        let t = try timeline(points: "[[0, 0], [10, 0], [10, 0], [20, 0]]", duration: 0.3, minimumDistance: 0)
        XCTAssertEqual(number(t, "changes"), 12)
        XCTAssertEqual(number(t, "changes", at: 1.19), 6)
        XCTAssertEqual(number(t, "lastX", at: 1.19), 10, accuracy: 1e-9)
        XCTAssertEqual(number(t, "lastX", at: 1 + 13.0 / 60), 10 + 10 * (13.0 / 60 - 0.2) / 0.1, accuracy: 1e-9)
    }

    func testSamplesAreEvery60thOfASecondPlusTheLift() {
        let samples = Simulator.dragSamples([(0, 0), (1, 2)], duration: 0.11)
        XCTAssertEqual(samples.map(\.time), [0, 1, 2, 3, 4, 5, 6].map { Double($0) / 60 } + [0.11])
        XCTAssertEqual(samples.last?.x, 1)
        XCTAssertEqual(samples.last?.y, 2)
        XCTAssertEqual(samples[3].y, 2 * (3.0 / 60) / 0.11, accuracy: 1e-12)
    }

    func testBadDragsAreErrors() {
        let cases: [(String, String)] = [
            (#""root": {"shape": "circle", "id": "knob", "onTap": [{"set": {"x": 1}}]}, "script": [{"at": 0, "drag": "knob", "points": [[0, 0], [1, 1]], "duration": 1}]"#,
             "has no onDrag gesture"),
            (#""root": {"shape": "circle", "id": "knob", "onDrag": {"onChanged": [{"set": {"x": 1}}]}}, "script": [{"at": 0, "drag": "knop", "points": [[0, 0], [1, 1]], "duration": 1}]"#,
             "did you mean \"knob\""),
            (#""root": {"shape": "circle", "id": "knob", "onDrag": {"onChanged": [{"set": {"x": 1}}]}}, "script": [{"at": 2, "drag": "knob", "points": [[0, 0], [1, 1]], "duration": 1.5}]"#,
             "after the end of the scene"),
            (#""root": {"shape": "circle", "id": "knob", "onDrag": {"onChanged": [{"set": {"x": 1}}]}}, "script": [{"at": 0, "drag": "knob", "points": [[0, 0]], "duration": 1}]"#,
             "at least 2 points"),
            (#""root": {"shape": "circle", "id": "knob", "onTap": [{"set": {"x": "location.x"}}]}, "script": []"#,
             "unknown name 'location'"),
            (#""root": {"shape": "circle", "id": "knob", "onDrag": {"minimumDistance": 3}}, "script": []"#,
             "needs \"onChanged\" or \"onEnded\""),
            (#""root": {"shape": "circle", "id": "knob", "onTap": [{"set": {"x": 1}}]}, "script": [{"at": 0, "tap": "knob", "duration": 1}]"#,
             "belongs to a \"drag\" event"),
        ]
        for (body, expected) in cases {
            let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 3, "state": {"x": 0}, \#(body)}"#
            XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8)), expected) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
        }
    }
}

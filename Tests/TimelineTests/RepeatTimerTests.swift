import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// Repeats and speed through the simulator; timers and display links; the event queue's speed.
final class RepeatTimerTests: XCTestCase {
    func testRepeatCountAutoreversesThenShowsTheModel() throws {
        let t = try simulateTaps(state: #"{"x": 0}"#, actions: """
            [{"set": {"x": 100}, "animation": ".linear(duration: 1).repeatCount(3, autoreverses: true)"}]
            """, taps: [0])
        XCTAssertEqual(presented(t, "x", at: 0.25), 25, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "x", at: 1.25), 75, accuracy: 1e-9, "second pass runs backwards")
        XCTAssertEqual(presented(t, "x", at: 2.25), 25, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "x", at: 3.0), 100, accuracy: 1e-9)
    }

    func testEvenAutoreversingCountJumpsToTheModelAtTheEnd() throws {
        let t = try simulateTaps(state: #"{"x": 0}"#, actions: """
            [{"set": {"x": 100}, "animation": ".linear(duration: 1).repeatCount(2)"}]
            """, taps: [0])
        XCTAssertEqual(presented(t, "x", at: 1.9), 10, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "x", at: 2.0), 100, accuracy: 1e-9)
    }

    func testRepeatForeverWithoutAutoreverseAndSpeed() throws {
        let t = try simulateTaps(state: #"{"x": 0, "y": 0}"#, actions: """
            [{"set": {"x": 100}, "animation": ".linear(duration: 1).repeatForever(autoreverses: false)"},
             {"set": {"y": 100}, "animation": ".linear(duration: 1).speed(2)"}]
            """, taps: [0], duration: 10)
        XCTAssertEqual(presented(t, "x", at: 7.5), 50, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "y", at: 0.25), 50, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "y", at: 0.5), 100, accuracy: 1e-9)
    }

    /// A scene whose script starts a timer at `start` with the given JSON, counting ticks in `n`.
    func timerScene(_ timer: String, start: Double = 0, fps: Double = 50, duration: Double = 5,
                    body: String = #"[{"set": {"n": "n + 1"}}]"#) throws -> Timeline {
        let json = """
        {"canvas": {"width": 10, "height": 10}, "fps": \(fps), "duration": \(duration), "state": {"n": 0},
         "root": {"shape": "circle"},
         "script": [{"at": \(start), "do": [{"timer": \(timer), "id": "tick", "do": \(body)}]}]}
        """
        return try Simulator(scene: SceneDecoder.decode(Array(json.utf8))).run()
    }

    func count(_ t: Timeline, at time: Double) -> Double {
        guard case .number(let n)? = t.modelValue("n", at: time) else { return .nan }
        return n
    }

    /// 60 ticks per second whatever the output frame rate; the first one frame after the start.
    func testDisplayLinkTicksSixtyTimesPerSecondWhateverTheFPS() throws {
        for fps in [24.0, 30, 50, 60] {
            let t = try timerScene(#""displayLink""#, start: 0.5, fps: fps)
            XCTAssertEqual(count(t, at: 0.5), 0, "fps \(fps)")
            XCTAssertEqual(count(t, at: 0.5 + 1.0 / 60), 1)
            XCTAssertEqual(count(t, at: 1.5), 60)
            XCTAssertEqual(count(t, at: 2.5) - count(t, at: 1.5), 60)
            XCTAssertEqual(count(t, at: 5), 270, "4.5 s of ticks")
            XCTAssertEqual(t.changes["n"]?.count, 270)
        }
    }

    func testIntervalTimerWithCountUntilAndRepeats() throws {
        XCTAssertEqual(count(try timerScene(#"0.5, "count": 3"#), at: 5), 3)
        XCTAssertEqual(count(try timerScene(#"0.5, "until": 2.2"#), at: 5), 4, "ticks at 0.5, 1, 1.5, 2")
        XCTAssertEqual(count(try timerScene(#"0.5, "repeats": false"#), at: 5), 1)
        XCTAssertEqual(count(try timerScene(#"0.25"#), at: 1.0), 4)
    }

    /// A tick can invalidate its own timer (`cancel` with its id), as `timer.invalidate()` in the block.
    func testTickCanCancelItsTimer() throws {
        let t = try timerScene(#""displayLink""#, body: #"[{"set": {"n": "n + 1"}}, {"if": "n >= 5", "then": [{"cancel": "tick"}]}]"#)
        XCTAssertEqual(count(t, at: 5), 5)
    }

    /// A timer runs its ticks at model level: animations inside a tick work as in a tap.
    func testTimerTicksCanAnimate() throws {
        let t = try timerScene(#"1, "count": 1"#, body: #"[{"set": {"n": 10}, "animation": ".linear(duration: 1)"}]"#)
        XCTAssertEqual(presented(t, "n", at: 1.5), 5, accuracy: 1e-9)
    }

    /// Thousands of ticks simulate quickly with the heap queue (a minute of display link: 3,600 ticks).
    func testManyTicksAreFast() throws {
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            let t = try timerScene(#""displayLink""#, duration: 60)
            XCTAssertEqual(count(t, at: 60), 3_600)
            _ = t.snapshot(at: 59.99)
        }
        XCTAssertLessThan(elapsed, .seconds(2), "\(elapsed)")
    }

    func testEventQueuePopsInTimeThenSchedulingOrder() {
        var queue = EventQueue<Int>()
        let generator = RandomSource(seed: 3)
        var expected: [(Double, Int)] = []
        for sequence in 0..<5_000 {
            let time = Double(generator.next() % 100) / 10
            queue.push(.init(time: time, sequence: sequence, payload: sequence))
            expected.append((time, sequence))
        }
        expected.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        var popped: [Int] = []
        while let entry = queue.pop() { popped.append(entry.payload) }
        XCTAssertEqual(popped, expected.map(\.1))
    }

    func testRandomIntIsWholeAndInRangeAndSeeded() throws {
        let make = {
            try simulateTaps(state: #"{"r": 0}"#, actions: #"[{"set": {"r": "randomInt(1, 6)"}}]"#,
                             taps: (0..<200).map { Double($0) / 100 }, duration: 3)
        }
        let a = try make(), b = try make()
        let values = (a.changes["r"] ?? []).compactMap { change -> Double? in
            if case .number(let n) = change.new { return n }
            return nil
        }
        XCTAssertEqual(values.count, 200)
        XCTAssertTrue(values.allSatisfy { $0 == $0.rounded() && (1...6).contains($0) })
        XCTAssertEqual(Set(values), [1, 2, 3, 4, 5, 6], "every face comes up in 200 throws")
        XCTAssertEqual(values, (b.changes["r"] ?? []).compactMap { if case .number(let n) = $0.new { return n } else { return nil } })
    }
}

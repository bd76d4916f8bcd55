import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// Keyframe durations and phase animations written as expressions of state: read when the animator
/// plays (SwiftUI calls the `keyframes` closure again for each play), checked by name at load.
final class AnimatorDurationExpressionTests: XCTestCase {
    /// The x offset of a 10-point square centred at 95 in a 200-point stack, whose offset reads `x`,
    /// with `animator` (a `"keyframeAnimator": {...}` or `"phaseAnimator": {...}` member) on it.
    func squareX(_ animator: String, x: String, state: String, script: String, at times: [Double]) throws -> [Double] {
        try squareX(scene: sceneJSON(animator, x: x, state: state, script: script), at: times)
    }

    /// The same for a whole scene whose first shape is that square.
    func squareX(scene json: String, at times: [Double]) throws -> [Double] {
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let composer = Composer(scene: scene, measurer: FixedMeasurer())
        let presentation = try PresentationIndex(composer: composer, timeline: timeline)
        return try times.map { t in
            let items = try composer.displayList(for: timeline.snapshot(at: t), presentation: presentation).items
            return try XCTUnwrap(canvasBounds(items).first).minX - 95
        }
    }

    func sceneJSON(_ animator: String, x: String, state: String, script: String) -> String {
        """
        {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 8, "state": \(state),
         "root": {"zstack": [{"shape": "rectangle", "id": "button", "frame": {"width": 10, "height": 10},
                              "onTap": [{"set": {"taps": "taps + 1"}}],
                              \(animator), "offset": {"x": "\(x)"}}],
                  "frame": {"width": 200, "height": 100}},
         "script": \(script)}
        """
    }

    /// A triggered play reads its durations when the trigger changes: a change of `speed` during a play
    /// leaves it alone and shapes the next one. Each play is 0 -> 100 over d, back to 0 over d, d = 0.5 * speed.
    func testTriggeredKeyframesReadTheirDurationsAtTheTrigger() throws {
        let animator = """
            "keyframeAnimator": {"initialValue": {"x": 0}, "trigger": "taps",
              "tracks": {"x": [{"linear": 100, "duration": "0.5 * speed"}, {"linear": 0, "duration": "0.5 * speed"}]}}
            """
        let script = """
            [{"at": 1, "tap": "button"}, {"at": 1.25, "do": [{"set": {"speed": 4}}]}, {"at": 4, "tap": "button"}]
            """
        let xs = try squareX(animator, x: "value.x", state: #"{"taps": 0, "speed": 2}"#, script: script,
                             at: [0.5, 1.5, 2.5, 4.5, 6, 7])
        // First play: d = 0.5 * 2 = 1, read at t = 1 (speed becomes 4 only at 1.25).
        XCTAssertEqual(xs[0], 0, accuracy: 1e-9)
        XCTAssertEqual(xs[1], 50, accuracy: 1e-9, "0.5 s into the 1 s rise")
        XCTAssertEqual(xs[2], 50, accuracy: 1e-9, "0.5 s into the 1 s fall")
        // Second play at t = 4: d = 0.5 * 4 = 2.
        XCTAssertEqual(xs[3], 25, accuracy: 1e-9, "0.5 s into the 2 s rise")
        XCTAssertEqual(xs[4], 100, accuracy: 1e-9, "the top at 2 s")
        XCTAssertEqual(xs[5], 50, accuracy: 1e-9, "1 s into the 2 s fall")
    }

    /// A repeating animator reads its durations as each loop starts. Each loop moves to 0 and rises to
    /// 100 over `d`. With d = 1 until `d` becomes 2 at 2.5, the loop running then ([2, 3)) keeps 1 s and
    /// the loops after it take 2 s: [3, 5), [5, 7).
    func testRepeatingKeyframesReadTheirDurationsAsEachLoopStarts() throws {
        let animator = """
            "keyframeAnimator": {"initialValue": {"x": 0}, "repeating": true,
              "tracks": {"x": [{"move": 0}, {"linear": 100, "duration": "d"}]}}
            """
        let xs = try squareX(animator, x: "value.x", state: #"{"taps": 0, "d": 1}"#,
                             script: #"[{"at": 2.5, "do": [{"set": {"d": 2}}]}]"#, at: [0.5, 1.25, 2.75, 3.5, 5.5, 6.5])
        XCTAssertEqual(xs[0], 50, accuracy: 1e-9)
        XCTAssertEqual(xs[1], 25, accuracy: 1e-9)
        XCTAssertEqual(xs[2], 75, accuracy: 1e-9, "the loop running at the change keeps its 1 s")
        XCTAssertEqual(xs[3], 25, accuracy: 1e-9, "0.5 s into the 2 s loop from 3")
        XCTAssertEqual(xs[4], 25, accuracy: 1e-9, "0.5 s into the 2 s loop from 5")
        XCTAssertEqual(xs[5], 75, accuracy: 1e-9)
    }

    /// A change at the very time a loop starts shapes that loop.
    func testAChangeAtALoopStartShapesThatLoop() throws {
        let animator = """
            "keyframeAnimator": {"initialValue": {"x": 0}, "repeating": true,
              "tracks": {"x": [{"move": 0}, {"linear": 100, "duration": "d"}]}}
            """
        let xs = try squareX(animator, x: "value.x", state: #"{"taps": 0, "d": 1}"#,
                             script: #"[{"at": 2, "do": [{"set": {"d": 4}}]}]"#, at: [1.5, 3, 6.5])
        XCTAssertEqual(xs[0], 50, accuracy: 1e-9)
        XCTAssertEqual(xs[1], 25, accuracy: 1e-9, "1 s into the 4 s loop from 2")
        XCTAssertEqual(xs[2], 12.5, accuracy: 1e-9, "0.5 s into the 4 s loop from 6")
    }

    /// A spring keyframe's segment and spring durations may both be computed; with the segment as long
    /// as the spring's settling, the spring toward 100 from 0 follows 100 (1 - (1 + w t) e^(-w t)),
    /// w = 2 pi / springDuration (a critically damped spring, bounce 0).
    func testSpringKeyframeDurationsMayBeComputed() throws {
        let animator = """
            "keyframeAnimator": {"initialValue": {"x": 0}, "repeating": false,
              "tracks": {"x": [{"spring": 100, "duration": "4 * s", "springDuration": "s"}]}}
            """
        let xs = try squareX(animator, x: "value.x", state: #"{"taps": 0, "s": 0.5}"#, script: "[]", at: [0.1, 0.3])
        let w = 2 * Double.pi / 0.5
        for (x, t) in zip(xs, [0.1, 0.3]) {
            XCTAssertEqual(x, 100 * (1 - (1 + w * t) * exp(-w * t)), accuracy: 1e-6)
        }
    }

    /// A phase animator's animation reads state when each step runs.
    func testPhaseAnimationReadsState() throws {
        let animator = #""phaseAnimator": {"phases": [0, 100], "trigger": "taps", "animation": ".linear(duration: speed)"}"#
        let xs = try squareX(animator, x: "phase", state: #"{"taps": 0, "speed": 2}"#,
                             script: #"[{"at": 1, "tap": "button"}]"#, at: [1.5, 2.5])
        XCTAssertEqual(xs[0], 25, accuracy: 1e-9, "0.5 s into the 2 s step to 100")
        XCTAssertEqual(xs[1], 75, accuracy: 1e-9)
    }

    /// A component whose square plays `animator`, used with `args`: its durations read its parameter `d`,
    /// which the caller passes as an expression of its state.
    func componentScene(_ animator: String, args: String, state: String, script: String) -> String {
        """
        {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 8, "state": \(state),
         "components": {"Dot": {"params": {"tap": 0, "d": null},
           "body": {"shape": "rectangle", "frame": {"width": 10, "height": 10}, "offset": {"x": "value.x"}, \(animator)}}},
         "root": {"zstack": [{"use": "Dot", "args": \(args)}], "frame": {"width": 200, "height": 100}},
         "script": \(script)}
        """
    }

    /// A triggered play reads a duration that reads a component's parameter as its argument was when the
    /// trigger changed: `d` is the caller's `fast ? 1 : 2`. Each play moves to 0 and rises to 100 over d.
    /// The play at 0.5 s reads d = 2 (`fast` turns true only at 1 s, during the play); the play at 3 s
    /// reads d = 1.
    func testATriggeredPlayReadsAParameterAtTheTrigger() throws {
        let animator = """
            "keyframeAnimator": {"initialValue": {"x": 0}, "trigger": "tap",
              "tracks": {"x": [{"move": 0}, {"linear": 100, "duration": "d"}]}}
            """
        let json = componentScene(animator, args: #"{"tap": "n", "d": "fast ? 1 : 2"}"#, state: #"{"n": 0, "fast": false}"#,
                                  script: #"[{"at": 0.5, "do": [{"set": {"n": 1}}]}, {"at": 1, "do": [{"set": {"fast": true}}]}, "#
                                      + #"{"at": 3, "do": [{"set": {"n": 2}}]}]"#)
        let xs = try squareX(scene: json, at: [0.25, 1.5, 2, 3.5, 3.75, 4.5])
        XCTAssertEqual(xs[0], 0, accuracy: 1e-9, "before the first play")
        XCTAssertEqual(xs[1], 50, accuracy: 1e-9, "1 s into the 2 s rise")
        XCTAssertEqual(xs[2], 75, accuracy: 1e-9, "1.5 s into the 2 s rise")
        XCTAssertEqual(xs[3], 50, accuracy: 1e-9, "0.5 s into the 1 s rise")
        XCTAssertEqual(xs[4], 75, accuracy: 1e-9, "0.75 s into the 1 s rise")
        XCTAssertEqual(xs[5], 100, accuracy: 1e-9, "the end")
    }

    /// A repeating animator's loops read a parameter's argument over the caller's state as each starts: with
    /// d = 2 until `fast` turns true at 2.5 s, the loop running then ([2, 4)) keeps 2 s, and the loops after
    /// it take 1 s: [4, 5), [5, 6).
    func testARepeatingLoopReadsAParameterAsItStarts() throws {
        let animator = """
            "keyframeAnimator": {"initialValue": {"x": 0}, "repeating": true,
              "tracks": {"x": [{"move": 0}, {"linear": 100, "duration": "d"}]}}
            """
        let json = componentScene(animator, args: #"{"d": "fast ? 1 : 2"}"#, state: #"{"fast": false}"#,
                                  script: #"[{"at": 2.5, "do": [{"set": {"fast": true}}]}]"#)
        let xs = try squareX(scene: json, at: [1, 3, 3.5, 4.5, 5.25])
        XCTAssertEqual(xs[0], 50, accuracy: 1e-9, "1 s into the first 2 s loop")
        XCTAssertEqual(xs[1], 50, accuracy: 1e-9, "the loop running at the change keeps its 2 s")
        XCTAssertEqual(xs[2], 75, accuracy: 1e-9)
        XCTAssertEqual(xs[3], 50, accuracy: 1e-9, "0.5 s into the 1 s loop from 4")
        XCTAssertEqual(xs[4], 25, accuracy: 1e-9, "0.25 s into the 1 s loop from 5")
    }

    // MARK: Errors

    /// A duration or a trigger reading a name worked out at each frame (a `let`, the view's size, the time)
    /// cannot be read with the model values of the moment the keyframes start: refused at load, at its place.
    func testADurationOrTriggerReadingALetOrTheSizeIsRefusedAtLoad() throws {
        /// `needle` starts with the refused value's string, where the error stands, and is found once.
        func refused(_ animator: String, _ needle: String, _ name: String, _ kind: String) throws {
            let json = """
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 2, "state": {"n": 0, "fast": false},
             "root": {"let": {"d": "fast ? 1 : 2", "k": "n"}, "zstack": [
               {"shape": "rectangle", "frame": {"width": 10, "height": 10}, "offset": {"x": "value"},
                \(animator)}]}}
            """
            let error = try XCTUnwrap(loadError(json), "refused: \(needle)")
            XCTAssertTrue(error.message.contains("cannot read \"\(name)\", \(kind)"), error.message)
            XCTAssertTrue(error.message.contains("write the expression of state and parameters"), error.message)
            let at = try position(of: needle, in: json)
            XCTAssertEqual(error.location?.line, at.line, needle)
            XCTAssertEqual(error.location?.column, at.column, needle)
        }
        try refused(#""keyframeAnimator": {"initialValue": 0, "trigger": "n", "keyframes": [{"linear": 100, "duration": "d"}]}"#,
                    #""d"}]}"#, "d", "a name a view works out")
        try refused(#""keyframeAnimator": {"initialValue": 0, "trigger": "k", "keyframes": [{"linear": 100, "duration": 1}]}"#,
                    #""k", "keyframes""#, "k", "a name a view works out")
        try refused(#""keyframeAnimator": {"initialValue": 0, "keyframes": [{"linear": 100, "duration": "w / 100"}]}"#,
                    #""w / 100""#, "w", "the view's size")
        try refused(#""keyframeAnimator": {"initialValue": 0, "keyframes": [{"spring": 100, "springDuration": "0.1 + t"}]}"#,
                    #""0.1 + t""#, "t", "the time")
    }

    /// The line and column of `needle`'s first character in `text`, 1-based.
    func position(of needle: String, in text: String) throws -> (line: Int, column: Int) {
        let range = try XCTUnwrap(text.range(of: needle))
        let before = text[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.count - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        return (line, column)
    }

    func loadError(_ json: String) -> SceneError? {
        do { _ = try SceneDecoder.decode(Array(json.utf8)); return nil } catch { return error }
    }

    func testAnUnknownNameInADurationIsRefusedAtLoad() throws {
        let json = sceneJSON("""
            "keyframeAnimator": {"initialValue": 0, "keyframes": [{"linear": 100, "duration": "0.5 * sped"}]}
            """, x: "value", state: #"{"taps": 0, "speed": 2}"#, script: "[]")
        let error = try XCTUnwrap(loadError(json))
        XCTAssertTrue(error.message.contains("sped"), error.message)
        XCTAssertTrue(error.message.contains("speed"), "suggests the near name: \(error.message)")
        let at = try position(of: #""0.5 * sped""#, in: json)
        XCTAssertEqual(error.location?.line, at.line)
        XCTAssertEqual(error.location?.column, at.column)
    }

    func testAKeyframeDurationCannotReadItsOwnAnimatedValue() throws {
        let json = sceneJSON("""
            "keyframeAnimator": {"initialValue": 0, "keyframes": [{"linear": 100, "duration": "value"}]}
            """, x: "value", state: #"{"taps": 0}"#, script: "[]")
        XCTAssertNotNil(loadError(json))
    }

    func testAnUnknownNameInAPhaseAnimationIsRefusedAtLoad() throws {
        let json = sceneJSON(#""phaseAnimator": {"phases": [0, 1], "animation": ".linear(duration: sped)"}"#,
                             x: "phase", state: #"{"taps": 0, "speed": 2}"#, script: "[]")
        let error = try XCTUnwrap(loadError(json))
        XCTAssertTrue(error.message.contains("sped"), error.message)
        let at = try position(of: #"".linear(duration: sped)""#, in: json)
        XCTAssertEqual(error.location?.line, at.line)
    }

    /// A computed duration out of range is an error when the keyframes play, at the duration's place.
    func testANegativeComputedDurationIsAnErrorNamingItsPath() throws {
        let json = sceneJSON("""
            "keyframeAnimator": {"initialValue": 0, "trigger": "taps",
              "keyframes": [{"linear": 100, "duration": "1"}, {"cubic": 0, "duration": "speed - 3"}]}
            """, x: "value", state: #"{"taps": 0, "speed": 2}"#, script: #"[{"at": 1, "tap": "button"}]"#)
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let composer = Composer(scene: scene, measurer: FixedMeasurer())
        XCTAssertThrowsError(try composer.displayList(for: timeline.snapshot(at: 1.5))) { error in
            guard let error = error as? SceneError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.path.description.hasSuffix("keyframes[1].duration"), error.path.description)
            XCTAssertTrue(error.message.contains("-1"), error.message)
        }
    }

    func testASpringDurationOfZeroComputedIsAnError() throws {
        let json = sceneJSON("""
            "keyframeAnimator": {"initialValue": 0, "repeating": false,
              "keyframes": [{"spring": 100, "springDuration": "speed - 2"}]}
            """, x: "value", state: #"{"taps": 0, "speed": 2}"#, script: "[]")
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let composer = Composer(scene: scene, measurer: FixedMeasurer())
        XCTAssertThrowsError(try composer.displayList(for: timeline.snapshot(at: 0.5))) { error in
            guard let error = error as? SceneError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.path.description.hasSuffix("keyframes[0].springDuration"), error.path.description)
        }
    }
}

import XCTest
import Expressions
@testable import SceneFormat

/// The parameters of a `.modifier` transition go from their active to their identity values as the
/// transition plays: they are worked out at each frame, like a `let`. A keyframe trigger or duration, or
/// a timeline's `paused`, is read over the model at the moments state changes, where they have no value:
/// reading one is refused at load, at its line:column, with what to write instead.
final class TransitionParameterTests: XCTestCase {
    /// A scene whose conditional view's insertion is a `.modifier` transition with parameter `pct`, whose
    /// modifier's mask is `view`.
    func scene(_ view: String) -> String {
        """
        {"canvas": {"width": 100, "height": 100}, "duration": 2, "state": {"on": false, "taps": 0},
         "root": {"zstack": [{"if": "on", "shape": "rectangle",
           "transition": {"modifier": {"mask": \(view)}, "active": {"pct": 0}, "identity": {"pct": 1}}}]},
         "script": [{"at": 0.5, "do": [{"set": {"on": true}}]}]}
        """
    }

    func loadError(_ json: String) -> SceneError? {
        do { _ = try SceneDecoder.decode(Array(json.utf8)); return nil } catch { return error }
    }

    /// The line and column of `needle`'s first character in `text`, 1-based.
    func position(of needle: String, in text: String) throws -> (line: Int, column: Int) {
        let range = try XCTUnwrap(text.range(of: needle))
        let before = text[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.count - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        return (line, column)
    }

    func testADurationTriggerOrPausedReadingATransitionParameterIsRefusedAtLoad() throws {
        let cases: [(view: String, needle: String)] = [
            (#"{"shape": "circle", "keyframeAnimator": {"initialValue": 0, "keyframes": [{"linear": 1, "duration": "pct + 0.5"}]}}"#,
             #""pct + 0.5""#),
            (#"{"shape": "circle", "keyframeAnimator": {"initialValue": 0, "trigger": "pct", "keyframes": [{"linear": 1, "duration": 1}]}}"#,
             #""pct", "keyframes""#),
            (#"{"timelineView": ".animation(paused: pct < 1)", "content": {"shape": "circle"}}"#, #"".animation(paused"#),
        ]
        for (view, needle) in cases {
            let json = scene(view)
            let error = try XCTUnwrap(loadError(json), "refused: \(needle)")
            XCTAssertTrue(error.message.contains("cannot read \"pct\", a parameter of a .modifier transition"), error.message)
            XCTAssertTrue(error.message.contains("write a number or an expression of state and parameters instead"), error.message)
            let at = try position(of: needle, in: json)
            XCTAssertEqual(error.location?.line, at.line, needle)
            XCTAssertEqual(error.location?.column, at.column, needle)
        }
    }

    /// Elsewhere in the modifier the parameters read as before: an offset reading `pct` loads, and so does a
    /// duration reading state.
    func testTheParametersStillReadWhereAViewReadsThem() throws {
        XCTAssertNil(loadError(scene(#"{"shape": "circle", "offset": {"x": "pct * 10"}}"#)))
        XCTAssertNil(loadError(scene(
            #"{"shape": "circle", "keyframeAnimator": {"initialValue": 0, "keyframes": [{"linear": 1, "duration": "taps + 1"}]}}"#)))
    }
}

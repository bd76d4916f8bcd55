import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// Animations chosen by a condition (`fast ? .linear(duration: 1) : .linear(duration: 2)`): the branch is
/// the one the condition picks when the animation is taken. Positions from the linear curve's closed form,
/// x(t) = from + (to - from) (t - start) / duration.
final class ConditionalAnimationTests: XCTestCase {
    /// The left edge of the one 20 x 10 bar (at rest centred on a 200 x 100 canvas: x = 90) at each time.
    func barX(state: String, bar: String, script: String, at times: [Double]) throws -> [Double] {
        let json = #"{"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 4, "state": \#(state), "#
            + #""script": \#(script), "root": {"shape": "rectangle", "frame": {"width": 20, "height": 10}, \#(bar)}}"#
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let composer = Composer(scene: scene, measurer: FixedMeasurer())
        let presentation = try PresentationIndex(composer: composer, timeline: timeline)
        return try times.map { t in
            let items = try composer.displayList(for: timeline.snapshot(at: t), presentation: presentation).items
            return try XCTUnwrap(DisplayItem.paintedBounds(of: items, transform: .identity)).minX
        }
    }

    /// withAnimation's ternary: at 0.5 s into a move of 100, linear over 1 s is at 50, over 2 s at 25.
    func testWithAnimationTakesTheBranchItsConditionPicks() throws {
        for (fast, expected) in [(true, 50.0), (false, 25.0)] {
            let x = try barX(state: #"{"x": 0, "fast": \#(fast)}"#, bar: #""offset": {"x": "x"}"#,
                             script: #"[{"at": 0, "do": [{"withAnimation": "fast ? .linear(duration: 1) : .linear(duration: 2)", "do": [{"set": {"x": 100}}]}]}]"#,
                             at: [0.5])
            XCTAssertEqual(x[0], 90 + expected, accuracy: 1e-6, "fast = \(fast)")
        }
    }

    /// The animation modifier's condition is read in the transaction where its value changes, with the
    /// values that transaction set: turning `on` true takes the 1 s branch (at 0.25 s: 25 of 100); turning
    /// it false at 1 s takes the 4 s one (at 2 s, a quarter of the way back: 75).
    func testImplicitAnimationReadsItsConditionWhenTaken() throws {
        let x = try barX(state: #"{"on": false}"#,
                         bar: #""offset": {"x": "on ? 100 : 0"}, "animation": {"curve": "on ? .linear(duration: 1) : .linear(duration: 4)", "value": "on"}"#,
                         script: #"[{"at": 0, "do": [{"set": {"on": true}}]}, {"at": 1, "do": [{"set": {"on": false}}]}]"#,
                         at: [0.25, 1, 2])
        XCTAssertEqual(x[0], 90 + 25, accuracy: 1e-6)
        XCTAssertEqual(x[1], 90 + 100, accuracy: 1e-6)
        XCTAssertEqual(x[2], 90 + 75, accuracy: 1e-6)
    }

    /// Both branches are checked at load: a branch that is not an animation is an error at its line:column.
    func testABranchThatIsNotAnAnimationIsAnErrorAtLoad() {
        let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"on": false},"# + "\n"
            + #" "root": {"spacer": {}, "animation": {"curve": "on ? .spring() : 0.3", "value": "on"}}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8))) { error in
            XCTAssertEqual("\(error)", #"2:48: root.animation.curve: invalid animation "on ? .spring() : 0.3": in the branch after ":": expected a SwiftUI animation such as .easeInOut(duration: 0.3)"#)
        }
        let second = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"on": false}, "root": {"spacer": {}},"# + "\n"
            + #" "script": [{"at": 0, "do": [{"withAnimation": "on ? .sprung() : .default", "do": [{"set": {"on": true}}]}]}]}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(second.utf8))) { error in
            XCTAssertEqual("\(error)", #"2:48: script[0].do[0].withAnimation: invalid animation "on ? .sprung() : .default": in the branch after "?": unknown animation .sprung; did you mean .spring?"#)
        }
    }
}

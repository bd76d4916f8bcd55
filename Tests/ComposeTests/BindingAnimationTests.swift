import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// `"bindingAnimation"` (SwiftUI's `$on.animation(.linear(duration: 1))`): a control's change of its
/// variable runs in a transaction with that animation, so a view elsewhere reading the variable animates.
/// Positions from the linear curve: x(t) = from + (to - from) (t - start) / duration.
final class BindingAnimationTests: XCTestCase {
    /// The left edge of the 20 x 10 bar (id "bar") whose offset follows the variable, at each time.
    func barX(_ control: String, state: String, script: String, at times: [Double]) throws -> [Double] {
        let json = #"{"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 3, "state": \#(state), "#
            + #""script": \#(script), "root": {"vstack": [\#(control), "#
            + #"{"shape": "rectangle", "id": "bar", "frame": {"width": 20, "height": 10}, "offset": {"x": "v"}}]}}"#
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let composer = Composer(scene: scene, measurer: FixedMeasurer())
        let presentation = try PresentationIndex(composer: composer, timeline: timeline)
        return try times.map { t in
            let views = try composer.inspectViews(for: timeline.snapshot(at: t), presentation: presentation)
            return try XCTUnwrap(views.first { $0.id == "bar" }).view.offset.0
        }
    }

    /// A stepper (step 40) tapped at 0.5 s: the bar moves 0 -> 40 over 1 s, so at 1 s it is at 20; without
    /// the binding animation it is at 40 at once.
    func testAStepperTapAnimatesWithTheBindingsAnimation() throws {
        let state = #"{"v": 0}"#, script = #"[{"at": 0.5, "tap": "count.increment"}]"#
        let animated = try barX(#"{"stepper": "v", "step": 40, "id": "count", "bindingAnimation": ".linear(duration: 1)"}"#,
                                state: state, script: script, at: [0.4, 1, 1.5, 2])
        XCTAssertEqual(animated[0], 0, accuracy: 1e-9)
        XCTAssertEqual(animated[1], 20, accuracy: 1e-6)
        XCTAssertEqual(animated[2], 40, accuracy: 1e-6)
        XCTAssertEqual(animated[3], 40, accuracy: 1e-6)
        let plain = try barX(#"{"stepper": "v", "step": 40, "id": "count"}"#, state: state, script: script, at: [1])
        XCTAssertEqual(plain[0], 40, accuracy: 1e-9)
    }

    /// A toggle flips a bool; the bar's offset reads `on ? 100 : 0` through a let: tapped at 0.5 s with
    /// .linear(duration: 2), at 1 s the bar is a quarter of the way: 25.
    func testAToggleTapAnimatesWithTheBindingsAnimation() throws {
        let control = #"{"toggle": "on", "id": "switch", "bindingAnimation": ".linear(duration: 2)"}"#
        let json = #"{"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 3, "state": {"on": false}, "#
            + #""script": [{"at": 0.5, "tap": "switch"}], "root": {"vstack": [\#(control), "#
            + #"{"shape": "rectangle", "id": "bar", "frame": {"width": 20, "height": 10}, "offset": {"x": "on ? 100 : 0"}}]}}"#
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let composer = Composer(scene: scene, measurer: FixedMeasurer())
        let presentation = try PresentationIndex(composer: composer, timeline: timeline)
        let views = try composer.inspectViews(for: timeline.snapshot(at: 1), presentation: presentation)
        XCTAssertEqual(try XCTUnwrap(views.first { $0.id == "bar" }).view.offset.0, 25, accuracy: 1e-6)
    }

    /// The animation is checked at load like any other.
    func testABadBindingAnimationIsRefusedAtLoad() {
        let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"on": false}, "root": {"toggle": "on", "bindingAnimation": ".sprung()"}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8))) { error in
            XCTAssertEqual("\(error)", #"1:125: root.bindingAnimation: invalid animation ".sprung()": unknown animation .sprung; did you mean .spring?"#)
        }
    }
}

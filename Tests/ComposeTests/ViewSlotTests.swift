import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// View slots: a component declares `"views": ["content"]`, its body places `{"slot": "content"}`, and a
/// `use` passes the views, written with the caller's names (SwiftUI's `@ViewBuilder let content: Content`,
/// a `ViewModifier`'s `content`). Positions worked out by hand from the stack and padding rules.
final class ViewSlotTests: XCTestCase {
    let card = #""Card": {"views": ["content"], "body": {"vstack": [{"shape": "rectangle", "frame": {"width": 20, "height": 10}}, {"slot": "content"}], "spacing": 0, "padding": 5}}"#

    func scene(_ root: String, components: String? = nil, state: String = "{}", script: String = "[]") throws -> Scene {
        let json = #"{"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 2, "state": \#(state), "components": {\#(components ?? card)}, "root": \#(root), "script": \#(script)}"#
        return try SceneDecoder.decode(Array(json.utf8))
    }

    /// The card's vstack holds its 20 x 10 header and the passed 30 x 10 bar (its width the caller's `let`
    /// k, a name the component does not have): 30 x 20, padded to 40 x 30, centred on 200 x 100 at
    /// (80, 35). The header is centred in the 30: x 90; the bar at x 85, under it.
    func testTheBodyPlacesThePassedViewWithTheCallersNames() throws {
        let s = try scene(#"{"use": "Card", "let": {"k": 30}, "views": {"content": {"shape": "rectangle", "frame": {"width": "k", "height": 10}}}}"#)
        let timeline = try Simulator(scene: s).run()
        let items = try Composer(scene: s, measurer: FixedMeasurer()).displayList(for: timeline.snapshot(at: 0)).items
        XCTAssertEqual(LayoutProbe.shapeBounds(items), [Rect(x: 90, y: 40, width: 20, height: 10),
                                                        Rect(x: 85, y: 50, width: 30, height: 10)])
    }

    /// A ViewModifier is a component whose body wraps its content: `padding(10)` around the slot and a
    /// background, applied to a 20 x 10 bar: the background is 40 x 30 at (80, 35), the bar at (90, 45).
    func testAViewModifierIsAComponentWrappingItsContent() throws {
        let modifier = #""Framed": {"views": ["content"], "body": {"slot": "content", "padding": 10, "background": {"shape": "rectangle", "fill": "red"}}}"#
        let s = try scene(#"{"use": "Framed", "views": {"content": {"shape": "rectangle", "frame": {"width": 20, "height": 10}}}}"#,
                          components: modifier)
        let timeline = try Simulator(scene: s).run()
        let items = try Composer(scene: s, measurer: FixedMeasurer()).displayList(for: timeline.snapshot(at: 0)).items
        XCTAssertEqual(LayoutProbe.shapeBounds(items), [Rect(x: 80, y: 35, width: 40, height: 30),
                                                        Rect(x: 90, y: 45, width: 20, height: 10)])
    }

    /// A tap on a view passed into the slot runs its actions where they were written: its id is the
    /// caller's (not under the instance's "card."), and it sets the caller's state.
    func testATapOnPassedContentRunsInTheCallersContext() throws {
        let components = #""Card": {"views": ["content"], "state": {"n": 0}, "body": {"zstack": [{"slot": "content"}]}}"#
        let s = try scene(#"{"use": "Card", "id": "card", "views": {"content": {"shape": "circle", "id": "inner", "onTap": [{"set": {"hits": "hits + 1"}}]}}}"#,
                          components: components, state: #"{"hits": 0}"#, script: #"[{"at": 0.5, "tap": "inner"}, {"at": 1, "tap": "inner"}]"#)
        let timeline = try Simulator(scene: s).run()
        XCTAssertEqual(timeline.modelValue("hits", at: 0.7), .number(1))
        XCTAssertEqual(timeline.modelValue("hits", at: 1.5), .number(2))
    }

    /// Errors at load: a slot the component does not declare (at the slot's line:column), a use passing a
    /// view for no slot, a use passing none for a declared one.
    func testSlotErrors() {
        let undeclared = #"{"canvas": {"width": 10, "height": 10}, "duration": 1,"# + "\n"
            + #" "components": {"Card": {"body": {"slot": "content"}}}, "root": {"use": "Card"}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(undeclared.utf8))) { error in
            XCTAssertEqual("\(error)", #"2:43: components.Card.body.slot: the slot "content" is not declared: add "views": ["content"] to the component "Card""#)
        }
        XCTAssertThrowsError(try scene(#"{"use": "Card", "views": {"contents": {"spacer": {}}}}"#)) { error in
            XCTAssertEqual("\(error)", #"root.views.contents: component "Card" has no view slot "contents"; did you mean "content"?"#)
        }
        XCTAssertThrowsError(try scene(#"{"use": "Card"}"#)) { error in
            XCTAssertEqual("\(error)", #"root: component "Card" needs a view for its slot "content": "views": {"content": {...}}"#)
        }
    }
}

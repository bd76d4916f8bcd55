import Compose
import Flipbook
import SceneFormat
import XCTest

/// `render inspect` (`Player.views(at:)`) reports what the entries of `"modifiers"` around a view with an id
/// do, as well as the view's own keys: opacities multiply, rotations and offsets add, scales multiply.
final class InspectModifierEntriesTests: XCTestCase {
    func view(_ root: String) throws -> InspectedView {
        let json = #"{"canvas": {"width": 60, "height": 60, "scale": 1}, "duration": 1, "root": \#(root)}"#
        return try XCTUnwrap(try Player(scene: SceneDecoder.decode(Array(json.utf8))).views(at: 0.5).first { $0.id == "dot" }?.view)
    }

    func testEntriesAreReportedOnTheViewTheyWrap() throws {
        let v = try view(#"""
            {"id": "dot", "shape": "rectangle", "opacity": 0.8, "rotation": 10, "offset": {"x": 2},
             "modifiers": [{"opacity": 0.5}, {"rotation": 30}, {"scale": 2}, {"offset": {"x": 3, "y": 4}}]}
            """#)
        XCTAssertEqual(v.opacity, 0.4, accuracy: 1e-12)
        XCTAssertEqual(v.rotation, 40, accuracy: 1e-12)
        XCTAssertEqual(v.scale.x, 2, accuracy: 1e-12)
        XCTAssertEqual(v.offset.x, 5, accuracy: 1e-12)
        XCTAssertEqual(v.offset.y, 4, accuracy: 1e-12)
    }

    func testAWrapperAroundAViewWithoutAnIdChangesNothingReported() throws {
        let v = try view(#"""
            {"zstack": [{"id": "dot", "shape": "circle", "opacity": 0.5}, {"shape": "rectangle", "modifiers": [{"opacity": 0.1}]}]}
            """#)
        XCTAssertEqual(v.opacity, 0.5, accuracy: 1e-12)
    }
}

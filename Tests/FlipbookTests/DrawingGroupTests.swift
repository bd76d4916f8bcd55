import DisplayList
import Flipbook
import Geometry
import Pixels
import SceneFormat
import XCTest

/// `"drawingGroup": true`: the view, its background, overlay, clip and mask become one bitmap of its
/// frame, which the effects after it in the fixed order (blur, shadow, scale, rotation, offset, opacity)
/// move; a `modifiers` entry places it anywhere; the bitmap is cut to the frame.
final class DrawingGroupTests: XCTestCase {
    func player(_ root: String, width: Int = 60, height: Int = 60) throws -> Player {
        let json = #"{"canvas": {"width": \#(width), "height": \#(height), "scale": 1, "background": "white"}, "duration": 1, "root": \#(root)}"#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    /// The rotation (in the fixed order, after the drawing group) turns the flattened group: a group of
    /// the view's 20 x 20 frame, centred in the 60 x 60 canvas, inside the rotation's group.
    func testTheFixedOrderFlattensBeforeTheEffects() throws {
        let list = try player(#"{"drawingGroup": true, "rotation": 30, "opacity": 0.5, "shape": "rectangle", "fill": "red", "frame": {"width": 20, "height": 20}}"#)
            .displayList(at: 0)
        guard case .group(let effects)? = list.items.first, case .group(let flat)? = effects.children.first else {
            return XCTFail("expected the effects' group around the flattened one: \(list.items)")
        }
        XCTAssertNil(effects.flattened)
        XCTAssertEqual(effects.opacity, 0.5)
        XCTAssertEqual(flat.flattened, Rect(x: 20, y: 20, width: 20, height: 20))
        XCTAssertEqual(flat.transform, .identity)
    }

    /// As a `modifiers` entry after a rotation, the drawing group flattens the turned view.
    func testAModifiersEntryFlattensWhatComesBeforeIt() throws {
        let list = try player(#"{"shape": "rectangle", "fill": "red", "frame": {"width": 20, "height": 20}, "modifiers": [{"rotation": 30}, {"drawingGroup": true}]}"#)
            .displayList(at: 0)
        guard case .group(let flat)? = list.items.first, case .group(let turned)? = flat.children.first else {
            return XCTFail("expected the flattened group around the rotation's: \(list.items)")
        }
        XCTAssertEqual(flat.flattened, Rect(x: 20, y: 20, width: 20, height: 20))
        XCTAssertNil(turned.flattened)
        XCTAssertNotEqual(turned.transform, .identity)
    }

    /// A circle larger than its parent's 20 x 20 frame spills out of it, unless the parent is a drawing group.
    func testTheBitmapIsCutToTheFrame() throws {
        let root = ##"{"zstack": [{"shape": "circle", "fill": "#FF0000", "frame": {"width": 40, "height": 40}}], "frame": {"width": 20, "height": 20}%@}"##
        let spilled = try player(root.replacingOccurrences(of: "%@", with: "")).frame(at: 0)
        let cut = try player(root.replacingOccurrences(of: "%@", with: #", "drawingGroup": true"#)).frame(at: 0)
        // (30, 15): inside the circle (centre 30, 30, radius 20), above the frame (y 20 to 40).
        XCTAssertEqual(spilled[30, 15], RGBA8(r: 255, g: 0, b: 0))
        XCTAssertEqual(cut[30, 15], RGBA8(r: 255, g: 255, b: 255))
        XCTAssertEqual(cut[30, 30], RGBA8(r: 255, g: 0, b: 0))
    }

    /// `false` is no drawing group; anything but a boolean is refused at its path.
    func testDecoding() throws {
        let list = try player(#"{"drawingGroup": false, "shape": "rectangle", "fill": "red", "frame": {"width": 20, "height": 20}}"#)
            .displayList(at: 0)
        guard case .shape? = list.items.first else { return XCTFail("expected the bare shape: \(list.items)") }
        let message = decodeErrorMessage(root: #"{"drawingGroup": "yes", "shape": "circle"}"#)
        XCTAssertTrue(message.hasPrefix("root.drawingGroup: "), message)
        XCTAssertTrue(message.contains("true or false"), message)
        XCTAssertEqual(decodeErrorMessage(root: #"{"shape": "circle", "modifiers": [{"drawingGroup": 1}]}"#).components(separatedBy: ": ").first,
                       "root.modifiers[0].drawingGroup")
        XCTAssertTrue(decodeErrorMessage(root: #"{"compositingGroup": true, "shape": "circle"}"#).contains("\"drawingGroup\": true"))
    }
}

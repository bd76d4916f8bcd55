import Flipbook
import Foundation
import Pixels
import SceneFormat
import XCTest

/// `overlay` (with alignment) and `zIndex`, against rectangles computed by hand.
final class OverlayZIndexTests: XCTestCase {
    let red = RGBA8(r: 255, g: 0, b: 0)
    let blue = RGBA8(r: 0, g: 0, b: 255)
    let white = RGBA8(r: 255, g: 255, b: 255)

    func frame(_ root: String) throws -> PixelImage {
        let json = #"{"canvas": {"width": 60, "height": 60, "scale": 1, "background": "white"}, "duration": 1, "root": \#(root)}"#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
    }

    /// A 40 x 40 red square (10 to 50) with a 10 x 10 blue overlay at topTrailing: x 40 to 50, y 10 to 20;
    /// centred by default: 25 to 35.
    func testOverlayAlignment() throws {
        let square = #""shape": "rectangle", "fill": "rgb(1, 0, 0)", "frame": {"width": 40, "height": 40}"#
        let badge = #"{"shape": "rectangle", "fill": "rgb(0, 0, 1)", "frame": {"width": 10, "height": 10}}"#
        let corner = try frame(#"{\#(square), "overlay": {"content": \#(badge), "alignment": "topTrailing"}}"#)
        XCTAssertEqual(corner[45, 15], blue)
        XCTAssertEqual(corner[39, 15], red)
        XCTAssertEqual(corner[45, 21], red)
        XCTAssertEqual(corner[51, 15], white)
        let centred = try frame(#"{\#(square), "overlay": \#(badge)}"#)
        XCTAssertEqual(centred[30, 30], blue)
        XCTAssertEqual(centred[24, 30], red)
        // The overlay is in front of the content and moves with the view's effects.
        let moved = try frame(#"{\#(square), "overlay": \#(badge), "offset": {"x": 5}}"#)
        XCTAssertEqual(moved[35, 30], blue)
        XCTAssertEqual(moved[29, 30], red)
    }

    /// `zIndex` draws a zstack's earlier child in front; ties keep their written order.
    func testZIndex() throws {
        let a = #"{"shape": "rectangle", "fill": "rgb(1, 0, 0)", "frame": {"width": 30, "height": 30}"#
        let b = #"{"shape": "rectangle", "fill": "rgb(0, 0, 1)", "frame": {"width": 20, "height": 20}"#
        XCTAssertEqual(try frame(#"{"zstack": [\#(a)}, \#(b)}]}"#)[30, 30], blue)
        XCTAssertEqual(try frame(#"{"zstack": [\#(a), "zIndex": 1}, \#(b)}]}"#)[30, 30], red)
        XCTAssertEqual(try frame(#"{"zstack": [\#(a), "zIndex": 1}, \#(b), "zIndex": 1}]}"#)[30, 30], blue)
        XCTAssertEqual(try frame(#"{"zstack": [\#(a)}, \#(b), "zIndex": -1}]}"#)[30, 30], red)
    }

    /// `.zIndex(1)` among chained modifiers (`.zIndex(1).offset(x: 5)`, `.offset(x: 5).zIndex(1)`): a
    /// trait the zstack reads through the modifiers around it; the view's own key with modifiers too; the
    /// last one written wins.
    func testZIndexInModifiers() throws {
        let a = #"{"shape": "rectangle", "fill": "rgb(1, 0, 0)", "frame": {"width": 30, "height": 30}"#
        let b = #"{"shape": "rectangle", "fill": "rgb(0, 0, 1)", "frame": {"width": 20, "height": 20}"#
        let offset = #"{"offset": {"x": 1}}"#
        XCTAssertEqual(try frame(#"{"zstack": [\#(a), "modifiers": [{"zIndex": 1}, \#(offset)]}, \#(b)}]}"#)[30, 30], red)
        XCTAssertEqual(try frame(#"{"zstack": [\#(a), "modifiers": [\#(offset), {"zIndex": 1}]}, \#(b)}]}"#)[30, 30], red)
        XCTAssertEqual(try frame(#"{"zstack": [\#(a), "zIndex": 1, "modifiers": [\#(offset)]}, \#(b)}]}"#)[30, 30], red)
        XCTAssertEqual(try frame(#"{"zstack": [\#(a), "zIndex": 1, "modifiers": [{"zIndex": -1}]}, \#(b)}]}"#)[30, 30], blue)
        XCTAssertEqual(try frame(#"{"zstack": [\#(a), "modifiers": [{"zIndex": 2}, {"zIndex": 0}]}, \#(b)}]}"#)[30, 30], blue)
    }

    func testBadOverlay() throws {
        for bad in [#""overlay": {"content": {"shape": "circle"}, "alignment": "middle"}"#, #""overlay": 3"#, #""zIndex": "x""#] {
            let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle", \#(bad)}}"#
            XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8)), bad)
        }
    }
}

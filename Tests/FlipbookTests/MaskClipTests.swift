import Flipbook
import Foundation
import Pixels
import SceneFormat
import XCTest

/// Clips and masks drawn through Compose and Raster, against pixels computed by hand on small canvases
/// (scale 1, white background, red content).
final class MaskClipTests: XCTestCase {
    let red = RGBA8(r: 255, g: 0, b: 0)
    let white = RGBA8(r: 255, g: 255, b: 255)

    /// The frame at `t` of a `width` x `height` scene with `root`, `state` and `script`.
    func frame(_ root: String, width: Int = 20, height: Int = 20, state: String = "{}", script: String = "[]",
               at t: Double = 0) throws -> PixelImage {
        let json = #"{"canvas": {"width": \#(width), "height": \#(height), "scale": 1, "background": "white"}, "duration": 2, "state": \#(state), "root": \#(root), "script": \#(script)}"#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: t)
    }

    /// A circle clip of a 20 x 20 square: inside the radius-10 disc red, outside white.
    func testClipShapeCircle() throws {
        let image = try frame(#"{"shape": "rectangle", "fill": "rgb(1, 0, 0)", "clipShape": "circle"}"#)
        XCTAssertEqual(image[10, 10], red)
        XCTAssertEqual(image[0, 0], white)        // corner pixel centre (0.5, 0.5) is 13.4 from the centre
        XCTAssertEqual(image[19, 19], white)
        XCTAssertEqual(image[10, 1], red)         // (10.5, 1.5): 8.5 from the centre
        // A rounded rectangle of radius 8: the corner pixel (0.5, 0.5) is outside the corner arc.
        let rounded = try frame(#"{"shape": "rectangle", "fill": "rgb(1, 0, 0)", "clipShape": {"shape": "roundedRectangle", "cornerRadius": 8}}"#)
        XCTAssertEqual(rounded[0, 0], white)
        XCTAssertEqual(rounded[0, 10], red)
    }

    /// `clipped` cuts a 40 x 40 child of a 10 x 10 frame to the frame (centred: x, y 5 to 15).
    func testClippedCutsOverflowingContent() throws {
        let root = #"{"zstack": [{"shape": "rectangle", "fill": "rgb(1, 0, 0)", "frame": {"width": 40, "height": 40}}], "frame": {"width": 10, "height": 10}, "clipped": true}"#
        let image = try frame(root)
        XCTAssertEqual(image[5, 5], red)
        XCTAssertEqual(image[14, 14], red)
        XCTAssertEqual(image[4, 10], white)
        XCTAssertEqual(image[15, 10], white)
        let unclipped = try frame(root.replacingOccurrences(of: #", "clipped": true"#, with: ""))
        XCTAssertEqual(unclipped[4, 10], red)
    }

    /// A mask covering the left half (an opaque 10-wide strip), and one at half alpha on the right.
    func testMaskShowsContentWhereTheMaskIsOpaque() throws {
        let image = try frame(#"{"shape": "rectangle", "fill": "rgb(1, 0, 0)", "mask": {"hstack": [{"shape": "rectangle", "frame": {"width": 10}}, {"shape": "rectangle", "opacity": 0.5, "frame": {"width": 10}}], "spacing": 0}}"#)
        XCTAssertEqual(image[2, 10], red)
        XCTAssertEqual(image[9, 0], red)
        // Red at alpha 0.5 over white: (255, 127.5, 127.5), rounded either way.
        assertRedOverWhite(image[15, 10], alpha: 0.5, accuracy: 1)
    }

    /// A mask inside a mask: the inner mask (a strip 10 tall) cuts the outer one (a strip 10 wide),
    /// leaving the square in the middle.
    func testNestedMasks() throws {
        let inner = #"{"shape": "rectangle", "frame": {"height": 10}}"#
        let image = try frame(#"{"shape": "rectangle", "fill": "rgb(1, 0, 0)", "mask": {"shape": "rectangle", "frame": {"width": 10}, "mask": \#(inner)}}"#)
        // The outer mask is a 10 x 20 strip centred in the 20 x 20 view: x 5 to 15; its own mask a
        // 10 x 10 square centred in it: y 5 to 15.
        XCTAssertEqual(image[10, 10], red)
        XCTAssertEqual(image[10, 2], white)
        XCTAssertEqual(image[2, 10], white)
        XCTAssertEqual(image[17, 10], white)
    }

    /// An animated mask: its width is `w * pct`, pct animated linearly 0 -> 1 over 1 s from t = 0.
    func testAnimatedMask() throws {
        let root = #"{"shape": "rectangle", "fill": "rgb(1, 0, 0)", "mask": {"zstack": [{"shape": "rectangle", "frame": {"width": "w * pct"}}], "alignment": "leading"}}"#
        let script = #"[{"at": 0, "do": [{"set": {"pct": 1}, "animation": ".linear(duration: 1)"}]}]"#
        let quarter = try frame(root, state: #"{"pct": 0}"#, script: script, at: 0.25)
        XCTAssertEqual(quarter[4, 10], red)       // the mask is 5 wide at 0.25 s
        XCTAssertEqual(quarter[5, 10], white)
        let threeQuarters = try frame(root, state: #"{"pct": 0}"#, script: script, at: 0.75)
        XCTAssertEqual(threeQuarters[14, 10], red)
        XCTAssertEqual(threeQuarters[15, 10], white)
    }
}

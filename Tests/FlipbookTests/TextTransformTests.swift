import Flipbook
import Foundation
import Pixels
import SceneFormat
import XCTest

/// Text under scale and rotation: the rendered text is transformed, its layout never changes.
final class TextTransformTests: XCTestCase {
    /// The frame at 0 of a 240 x 80 scene (scale 1, white) with `root`.
    func frame(_ root: String) throws -> PixelImage {
        let json = #"{"canvas": {"width": 240, "height": 80, "scale": 1, "background": "white"}, "duration": 1, "root": \#(root)}"#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
    }

    /// The bounding box of the pixels darker than mid grey: (minX, minY, maxX, maxY).
    func ink(_ image: PixelImage) -> (Int, Int, Int, Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].g < 128 {
                box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
            }
        }
        return box
    }

    /// `scale {x: 0.5, y: 1}` on a line of text halves its ink width about the centre and keeps its
    /// height: one line, not re-wrapped (it used to wrap one letter per line).
    func testNonUniformScaleKeepsTheLayout() throws {
        let text = #"{"text": "Hello world", "font": {"size": 24}, "foregroundColor": "black""#
        let plain = try XCTUnwrap(ink(try frame(text + "}")))
        let squeezed = try XCTUnwrap(ink(try frame(text + #", "scale": {"x": 0.5, "y": 1}}"#)))
        let parent = try XCTUnwrap(ink(try frame(#"{"zstack": [\#(text)}], "scale": {"x": 0.5, "y": 1}}"#)))
        for box in [squeezed, parent] {
            XCTAssertEqual(box.1, plain.1, accuracy: 1)          // same top and bottom: one line
            XCTAssertEqual(box.3, plain.3, accuracy: 1)
            let width = Double(plain.2 - plain.0 + 1), centre = Double(plain.0 + plain.2) / 2
            XCTAssertEqual(Double(box.2 - box.0 + 1), width / 2, accuracy: 2)
            XCTAssertEqual(Double(box.0 + box.2) / 2, 120 + (centre - 120) / 2, accuracy: 1.5)
        }
    }

    /// A quarter turn puts the line's ink on its side: the rotated box's width is the plain height.
    func testRotationTurnsTheLine() throws {
        let text = #"{"text": "Hello", "font": {"size": 20}, "foregroundColor": "black""#
        let plain = try XCTUnwrap(ink(try frame(text + "}")))
        let turned = try XCTUnwrap(ink(try frame(text + #", "rotation": 90}"#)))
        XCTAssertEqual(turned.2 - turned.0, plain.3 - plain.1, accuracy: 2)
        XCTAssertEqual(turned.3 - turned.1, plain.2 - plain.0, accuracy: 2)
    }
}

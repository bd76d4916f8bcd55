import Flipbook
import Foundation
import Pixels
import SceneFormat
import XCTest

/// A stack child wrapped in a one-child z-stack (written by hand, or the wrapper of a `"modifiers"` entry) is
/// as flexible as the view it wraps: `VStack { ZStack { Rectangle() }; Rectangle().frame(height: 10) }` gives
/// the fixed rectangle its 10 pt first and the wrapped one the rest, as it would without the ZStack.
final class FlexibleWrapperTests: XCTestCase {
    func image(_ root: String, width: Int, height: Int) throws -> PixelImage {
        let json = #"{"canvas": {"width": \#(width), "height": \#(height), "scale": 1, "background": "white"}, "duration": 1, "root": \#(root)}"#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
    }

    /// The rows (or columns) of `image` whose middle pixel is red.
    func redSpan(_ image: PixelImage, vertical: Bool) -> Int {
        let count = vertical ? image.height : image.width
        return (0..<count).filter { i in
            let p = vertical ? image[image.width / 2, i] : image[i, image.height / 2]
            return p.r > 200 && p.g < 60 && p.b < 60
        }.count
    }

    let red = #"{"shape": "rectangle", "fill": "rgb(1, 0, 0)"}"#

    func testAWrappedFlexibleViewTakesWhatTheFixedSiblingLeaves() throws {
        // 58 pt tall: 10 for the blue bar, 48 for the red rectangle, however it is wrapped.
        let bar = #"{"shape": "rectangle", "fill": "rgb(0, 0, 1)", "frame": {"height": 10}}"#
        for child in [red, #"{"zstack": [\#(red)]}"#, #"{"zstack": [{"zstack": [\#(red)]}]}"#,
                      #"{"shape": "rectangle", "fill": "rgb(1, 0, 0)", "modifiers": [{"hueRotation": 0}]}"#] {
            let image = try image(#"{"vstack": [\#(child), \#(bar)], "spacing": 0}"#, width: 40, height: 58)
            XCTAssertEqual(redSpan(image, vertical: true), 48, child)
            XCTAssertEqual(image[20, 0].r, 255, child)  // from the top edge
        }
        let column = #"{"shape": "rectangle", "fill": "rgb(0, 0, 1)", "frame": {"width": 10}}"#
        let image = try image(#"{"hstack": [\#(column), {"zstack": [\#(red)]}], "spacing": 0}"#, width: 70, height: 20)
        XCTAssertEqual(redSpan(image, vertical: false), 60)
    }
}

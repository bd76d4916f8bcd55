import Flipbook
import Pixels
import SceneFormat
import XCTest

/// `alignmentGuide`: a stack aligns its children's guides. In a leading-aligned VStack, a 40-wide red bar
/// (guide 0) over a 20-wide blue bar whose leading guide is its `width` (its trailing edge): the line is
/// 20 from the group's start, red spans 20...60 and blue 0...20 of a 60-wide stack, centred in a 100-wide
/// canvas: red at x 40...80, blue at x 20...40.
final class AlignmentGuideTests: XCTestCase {
    func frame(_ root: String) throws -> PixelImage {
        let json = #"{"canvas": {"width": 100, "height": 40, "scale": 1, "background": "white"}, "duration": 1, "root": \#(root)}"#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
    }

    let red = RGBA8(r: 255, g: 0, b: 0), blue = RGBA8(r: 0, g: 0, b: 255), white = RGBA8(r: 255, g: 255, b: 255)

    func bars(_ guide: String) -> String {
        #"{"vstack": [{"shape": "rectangle", "fill": "rgb(1, 0, 0)", "frame": {"width": 40, "height": 20}}, {"shape": "rectangle", "fill": "rgb(0, 0, 1)", "frame": {"width": 20, "height": 20}\#(guide)}], "alignment": "leading", "spacing": 0}"#
    }

    func testTheGuideMovesTheChildAndTheStackGrows() throws {
        let image = try frame(bars(#", "alignmentGuide": {"leading": "width"}"#))
        XCTAssertEqual(image[41, 10], red)
        XCTAssertEqual(image[78, 10], red)
        XCTAssertEqual(image[38, 10], white)
        XCTAssertEqual(image[21, 30], blue)
        XCTAssertEqual(image[38, 30], blue)
        XCTAssertEqual(image[42, 30], white)
        // As an entry of modifiers (a trait of the chain), the same.
        XCTAssertEqual(try frame(bars(#", "modifiers": [{"padding": 0}, {"alignmentGuide": {"leading": "width"}}]"#)), image)
        // On the view itself, before entries of `modifiers` (`.alignmentGuide(...).padding(0)`): the stack
        // still reads it.
        XCTAssertEqual(try frame(bars(#", "alignmentGuide": {"leading": "width"}, "modifiers": [{"padding": 0}]"#)), image)
    }

    /// Without a guide: the 40-wide stack is centred (x 30...70), both bars start at 30.
    func testNoGuideIsTheAlignment() throws {
        let image = try frame(bars(""))
        XCTAssertEqual(image[31, 10], red)
        XCTAssertEqual(image[31, 30], blue)
        XCTAssertEqual(image[52, 30], white)
        // A guide for another alignment does nothing here.
        XCTAssertEqual(try frame(bars(#", "alignmentGuide": {"trailing": "0"}"#)), image)
    }

    func testRefusedAtLoad() throws {
        let json = #"{"canvas": {"width": 100, "height": 40}, "duration": 1, "root": {"shape": "rectangle", "alignmentGuide": {"left": 3}}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8))) { error in
            guard let error = error as? SceneError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.location?.line, 1, error.message)
            let column = json.distance(from: json.startIndex, to: json.range(of: #""left": "#)!.upperBound) + 1
            XCTAssertEqual(error.location?.column, column, error.message)
        }
        XCTAssertThrowsError(try frame(bars(#", "alignmentGuide": {"leading": "wdth"}"#)))
    }
}

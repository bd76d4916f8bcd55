import Flipbook
import Pixels
import SceneFormat
import XCTest

/// `"alignment": "firstTextBaseline"` / `"lastTextBaseline"` on an HStack: the children's text baselines
/// line up. Oracle: "H" has no descender, so the lowest row of a text's ink is its baseline's row; a big
/// red "H" and a small blue one end on the same row when their baselines align, and not when centred.
final class BaselineAlignmentTests: XCTestCase {
    func frame(_ root: String) throws -> PixelImage {
        let json = #"{"canvas": {"width": 200, "height": 120, "scale": 1, "background": "white"}, "duration": 1, "root": \#(root)}"#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
    }

    /// The rows with ink of one colour, by its dominant channel.
    func inkRows(_ image: PixelImage, red: Bool) -> [Int] {
        (0..<image.height).filter { y in
            (0..<image.width).contains { x in
                let p = image[x, y]
                return red ? (p.r > 200 && p.b < 80 && p.g < 80) : (p.b > 200 && p.r < 80 && p.g < 80)
            }
        }
    }

    func hstack(_ alignment: String, small: String = "H") -> String {
        #"{"hstack": [{"text": "H", "font": {"size": 48, "weight": "black"}, "foregroundColor": "rgb(1, 0, 0)"}, {"text": "\#(small)", "font": {"size": 16, "weight": "black"}, "foregroundColor": "rgb(0, 0, 1)"}], "alignment": "\#(alignment)"}"#
    }

    func testFirstBaselinesLineUp() throws {
        let image = try frame(hstack("firstTextBaseline"))
        let red = try XCTUnwrap(inkRows(image, red: true).last), blue = try XCTUnwrap(inkRows(image, red: false).last)
        XCTAssertEqual(red, blue, accuracy: 1)
        let centred = try frame(hstack("center"))
        XCTAssertGreaterThan(abs(try XCTUnwrap(inkRows(centred, red: true).last) - (try XCTUnwrap(inkRows(centred, red: false).last))), 5)
    }

    /// Two lines of small text: the last baseline lines up its second line, the first baseline its first.
    func testLastBaselineLinesUpTheLastLine() throws {
        let last = try frame(hstack("lastTextBaseline", small: "H\\nH"))
        XCTAssertEqual(try XCTUnwrap(inkRows(last, red: true).last), try XCTUnwrap(inkRows(last, red: false).last), accuracy: 1)
        let first = try frame(hstack("firstTextBaseline", small: "H\\nH"))
        let redBottom = try XCTUnwrap(inkRows(first, red: true).last)
        let blueRows = inkRows(first, red: false)
        // The small text's first line ends on the big one's row; its second line is below it.
        XCTAssertTrue(blueRows.contains { abs($0 - redBottom) <= 1 } && !blueRows.contains(redBottom + 2), "\(redBottom) \(blueRows)")
        XCTAssertGreaterThan(try XCTUnwrap(blueRows.last), redBottom + 5)
    }

    func testUnknownAlignmentFailsAtLoad() throws {
        XCTAssertThrowsError(try frame(#"{"vstack": [{"text": "a"}], "alignment": "firstTextBaseline"}"#))
    }
}

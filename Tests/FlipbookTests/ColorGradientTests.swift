import Flipbook
import Pixels
import SceneFormat
import XCTest

/// `{"gradient": colour}`, SwiftUI's `Color.gradient`: top to bottom (unit points [0.5, 0] to [0.5, 1]) from
/// the colour lightened by 0.15 in HSL lightness to the colour. The lighter colours are worked out by hand
/// below.
final class ColorGradientTests: XCTestCase {
    func frame(_ root: String) throws -> PixelImage {
        let json = #"{"canvas": {"width": 100, "height": 100, "scale": 1, "background": "white"}, "duration": 1, "root": \#(root)}"#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
    }

    /// Each row of a filled rectangle is `top + (bottom - top) * (y + 0.5) / 100`; columns agree.
    func assertRows(_ image: PixelImage, top: (Double, Double, Double), bottom: (Double, Double, Double),
                    file: StaticString = #filePath, line: UInt = #line) {
        for y in stride(from: 0, to: 100, by: 7) {
            let f = (Double(y) + 0.5) / 100
            for x in [3, 50, 96] {
                let p = image[x, y]
                XCTAssertEqual(Double(p.r), 255 * (top.0 + (bottom.0 - top.0) * f), accuracy: 1.5, "r (\(x), \(y))", file: file, line: line)
                XCTAssertEqual(Double(p.g), 255 * (top.1 + (bottom.1 - top.1) * f), accuracy: 1.5, "g (\(x), \(y))", file: file, line: line)
                XCTAssertEqual(Double(p.b), 255 * (top.2 + (bottom.2 - top.2) * f), accuracy: 1.5, "b (\(x), \(y))", file: file, line: line)
            }
        }
    }

    /// rgb(0.2, 0.4, 0.8) is HSL (220°, 0.6, 0.5); at lightness 0.65 the chroma is (1 - |2 x 0.65 - 1|) x 0.6
    /// = 0.42, the second component 0.42 x (1 - |3.667 mod 2 - 1|) = 0.14 and the offset 0.65 - 0.21 = 0.44:
    /// rgb(0.44, 0.58, 0.86).
    func testBlueGradientFromLighterToTheColour() throws {
        let image = try frame(#"{"shape": "rectangle", "fill": {"gradient": "rgb(0.2, 0.4, 0.8)"}}"#)
        assertRows(image, top: (0.44, 0.58, 0.86), bottom: (0.2, 0.4, 0.8))
    }

    /// A grey has no hue or saturation: 0.5 becomes 0.65. White stays white (lightness is capped at 1).
    func testGreyAndWhite() throws {
        assertRows(try frame(#"{"shape": "rectangle", "fill": {"gradient": "rgb(0.5, 0.5, 0.5)"}}"#),
                   top: (0.65, 0.65, 0.65), bottom: (0.5, 0.5, 0.5))
        assertRows(try frame(#"{"shape": "rectangle", "fill": {"gradient": "white"}}"#), top: (1, 1, 1), bottom: (1, 1, 1))
    }

    /// It is a paint like the other gradients: a stroke's colour and a gradient `foregroundStyle` take it.
    func testAPaintWhereverGradientsAre() throws {
        XCTAssertNoThrow(try frame(#"{"shape": "circle", "stroke": {"lineWidth": 4, "color": {"gradient": "red"}}}"#))
        XCTAssertNoThrow(try frame(#"{"text": "Hi", "foregroundStyle": {"gradient": "red"}}"#))
    }

    /// A value that is not a colour, and a misspelt colour, are refused at load with line:column.
    func testBadColourAtLoad() throws {
        let json = #"{"canvas": {"width": 100, "height": 100}, "duration": 1, "root": {"shape": "rectangle", "fill": {"gradient": "bleu"}}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8))) { error in
            guard let error = error as? SceneError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.path.description, "root.fill.gradient")
            XCTAssertEqual(error.location?.line, 1)
            let column = json.distance(from: json.startIndex, to: json.range(of: #""gradient": "#)!.upperBound) + 1
            XCTAssertEqual(error.location?.column, column)
        }
        XCTAssertThrowsError(try frame(#"{"shape": "rectangle", "fill": {"gradient": 3}}"#))
        XCTAssertThrowsError(try frame(#"{"shape": "rectangle", "fill": {"gradient": "red", "linearGradient": {}}}"#))
    }
}

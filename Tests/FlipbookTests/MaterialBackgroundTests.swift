import Flipbook
import Foundation
import Pixels
import SceneFormat
import XCTest

/// `"background": "ultraThinMaterial"` ...: what lies behind the view, blurred by a Gaussian of the
/// material's radius, under a white tint. Oracle: behind the material is a black half and a white half
/// meeting at x = 200; blurred by a Gaussian of standard deviation s, the grey at x is
/// 255 x Φ((x - 200) / s) (the normal CDF, from erf); the tint of opacity a gives
/// a x 255 + (1 - a) x that.
final class MaterialBackgroundTests: XCTestCase {
    func frame(_ material: String) throws -> PixelImage {
        let json = #"""
        {"canvas": {"width": 400, "height": 100, "scale": 1, "background": "white"}, "duration": 1,
         "root": {"zstack": [
           {"hstack": [{"shape": "rectangle", "fill": "black"}, {"shape": "rectangle", "fill": "white"}], "spacing": 0},
           {"spacer": {}, "frame": {"width": 200, "height": 100}, "background": "\#(material)"}
         ]}}
        """#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
    }

    func phi(_ z: Double) -> Double { 0.5 * (1 + erf(z / 2.0.squareRoot())) }

    func assertMaterial(_ name: String, sigma: Double, tint: Double, file: StaticString = #filePath, line: UInt = #line) throws {
        let image = try frame(name)
        for x in stride(from: 170, through: 230, by: 6) {
            let centre = Double(x) + 0.5
            let behind = 255 * phi((centre - 200) / sigma)
            let expected = tint * 255 + (1 - tint) * behind
            let pixel = image[x, 50]
            XCTAssertEqual(Double(pixel.r), expected, accuracy: 3, "\(name) x \(x)", file: file, line: line)
            XCTAssertEqual(pixel.r, pixel.b, "grey", file: file, line: line)
        }
        // Outside the material's frame (x 100 to 300) nothing is blurred or tinted.
        XCTAssertEqual(image[60, 50], RGBA8(r: 0, g: 0, b: 0), file: file, line: line)
        XCTAssertEqual(image[340, 50], RGBA8(r: 255, g: 255, b: 255), file: file, line: line)
    }

    func testUltraThinAndThin() throws {
        try assertMaterial("ultraThinMaterial", sigma: 10, tint: 0.7)
        try assertMaterial("thinMaterial", sigma: 20, tint: 0.75)
    }

    /// Without the blur (a plain tint over the backdrop), the grey would step at x = 200: the oracle tells.
    func testTheBackdropIsBlurredNotJustTinted() throws {
        let image = try frame("ultraThinMaterial")
        // 6 points left of the edge: a tint alone gives 0.7 x 255 = 178.5; blurred, 0.3 x 255 x Φ(-0.55) more.
        XCTAssertGreaterThan(Double(image[194, 50].r), 178.5 + 0.3 * 255 * 0.2)
    }

    func testAMisspeltMaterialFailsAtLoad() throws {
        let json = #"{"canvas": {"width": 40, "height": 40}, "duration": 1, "root": {"spacer": {}, "background": "ultrathinMaterial"}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8))) { error in
            guard let error = error as? SceneError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.location?.line, 1, error.message)
            let column = json.distance(from: json.startIndex, to: json.range(of: #""background": "#)!.upperBound) + 1
            XCTAssertEqual(error.location?.column, column, error.message)
            XCTAssertTrue(error.message.hasPrefix("unknown material \"ultrathinMaterial\"; the materials are \"ultraThinMaterial\""), error.message)
        }
    }
}

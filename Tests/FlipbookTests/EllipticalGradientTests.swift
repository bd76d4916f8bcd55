import Flipbook
import Foundation
import Pixels
import SceneFormat
import XCTest

/// `EllipticalGradient`: a radial gradient in the unit square stretched to the shape's rectangle, against
/// the closed form t = (|(u, v) - centre| - r0) / (r1 - r0) in unit coordinates.
final class EllipticalGradientTests: XCTestCase {
    func image(_ gradient: String, width: Int = 40, height: Int = 20) throws -> PixelImage {
        let json = #"{"canvas": {"width": \#(width), "height": \#(height), "scale": 1, "background": "white"}, "duration": 1, "root": {"shape": "rectangle", "fill": {"ellipticalGradient": \#(gradient)}}}"#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
    }

    /// Black at the centre to white at the end fraction; the red channel at pixel (x, y).
    func expectedLevel(x: Int, y: Int, width: Double, height: Double, center: (Double, Double),
                       r0: Double, r1: Double) -> Double {
        let u = (Double(x) + 0.5) / width, v = (Double(y) + 0.5) / height
        let d = hypot(u - center.0, v - center.1)
        let t = min(1, max(0, (d - r0) / (r1 - r0)))
        return t * 255
    }

    func testDefaultsStretchTheCircleToTheRectangle() throws {
        let image = try image(#"{"colors": ["black", "white"], "colorSpace": "device"}"#)
        for (x, y) in [(20, 10), (25, 10), (30, 10), (20, 14), (35, 3), (10, 15), (0, 0), (39, 19)] {
            let want = expectedLevel(x: x, y: y, width: 40, height: 20, center: (0.5, 0.5), r0: 0, r1: 0.5)
            XCTAssertEqual(Double(image[x, y].r), want, accuracy: 2, "(\(x), \(y))")
        }
        // Elliptical, not circular: the pixel 10 points right of the centre is white-ish only at the
        // edge of the 20-point half width, the one 5 points down is at the 10-point half height.
        XCTAssertLessThan(image[29, 10].r, 140)
        XCTAssertGreaterThan(image[20, 19].r, 230)
    }

    func testCentreAndFractions() throws {
        let image = try image(#"{"stops": [{"color": "black", "location": 0}, {"color": "white", "location": 1}], "colorSpace": "device", "center": "topLeading", "startRadiusFraction": 0.2, "endRadiusFraction": "0.8"}"#)
        for (x, y) in [(2, 2), (10, 5), (20, 10), (30, 2), (5, 18), (39, 19)] {
            let want = expectedLevel(x: x, y: y, width: 40, height: 20, center: (0, 0), r0: 0.2, r1: 0.8)
            XCTAssertEqual(Double(image[x, y].r), want, accuracy: 2, "(\(x), \(y))")
        }
    }

    func testBadFractionsAreErrors() {
        func message(_ gradient: String) -> String {
            do {
                _ = try image(gradient)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(message(#"{"colors": ["red"], "endRadiusFraction": -1}"#),
                       "1:194: root.fill.ellipticalGradient.endRadiusFraction: at t = 0 s: a radius fraction must be a finite number of at least 0, got -1")
        XCTAssertEqual(message(#"{"colors": ["red"], "endRadius": 1}"#),
                       #"1:186: root.fill.ellipticalGradient.endRadius: unknown key "endRadius" (allowed here: colors, stops, colorSpace, center, startRadiusFraction, endRadiusFraction)"#)
    }
}

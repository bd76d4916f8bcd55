import Flipbook
import Foundation
import Pixels
import SceneFormat
import XCTest

/// `blur` and `shadow` against a Gaussian computed here: a blurred box's alpha at (x, y) is the
/// product of Φ differences along each axis, Φ the normal distribution function with sigma = radius.
final class BlurShadowTests: XCTestCase {
    func frame(_ root: String, width: Int, height: Int) throws -> PixelImage {
        let json = #"{"canvas": {"width": \#(width), "height": \#(height), "scale": 1, "background": "white"}, "duration": 1, "root": \#(root)}"#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
    }

    /// Φ(z).
    func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

    /// The alpha of the box [x0, x1] x [y0, y1] blurred by sigma, at the pixel centre (x + 0.5, y + 0.5).
    func boxAlpha(_ x: Int, _ y: Int, _ box: (Double, Double, Double, Double), _ sigma: Double) -> Double {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        return (phi((box.2 - px) / sigma) - phi((box.0 - px) / sigma)) * (phi((box.3 - py) / sigma) - phi((box.1 - py) / sigma))
    }

    /// A black 40 x 20 box (centred in an 80 x 20 canvas: x 20 to 60) blurred with radius 4: each pixel is
    /// white darkened by the Gaussian-blurred alpha, within 2% (three box passes approximate the Gaussian).
    func testBlurMatchesGaussian() throws {
        let root = #"{"shape": "rectangle", "fill": "black", "frame": {"width": 40, "height": 20}, "blur": 4}"#
        let image = try frame(root, width: 80, height: 20)
        var worst = 0.0
        for y in [2, 10, 17] {
            for x in stride(from: 0, to: 80, by: 3) {
                let expected = 255 * (1 - boxAlpha(x, y, (20, 0, 60, 20), 4))
                worst = max(worst, abs(Double(image[x, y].g) - expected))
            }
        }
        XCTAssertLessThan(worst, 0.02 * 255)
        // The edge is soft: at x = 60 the alpha is about a half.
        XCTAssertEqual(Double(image[60, 10].g), 255 * (1 - boxAlpha(60, 10, (20, 0, 60, 20), 4)), accuracy: 5)
    }

    /// A red 20 x 20 square (30 to 50) with a black shadow of radius 3 at (10, 10): outside the square
    /// the shadow's alpha is the Gaussian-blurred square moved to 40 to 60; inside, the square covers it.
    func testShadowMatchesGaussianAndSitsBehind() throws {
        let root = #"{"shape": "rectangle", "fill": "rgb(1, 0, 0)", "frame": {"width": 20, "height": 20}, "shadow": {"color": "black", "radius": 3, "x": 10, "y": 10}}"#
        let image = try frame(root, width: 80, height: 80)
        var worst = 0.0
        for (x, y) in [(55, 55), (58, 45), (61, 61), (45, 58), (52, 40), (64, 50), (40, 64)] {
            let expected = 255 * (1 - boxAlpha(x, y, (40, 40, 60, 60), 3))
            worst = max(worst, abs(Double(image[x, y].g) - expected))
        }
        XCTAssertLessThan(worst, 0.02 * 255)
        XCTAssertEqual(image[45, 45], RGBA8(r: 255, g: 0, b: 0))
        XCTAssertEqual(image[35, 35], RGBA8(r: 255, g: 0, b: 0))
    }

    /// A shadow follows the view's alpha: a circle's shadow is round (the square's corner region stays white).
    func testShadowFollowsAlpha() throws {
        let root = #"{"shape": "circle", "fill": "rgb(1, 0, 0)", "frame": {"width": 40, "height": 40}, "shadow": {"color": "black", "radius": 1, "x": 0, "y": 0}}"#
        let image = try frame(root, width: 80, height: 80)
        XCTAssertEqual(image[22, 22], RGBA8(r: 255, g: 255, b: 255))   // outside the disc, inside its square
        XCTAssertLessThan(image[40, 19].g, 250)                          // just above the disc: the shadow
    }

    /// Bad blur and shadow values are refused at load.
    func testBadBlurAndShadow() throws {
        for bad in [#""blur": "x""#, #""shadow": {"x": 1}"#, #""shadow": {"radius": 1, "z": 2}"#] {
            let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle", \#(bad)}}"#
            XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8)), bad)
        }
    }
}

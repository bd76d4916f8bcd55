import DisplayList
import Geometry
import Pixels
@testable import Raster
import XCTest

/// Gradients interpolate premultiplied by opacity, as SwiftUI's do: `.clear` (transparent black) fades its
/// neighbour's opacity and never darkens it. Oracles: the opacity ramp and the opacity-weighted mix,
/// computed here.
final class GradientPremultipliedTests: XCTestCase {
    let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    let white70 = Color(red: 1, green: 1, blue: 1, alpha: 0.7)

    /// `LinearGradient(colors: [.clear, .white.opacity(0.7), .clear])` across a 100 x 10 rectangle.
    func shimmer(background: Color) throws -> PixelImage {
        let gradient = LinearGradient(start: Point(0, 0), end: Point(100, 0),
                                      stops: [GradientStop(location: 0, color: clear), GradientStop(location: 0.5, color: white70),
                                              GradientStop(location: 1, color: clear)])
        let item = DisplayItem.shape(ShapeItem(path: .rect(Rect(x: 0, y: 0, width: 100, height: 10)),
                                               fill: Fill(paint: .linearGradient(gradient))))
        return try renderItems([item], width: 100, height: 10, background: background)
    }

    /// On white, white at any opacity is white: no grey smudge anywhere.
    func testTheShimmerOnWhiteStaysWhite() throws {
        let image = try shimmer(background: .white)
        for x in stride(from: 0, to: 100, by: 3) { assertPixel(image[x, 5], 255, 255, 255, 255, tolerance: 1, "x = \(x)") }
    }

    /// On black, each channel is 255 times the opacity, which ramps 0 -> 0.7 -> 0 (pixel centres at x + 0.5).
    func testTheShimmerOnBlackIsWhiteTimesTheOpacityRamp() throws {
        let image = try shimmer(background: .black)
        for x in stride(from: 0, to: 100, by: 3) {
            let u = (Double(x) + 0.5) / 100
            let alpha = 0.7 * (u < 0.5 ? 2 * u : 2 * (1 - u))
            let v = Int((255 * alpha).rounded())
            assertPixel(image[x, 5], v, v, v, 255, tolerance: 1, "x = \(x)")
        }
    }

    /// Opaque red to half-transparent blue, half way: opacity 0.75; the colour weighs red by 1 x 0.5 and
    /// blue by 0.5 x 0.5, so red 2/3 and blue 1/3 (straight), on a transparent canvas premultiplied to
    /// 0.5 and 0.25 of 255.
    func testTheMixWeighsEachColourByItsOpacity() throws {
        let half = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        let mid = GradientStop.premultipliedMix(Color(red: 1, green: 0, blue: 0), half, 0.5)
        XCTAssertEqual(mid.alpha, 0.75, accuracy: 1e-12)
        XCTAssertEqual(mid.red, 2.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(mid.blue, 1.0 / 3, accuracy: 1e-12)
        // The same through Cairo, between stops at 0 and 1 over 101 pixels: pixel 50's centre is at 0.5.
        let gradient = LinearGradient(start: Point(0.5, 0), end: Point(100.5, 0),
                                      stops: [GradientStop(location: 0, color: Color(red: 1, green: 0, blue: 0)),
                                              GradientStop(location: 1, color: half)])
        let item = DisplayItem.shape(ShapeItem(path: .rect(Rect(x: 0, y: 0, width: 101, height: 4)),
                                               fill: Fill(paint: .linearGradient(gradient))))
        let image = try renderItems([item], width: 101, height: 4, background: .black)
        assertPixel(image[50, 2], Int((255 * 0.5).rounded()), 0, Int((255 * 0.25).rounded()), 255, tolerance: 1)
    }

    /// An angular gradient from `.clear` to white at 0.7: half way, white at opacity 0.35.
    func testAngularGradientsMixPremultipliedToo() {
        let gradient = AngularGradient(center: Point(0, 0), startAngle: 0, endAngle: 2 * .pi,
                                       stops: [GradientStop(location: 0, color: clear), GradientStop(location: 1, color: white70)])
        let c = gradient.color(at: 0.5)
        XCTAssertEqual(c.alpha, 0.35, accuracy: 1e-12)
        XCTAssertEqual([c.red, c.green, c.blue], [1, 1, 1])
    }
}

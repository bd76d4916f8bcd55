import FlipbookTesting
import GoldenImages
import Pixels
import XCTest

final class AntialiasingTests: XCTestCase {
    func testSubpixelShiftOfAnAntialiasedEdgePassesOnlyWhenAntialiasingIsIgnored() {
        let expected = PixelImage.disc(centerX: 32, centerY: 32, radius: 20)
        let actual = PixelImage.disc(centerX: 32.1, centerY: 32, radius: 20)
        let comparison = ImageComparator.compare(expected: expected, actual: actual, tolerance: .default)

        XCTAssertTrue(comparison.passes(.default), "counted: \(comparison.differentPixels)")
        XCTAssertGreaterThan(comparison.antialiasedPixels, 0)
        XCTAssertFalse(comparison.passes(.exact))
        var countingEdges = ImageTolerance.default
        countingEdges.ignoreAntialiasing = false
        XCTAssertFalse(comparison.passes(countingEdges), "the edge pixels alone exceed the 2 pixels allowed")
    }

    func testWholePixelEdgeMovesAreCaughtWhenEdgesCount() {
        // Ignoring anti-aliasing forgives edge moves up to about a pixel (a 1 px shift of this disc
        // passes the loose tolerance); counting the edges catches them.
        let expected = PixelImage.disc(centerX: 32, centerY: 32, radius: 18)
        let actual = PixelImage.disc(centerX: 33, centerY: 32, radius: 18)
        var countingEdges = ImageTolerance.default
        countingEdges.ignoreAntialiasing = false
        let comparison = ImageComparator.compare(expected: expected, actual: actual, tolerance: countingEdges)
        XCTAssertFalse(comparison.passes(countingEdges))
        XCTAssertTrue(comparison.passes(.loose))
    }

    func testGreyColumnBetweenTwoFlatAreasIsAntialiased() {
        // Black | grey | white: the grey column is an edge between two flat areas; its change from
        // 128 to 100 (28 levels, beyond the default 2) is anti-aliasing noise.
        let expected = blackGreyWhite(grey: 128)
        let actual = blackGreyWhite(grey: 100)
        let comparison = ImageComparator.compare(expected: expected, actual: actual, tolerance: .default)
        XCTAssertEqual(comparison.antialiasedPixels, 8)
        XCTAssertEqual(comparison.differentPixels, 0)
        XCTAssertTrue(comparison.passes(.default))
        XCTAssertEqual(comparison.diffImage?[4, 3], RGBA8(r: 255, g: 255, b: 0), "ignored edges are yellow")

        var countingEdges = ImageTolerance.default
        countingEdges.ignoreAntialiasing = false
        let counted = ImageComparator.compare(expected: expected, actual: actual, tolerance: countingEdges)
        XCTAssertEqual(counted.differentPixels, 8)
        XCTAssertEqual(counted.diffImage?[4, 3], RGBA8(r: 255, g: 0, b: 0))
    }

    func testGreyLineOnWhiteIsNotAntialiasing() {
        // A one-pixel line has brighter neighbours on both sides but no darker one: not an edge.
        var expected = PixelImage.canvas(8, 8)
        expected.fillRect(x: 4, y: 0, width: 1, height: 8, color: RGBA8(r: 128, g: 128, b: 128))
        var actual = PixelImage.canvas(8, 8)
        actual.fillRect(x: 4, y: 0, width: 1, height: 8, color: RGBA8(r: 100, g: 100, b: 100))
        let comparison = ImageComparator.compare(expected: expected, actual: actual, tolerance: .default)
        XCTAssertEqual(comparison.antialiasedPixels, 0)
        XCTAssertEqual(comparison.differentPixels, 8)
    }

    func testEdgeBetweenTexturedAreasIsNotAntialiasing() {
        // The same grey column, but no pixel on either side has an identical neighbour: the darker and
        // brighter neighbours are not in flat areas, so the column is a real feature, not an edge.
        let expected = texturedGreyTextured(grey: 128)
        let actual = texturedGreyTextured(grey: 100)
        let comparison = ImageComparator.compare(expected: expected, actual: actual, tolerance: .default)
        XCTAssertEqual(comparison.antialiasedPixels, 0)
        XCTAssertEqual(comparison.differentPixels, 8)
    }

    /// 8 x 8: columns 0-3 black, column 4 `grey`, columns 5-7 white.
    private func blackGreyWhite(grey: UInt8) -> PixelImage {
        var image = PixelImage.canvas(8, 8)
        image.fillRect(x: 0, y: 0, width: 4, height: 8, color: .black)
        image.fillRect(x: 4, y: 0, width: 1, height: 8, color: RGBA8(r: grey, g: grey, b: grey))
        return image
    }

    /// 8 x 8: column 4 `grey`; left of it all-different dark greys (0...62), right all-different light
    /// greys (160...229).
    private func texturedGreyTextured(grey: UInt8) -> PixelImage {
        var image = PixelImage.canvas(8, 8)
        for y in 0..<8 {
            for x in 0..<8 {
                let level: Int
                switch x {
                case 0..<4: level = 2 * (x + 4 * y)
                case 4: level = Int(grey)
                default: level = 160 + 3 * ((x - 5) + 3 * y)
                }
                image[x, y] = RGBA8(r: UInt8(level), g: UInt8(level), b: UInt8(level))
            }
        }
        return image
    }
}

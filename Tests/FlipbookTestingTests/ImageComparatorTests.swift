import FlipbookTesting
import GoldenImages
import Foundation
import Pixels
import Raster
import XCTest

final class ImageComparatorTests: XCTestCase {
    // MARK: matches

    func testIdenticalImagesMatchExactly() {
        let image = PixelImage.disc(centerX: 30.3, centerY: 28.7, radius: 17)
        let copy = PixelImage(width: image.width, height: image.height, pixels: image.pixels)
        let comparison = ImageComparator.compare(expected: image, actual: copy, tolerance: .exact)
        XCTAssertEqual(comparison.differentPixels, 0)
        XCTAssertEqual(comparison.antialiasedPixels, 0)
        XCTAssertEqual(comparison.maxChannelDifference, 0)
        XCTAssertEqual(comparison.totalPixels, 64 * 64)
        XCTAssertFalse(comparison.sizeMismatch)
        XCTAssertTrue(comparison.passes(.exact))
        XCTAssertNil(comparison.diffImage, "identical images need no difference image")
    }

    func testOpaqueImageReencodedThroughPNGMatchesExactly() throws {
        var image = PixelImage.disc(centerX: 30.3, centerY: 28.7, radius: 17)
        image.fillRect(x: 40, y: 5, width: 12, height: 9, color: .blue)
        let decoded = try roundTripThroughPNG(image)
        let comparison = ImageComparator.compare(expected: image, actual: decoded, tolerance: .exact)
        XCTAssertTrue(comparison.passes(.exact), "differing pixels: \(comparison.differentPixels)")
    }

    func testTranslucentImageReencodedThroughPNGMatches() throws {
        // Cairo stores premultiplied alpha, so translucent edge pixels may come back a level or so off:
        // the comparator must judge the look, not the bytes.
        var image = PixelImage.canvas(64, 64, .clear)
        image.fillCircle(centerX: 31.6, centerY: 32.2, radius: 20, color: .blue)
        let decoded = try roundTripThroughPNG(image)
        let comparison = ImageComparator.compare(expected: image, actual: decoded, tolerance: .default)
        XCTAssertTrue(comparison.passes(.default))
        XCTAssertLessThanOrEqual(comparison.maxChannelDifference, 2, "as seen over white, a level or so")
    }

    // MARK: real changes fail

    func testRectangleShiftedByTwoPixelsFails() {
        var expected = PixelImage.canvas(64, 64)
        expected.fillRect(x: 10, y: 10, width: 20, height: 20, color: .black)
        var actual = PixelImage.canvas(64, 64)
        actual.fillRect(x: 12, y: 10, width: 20, height: 20, color: .black)
        let comparison = ImageComparator.compare(expected: expected, actual: actual, tolerance: .default)
        // Columns 10-11 lost the rectangle, columns 30-31 gained it: 4 columns of 20 rows; hard edges
        // are not anti-aliasing.
        XCTAssertEqual(comparison.differentPixels, 80)
        XCTAssertEqual(comparison.antialiasedPixels, 0)
        XCTAssertEqual(comparison.maxChannelDifference, 255)
        XCTAssertFalse(comparison.passes(.default))
    }

    func testAntialiasedDiscShiftedByTwoPixelsFails() {
        let expected = PixelImage.disc(centerX: 32, centerY: 32, radius: 18)
        let actual = PixelImage.disc(centerX: 34, centerY: 32, radius: 18)
        let comparison = ImageComparator.compare(expected: expected, actual: actual, tolerance: .default)
        XCTAssertFalse(comparison.passes(.default))
        // The discs' symmetric difference covers about 4 * r * shift = 144 pixels, nearly all changed by
        // far more than 2 levels; some of them count as anti-aliased edges, the rest fail.
        XCTAssertGreaterThan(comparison.differentPixels + comparison.antialiasedPixels, 115)
        XCTAssertGreaterThan(comparison.differentPixels, 4)
    }

    func testWrongColourOfOneRegionFails() {
        var expected = PixelImage.canvas(64, 64)
        expected.fillRect(x: 4, y: 4, width: 16, height: 8, color: .blue)
        expected.fillRect(x: 30, y: 30, width: 20, height: 20, color: .black)
        var actual = expected
        actual.fillRect(x: 4, y: 4, width: 16, height: 8, color: RGBA8(r: 52, g: 199, b: 89))
        let comparison = ImageComparator.compare(expected: expected, actual: actual, tolerance: .default)
        XCTAssertEqual(comparison.differentPixels, 16 * 8)
        XCTAssertEqual(comparison.maxChannelDifference, 166)  // |255 - 89| in blue
        XCTAssertFalse(comparison.passes(.default))
    }

    func testDifferentFrameFails() {
        var early = PixelImage.canvas(64, 64)
        early.fillRect(x: 8, y: 8, width: 12, height: 12, color: .blue)
        var late = PixelImage.canvas(64, 64)
        late.fillRect(x: 40, y: 30, width: 12, height: 12, color: .blue)
        let comparison = ImageComparator.compare(expected: early, actual: late, tolerance: .default)
        XCTAssertEqual(comparison.differentPixels, 2 * 12 * 12)
        XCTAssertFalse(comparison.passes(.default))
    }

    func testSizeMismatchNeverPasses() {
        let expected = PixelImage.canvas(64, 64)
        let actual = PixelImage.canvas(64, 48)
        let comparison = ImageComparator.compare(expected: expected, actual: actual, tolerance: .default)
        XCTAssertTrue(comparison.sizeMismatch)
        XCTAssertNil(comparison.diffImage)
        XCTAssertFalse(comparison.passes(.default))
        XCTAssertFalse(comparison.passes(ImageTolerance(channel: 255, maxDifferentFraction: 1)))
    }

    // MARK: tolerance

    func testChannelToleranceIgnoresDifferencesUpToItsLevel() {
        // `.loose` ignores 16 levels per channel.
        let grey = PixelImage.canvas(16, 16, RGBA8(r: 100, g: 100, b: 100))
        let sixteenLighter = PixelImage.canvas(16, 16, RGBA8(r: 116, g: 116, b: 116))
        let seventeenLighter = PixelImage.canvas(16, 16, RGBA8(r: 117, g: 117, b: 117))
        XCTAssertTrue(ImageComparator.compare(expected: grey, actual: sixteenLighter, tolerance: .loose).passes(.loose))
        XCTAssertFalse(ImageComparator.compare(expected: grey, actual: sixteenLighter, tolerance: .exact).passes(.exact))
        let beyond = ImageComparator.compare(expected: grey, actual: seventeenLighter, tolerance: .loose)
        XCTAssertEqual(beyond.differentPixels, 256, "a uniform change beyond the level changes every pixel")

        // The perceptually strongest direction, red up and green and blue down, is still ignored at the level.
        let base = PixelImage.canvas(16, 16, RGBA8(r: 128, g: 128, b: 128))
        let worstAtLevel = PixelImage.canvas(16, 16, RGBA8(r: 144, g: 112, b: 112))
        let worstBeyondLevel = PixelImage.canvas(16, 16, RGBA8(r: 145, g: 111, b: 111))
        XCTAssertTrue(ImageComparator.compare(expected: base, actual: worstAtLevel, tolerance: .loose).passes(.loose))
        XCTAssertFalse(ImageComparator.compare(expected: base, actual: worstBeyondLevel, tolerance: .loose).passes(.loose))
    }

    func testDifferentFractionAllowsAFewPixels() {
        // `.loose` allows 0.1 % of the pixels: 10 of 100 x 100.
        let expected = PixelImage.canvas(100, 100)
        var tenChanged = expected
        tenChanged.fillRect(x: 50, y: 50, width: 10, height: 1, color: .black)
        var elevenChanged = expected
        elevenChanged.fillRect(x: 50, y: 50, width: 11, height: 1, color: .black)
        XCTAssertTrue(ImageComparator.compare(expected: expected, actual: tenChanged, tolerance: .loose).passes(.loose))
        XCTAssertFalse(ImageComparator.compare(expected: expected, actual: elevenChanged, tolerance: .loose).passes(.loose))
    }

    func testTheDefaultAllowsTwoPixelsAndTwoLevels() {
        let expected = PixelImage.canvas(100, 100)
        var twoChanged = expected
        twoChanged.fillRect(x: 50, y: 50, width: 2, height: 1, color: .black)
        var threeChanged = expected
        threeChanged.fillRect(x: 50, y: 50, width: 3, height: 1, color: .black)
        XCTAssertTrue(ImageComparator.compare(expected: expected, actual: twoChanged, tolerance: .default).passes(.default))
        XCTAssertFalse(ImageComparator.compare(expected: expected, actual: threeChanged, tolerance: .default).passes(.default))
        // A uniform change of 2 levels is ignored; 3 levels in every channel is not.
        let grey = PixelImage.canvas(16, 16, RGBA8(r: 100, g: 100, b: 100))
        XCTAssertTrue(ImageComparator.compare(expected: grey, actual: .canvas(16, 16, RGBA8(r: 102, g: 102, b: 102)), tolerance: .default).passes(.default))
        XCTAssertFalse(ImageComparator.compare(expected: grey, actual: .canvas(16, 16, RGBA8(r: 103, g: 103, b: 103)), tolerance: .default).passes(.default))
    }

    func testPassesJudgesAnyToleranceLikeAFreshComparison() {
        let expected = PixelImage.disc(centerX: 32, centerY: 32, radius: 18)
        let actual = PixelImage.disc(centerX: 32.4, centerY: 31.8, radius: 18.3)
        let tolerances = [
            ImageTolerance.exact, .default,
            ImageTolerance(channel: 40, maxDifferentFraction: 0.01, ignoreAntialiasing: false),
            ImageTolerance(channel: 5, maxDifferentFraction: 0.02, ignoreAntialiasing: true),
            ImageTolerance(channel: 90, maxDifferentFraction: 0, ignoreAntialiasing: false),
        ]
        let comparedWithDefault = ImageComparator.compare(expected: expected, actual: actual, tolerance: .default)
        for tolerance in tolerances {
            let fresh = ImageComparator.compare(expected: expected, actual: actual, tolerance: tolerance)
            XCTAssertEqual(comparedWithDefault.countedPixels(for: tolerance), fresh.differentPixels, "\(tolerance)")
            XCTAssertEqual(comparedWithDefault.passes(tolerance), fresh.passes(tolerance), "\(tolerance)")
        }
    }

    func testNoPixelCountsWhenTheLargestChannelDifferenceIsWithinTheLevel() {
        let expected = PixelImage.disc(centerX: 32, centerY: 32, radius: 18)
        let actual = PixelImage.disc(centerX: 32.3, centerY: 31.9, radius: 18)
        let comparison = ImageComparator.compare(expected: expected, actual: actual, tolerance: .exact)
        let atLargest = ImageTolerance(channel: comparison.maxChannelDifference, maxDifferentFraction: 0,
                                       ignoreAntialiasing: false)
        XCTAssertEqual(comparison.countedPixels(for: atLargest), 0)
        // Grey differences weigh less than the worst colour direction: a grey step of d levels has YIQ
        // distance 0.5053 d^2, ignored from level 0.966 d on, so 90 % of the largest step counts again.
        let belowLargest = ImageTolerance(channel: comparison.maxChannelDifference * 9 / 10, maxDifferentFraction: 0,
                                          ignoreAntialiasing: false)
        XCTAssertGreaterThan(comparison.countedPixels(for: belowLargest), 0)
    }

    // MARK: difference image

    func testDifferenceImageMarksChangesInRedOverFadedExpected() throws {
        var expected = PixelImage.canvas(32, 32)
        expected.fillRect(x: 4, y: 4, width: 8, height: 8, color: .black)
        var actual = expected
        actual.fillRect(x: 20, y: 20, width: 4, height: 4, color: .black)
        let comparison = ImageComparator.compare(expected: expected, actual: actual, tolerance: .default)
        let diff = try XCTUnwrap(comparison.diffImage)
        XCTAssertEqual(diff[21, 21], RGBA8(r: 255, g: 0, b: 0), "a changed pixel is red")
        XCTAssertEqual(diff[0, 0], RGBA8(r: 255, g: 255, b: 255), "white faded stays white")
        // Black at 10 % over white: 255 - 0.1 * 255 = 229.5, rounded half up.
        XCTAssertEqual(diff[6, 6], RGBA8(r: 230, g: 230, b: 230), "unchanged black fades to light grey")
    }

    private func roundTripThroughPNG(_ image: PixelImage) throws -> PixelImage {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("flipbook-comparator-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNGFile.write(image, to: path)
        return try PNGFile.read(path: path)
    }
}

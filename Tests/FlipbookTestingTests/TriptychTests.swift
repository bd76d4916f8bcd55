import FlipbookTesting
import GoldenImages
import Pixels
import XCTest

final class TriptychTests: XCTestCase {
    func testPanelsSitSideBySideWithTwoPixelSeparators() {
        let expected = gradient(width: 5, height: 4, seed: 0)
        let actual = gradient(width: 5, height: 4, seed: 90)
        let diff = gradient(width: 5, height: 4, seed: 170)
        let triptych = Triptych.make(expected: expected, actual: actual, diff: diff)

        XCTAssertEqual(triptych.width, 3 * 5 + 2 * 2)
        XCTAssertEqual(triptych.height, 4)
        for y in 0..<4 {
            for x in 0..<5 {
                XCTAssertEqual(triptych[x, y], expected[x, y])
                XCTAssertEqual(triptych[7 + x, y], actual[x, y])
                XCTAssertEqual(triptych[14 + x, y], diff[x, y])
            }
            for x in [5, 6, 12, 13] {
                XCTAssertEqual(triptych[x, y], RGBA8(r: 255, g: 0, b: 255), "separator column \(x)")
            }
        }
    }

    func testPanelsOfDifferentSizesTakeTheLargestSize() {
        let expected = PixelImage.canvas(4, 3, .black)
        let actual = PixelImage.canvas(6, 2, .blue)
        let diff = PixelImage.canvas(6, 3, RGBA8(r: 255, g: 0, b: 0))
        let triptych = Triptych.make(expected: expected, actual: actual, diff: diff)

        XCTAssertEqual(triptych.width, 3 * 6 + 2 * 2)
        XCTAssertEqual(triptych.height, 3)
        XCTAssertEqual(triptych[3, 2], .black)
        XCTAssertEqual(triptych[4, 0], .clear, "beyond the expected image the panel is transparent")
        XCTAssertEqual(triptych[8 + 5, 1], .blue)
        XCTAssertEqual(triptych[8 + 5, 2], .clear, "below the actual image the panel is transparent")
        XCTAssertEqual(triptych[16 + 5, 2], RGBA8(r: 255, g: 0, b: 0))
    }

    /// A small image whose every pixel differs from its neighbours and from other seeds' pixels.
    private func gradient(width: Int, height: Int, seed: Int) -> PixelImage {
        var image = PixelImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = RGBA8(r: UInt8(seed + x * 10), g: UInt8(y * 30), b: UInt8(seed / 2 + x + y), a: 255)
            }
        }
        return image
    }
}

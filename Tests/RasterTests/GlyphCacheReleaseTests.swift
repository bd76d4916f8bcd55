import DisplayList
import Geometry
import Pixels
@testable import Raster
import XCTest

/// A rasterizer counts the large glyphs it draws and, past `largeGlyphLimit` pixels of them, releases its
/// font caches after the text that passed it; text then draws the same pixels as with fresh caches.
final class GlyphCacheReleaseTests: XCTestCase {
    private func list(_ text: String, size: Double) -> DisplayList {
        let run = TextRun(text: text, font: Font(family: "Inter", size: size), color: .black)
        return DisplayList(size: Size(64, 64), scale: 1, background: .white,
                           items: [.text(TextItem(runs: [run], origin: Point(-20, -40)))])
    }

    func testLargeGlyphsAreCountedAndTheCachesReleasedPastTheLimit() throws {
        let rasterizer = Rasterizer()
        // 100 px glyphs are not large; ten 300 px ones are 10 x 300² pixels.
        _ = try rasterizer.render(list("WWWWWWWWWW", size: 100))
        XCTAssertEqual(rasterizer.largeGlyphPixels, 0)
        _ = try rasterizer.render(list("WWWWWWWWWW", size: 300))
        XCTAssertEqual(rasterizer.largeGlyphPixels, 10 * 300 * 300)
        // 1,500 more: 1,510 x 90,000 = 135.9 million, past 128 x 2^20 = 134.2 million.
        XCTAssertEqual(Rasterizer.largeGlyphLimit, 128 * 1_048_576)
        _ = try rasterizer.render(list(String(repeating: "W", count: 1_500), size: 300))
        XCTAssertEqual(rasterizer.largeGlyphPixels, 0)
        // Text drawn after the release is what fresh caches draw.
        let after = try rasterizer.render(list("Wg", size: 400))
        let fresh = try Rasterizer().render(list("Wg", size: 400))
        XCTAssertEqual(after.pixels, fresh.pixels)
        XCTAssertTrue(after.pixels.contains { $0 < 128 }, "the glyphs are drawn")
    }
}

import XCTest
import Foundation
import Pixels
@testable import GIF

final class LocalPaletteTests: XCTestCase {
    private func path(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("local-\(UUID().uuidString)-\(name)").path
    }

    /// A 20 x 10 image with 200 distinct colours of one hue family (`channel` 0 red, 2 blue).
    private func shades(channel: Int) -> PixelImage {
        var image = PixelImage(width: 20, height: 10)
        for i in 0..<200 {
            let v = UInt8(40 + i), w = UInt8(i % 7 * 9)
            image[i % 20, i / 20] = channel == 0 ? RGBA8(r: v, g: w, b: 0) : RGBA8(r: 0, g: w, b: v)
        }
        return image
    }

    func testFramesOverBudgetGetExactLocalPalettes() throws {
        let reds = shades(channel: 0), blues = shades(channel: 2)
        let global = Palette.build(from: [reds, blues]) // 400 colours into 255: lossy
        XCTAssertGreaterThan(Quantizer.meanError(of: reds, under: global), 0.5)
        let quantizer = Quantizer(palette: global, localPaletteBudget: 0.5)
        let frames = [reds, blues].map { quantizer.quantize($0) }
        XCTAssertNotNil(frames[0].localPalette)
        XCTAssertNotNil(frames[1].localPalette)
        XCTAssertNil(Quantizer(palette: global).quantize(reds).localPalette)

        let output = path("shades.gif")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let writer = try GIFWriter(path: output, width: 20, height: 10, palette: global)
        for frame in frames { try writer.append(frame, delayCentiseconds: 5) }
        try writer.finish()
        let gif = try GIFReader.read(path: output)
        XCTAssertEqual(gif.frames.count, 2)
        XCTAssertTrue(gif.frames.allSatisfy(\.hasLocalColorTable))
        XCTAssertTrue(TestImages.sameVisible(gif.frames[0].image, reds))
        XCTAssertTrue(TestImages.sameVisible(gif.frames[1].image, blues))
    }

    func testFramesWithinBudgetKeepTheGlobalPalette() {
        let image = TestImages.square(width: 8, height: 8, background: RGBA8(r: 1, g: 2, b: 3),
                                      color: RGBA8(r: 200, g: 0, b: 0), x: 2, y: 2, side: 3)
        let palette = Palette.build(from: [image])
        XCTAssertNil(Quantizer(palette: palette, localPaletteBudget: 0).quantize(image).localPalette)
    }

    func testWriterComparesColoursAcrossPalettes() throws {
        let a = RGB8(r: 10, g: 10, b: 10), b = RGB8(r: 100, g: 50, b: 0), c = RGB8(r: 0, g: 90, b: 200)
        let global = Palette(colors: [a, b, c])
        let reversed = Palette(colors: [c, b, a])
        let output = path("mixed.gif")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let writer = try GIFWriter(path: output, width: 4, height: 1, palette: global)
        try writer.append(IndexedFrame(width: 4, height: 1, indices: [0, 1, 2, 0]), delayCentiseconds: 2)
        // The same colours through the reversed local palette: merged.
        try writer.append(IndexedFrame(width: 4, height: 1, indices: [2, 1, 0, 2], localPalette: reversed),
                          delayCentiseconds: 3)
        // Pixel 3 turns b: only it changes.
        try writer.append(IndexedFrame(width: 4, height: 1, indices: [2, 1, 0, 1], localPalette: reversed),
                          delayCentiseconds: 4)
        try writer.finish()
        let gif = try GIFReader.read(path: output)
        XCTAssertEqual(gif.frames.map(\.delayCentiseconds), [5, 4])
        XCTAssertEqual(gif.frames.map(\.hasLocalColorTable), [false, true])
        XCTAssertEqual(gif.frames[1].rect, GIFRect(x: 3, y: 0, width: 1, height: 1))
        let expected = [a, b, c, b].map { RGBA8(r: $0.r, g: $0.g, b: $0.b) }
        XCTAssertEqual((0..<4).map { gif.frames[1].image[$0, 0] }, expected)
    }
}

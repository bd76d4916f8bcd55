import XCTest
import Foundation
import Pixels
@testable import GIF

/// Opaque animations of exactly 256 colours: a full palette, with a transparent index chosen per image.
final class FullPaletteTests: TemporaryDirectoryTestCase {
    /// Colour `k` of 256 distinct ones; neighbours differ by 7 in blue, so no tolerance of 1 merges them.
    private func color(_ k: Int) -> RGBA8 {
        RGBA8(r: UInt8(k & 255), g: UInt8(255 - (k & 255)), b: UInt8((k * 7) & 255))
    }

    /// A 32 x 16 frame (512 pixels): pixel p shows colour `(p + shift) % 256`, except the pixels in `patch`,
    /// which show colour `patchColor`.
    private func frame(shift: Int, patch: Range<Int> = 0..<0, patchColor: Int = 0) -> PixelImage {
        var image = PixelImage(width: 32, height: 16)
        for p in 0..<512 {
            image[p % 32, p / 32] = color(patch.contains(p) ? patchColor : (p + shift) % 256)
        }
        return image
    }

    /// Frames using all 256 colours: small changes (which leave most colours undrawn, so a spare index exists),
    /// and a frame that redraws every pixel, all 256 colours, which has no spare index.
    private var frames: [PixelImage] {
        [frame(shift: 0),
         frame(shift: 0, patch: 40..<44, patchColor: 3),    // 4 pixels turn colour 3
         frame(shift: 128),                                 // every pixel changes: all 256 colours drawn
         frame(shift: 128, patch: 300..<310, patchColor: 0), // colour 0 drawn, so it cannot be transparent
         frame(shift: 128, patch: 300..<310, patchColor: 1)]
    }

    func testExactly256ColoursMakeAFullPaletteOnlyWhenAllowed() {
        let full = Palette.build(from: frames, maxColors: Palette.maxOpaqueColors)
        XCTAssertTrue(full.isFull)
        XCTAssertNil(full.transparentIndex)
        XCTAssertEqual(Set(full.colors).count, 256)
        let usual = Palette.build(from: frames)
        XCTAssertEqual(usual.colors.count, 255)
        XCTAssertEqual(usual.transparentIndex, 255)
        // 257 colours are clustered, and clustering makes at most 255 even when 256 are allowed.
        var more = frames[0]
        more[0, 0] = RGBA8(r: 1, g: 2, b: 3)
        let clustered = Palette.build(from: frames + [more], maxColors: Palette.maxOpaqueColors)
        XCTAssertEqual(clustered.colors.count, 255)
        XCTAssertNotNil(clustered.transparentIndex)
    }

    func testAFullPaletteQuantizesEveryPixelAsOpaque() {
        let palette = Palette.build(from: frames, maxColors: Palette.maxOpaqueColors)
        var image = frames[0]
        image[5, 5] = RGBA8(r: color(9).r, g: color(9).g, b: color(9).b, a: 0)
        image[6, 5] = RGBA8(r: 0, g: 0, b: 0, a: 0)
        let quantized = Quantizer(palette: palette).quantize(image)
        XCTAssertEqual(palette.colors[Int(quantized.indices[5 * 32 + 5])], RGB8(r: color(9).r, g: color(9).g, b: color(9).b))
        XCTAssertEqual(quantized.indices[5 * 32 + 6], UInt8(palette.nearestIndex(to: RGB8(r: 0, g: 0, b: 0))))
        for p in 0..<512 where p != 5 * 32 + 5 && p != 5 * 32 + 6 {
            let c = image[p % 32, p / 32]
            XCTAssertEqual(palette.colors[Int(quantized.indices[p])], RGB8(r: c.r, g: c.g, b: c.b))
        }
    }

    /// Writes `frames` under a full palette with `delays` (5 cs each by default), returning the file's path.
    private func write(options: GIFOptions, name: String, delays: [Int]? = nil) throws -> String {
        let palette = Palette.build(from: frames, maxColors: Palette.maxOpaqueColors)
        let quantizer = Quantizer(palette: palette)
        let output = path(name)
        let writer = try GIFWriter(path: output, width: 32, height: 16, palette: palette, options: options)
        for (k, image) in frames.enumerated() {
            try writer.append(quantizer.quantize(image), source: image, delayCentiseconds: delays?[k] ?? 5)
        }
        try writer.finish()
        return output
    }

    /// Writes `frames` under a full palette, decodes the file and checks every frame comes back exactly.
    private func assertLossless(options: GIFOptions, name: String,
                                file: StaticString = #filePath, line: UInt = #line) throws -> DecodedGIF {
        let output = try write(options: options, name: name)
        let gif = try GIFReader.read(path: output)
        XCTAssertEqual(gif.frames.count, frames.count, file: file, line: line)
        for (k, (decoded, source)) in zip(gif.frames, frames).enumerated() {
            XCTAssertEqual(decoded.image.pixels, source.pixels, "frame \(k)", file: file, line: line)
        }
        // The global colour table is the 256 colours, with no slot kept for transparency.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        XCTAssertEqual(bytes[10] & 0x87, 0x87, "a global table of 256 entries", file: file, line: line)
        let palette = Palette.build(from: frames, maxColors: Palette.maxOpaqueColors)
        let table = (0..<256).map { RGB8(r: bytes[13 + 3 * $0], g: bytes[14 + 3 * $0], b: bytes[15 + 3 * $0]) }
        XCTAssertEqual(table, palette.colors, file: file, line: line)
        return gif
    }

    func testEveryFrameRoundTripsExactlyWithASpareIndexPerImage() throws {
        let gif = try assertLossless(options: GIFOptions(), name: "indices.gif")
        XCTAssertNil(gif.frames[0].transparentIndex, "the first image draws everything")
        XCTAssertNotNil(gif.frames[1].transparentIndex, "4 pixels of one colour leave 255 indices spare")
        XCTAssertEqual(gif.frames[1].rect, GIFRect(x: 8, y: 1, width: 4, height: 1))
        XCTAssertNil(gif.frames[2].transparentIndex, "a frame that draws all 256 colours has no spare index")
        // Frame 3 draws colour 0 over 10 pixels: its transparent index must be another one.
        let spare = try XCTUnwrap(gif.frames[3].transparentIndex)
        let palette = Palette.build(from: frames, maxColors: Palette.maxOpaqueColors)
        XCTAssertNotEqual(palette.colors[spare], RGB8(r: color(0).r, g: color(0).g, b: color(0).b))
        XCTAssertNotNil(gif.frames[4].transparentIndex)
    }

    func testTheScreenTrackedAsColoursIsLosslessToo() throws {
        // A tolerance makes the writer compare colours rather than indices; no two colours here are within 1.
        let gif = try assertLossless(options: GIFOptions(tolerance: 1), name: "colours.gif")
        XCTAssertNil(gif.frames[2].transparentIndex)
        XCTAssertNotNil(gif.frames[3].transparentIndex)
    }

    func testLongDelaysUnderAFullPaletteKeepThePicture() throws {
        let gif = try GIFReader.read(path: try write(options: GIFOptions(), name: "long.gif",
                                                     delays: [5, 70_000, 5, 5, 5]))
        // 70,000 cs is one image of 65,535 cs and a hold image that draws nothing for the rest.
        XCTAssertEqual(gif.frames.map(\.delayCentiseconds), [5, 65_535, 4_465, 5, 5, 5])
        let shown = [0, 1, 1, 2, 3, 4].map { frames[$0].pixels }
        XCTAssertEqual(gif.frames.map(\.image.pixels), shown)
    }
}

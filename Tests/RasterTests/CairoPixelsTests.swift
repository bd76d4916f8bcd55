import CCairo
import Pixels
@testable import Raster
import XCTest

final class CairoPixelsTests: XCTestCase {
    /// A surface of `format` whose 32-bit words are `word(x, y)`, written directly (no premultiplication).
    private func surface(_ format: cairo_format_t, width: Int, height: Int,
                         word: (Int, Int) -> UInt32) throws -> OpaquePointer {
        let surface = try XCTUnwrap(cairo_image_surface_create(format, Int32(width), Int32(height)))
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride)
            for x in 0..<width { row.storeBytes(of: word(x, y), toByteOffset: x * 4, as: UInt32.self) }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// Straight channel for premultiplied `c` under alpha `a` (1...255): c * 255 / a rounded half up, at most 255.
    private func expectedStraight(_ c: Int, _ a: Int) -> UInt8 {
        UInt8(min(255, (Double(c) * 255 / Double(a)).rounded(.toNearestOrAwayFromZero)))
    }

    func testEveryAlphaAndChannelPairUnpremultipliesByTheRoundedFormula() throws {
        // Pixel (c, a) holds red c, green 255 - c, blue c ^ 0x5A: every channel value meets every alpha,
        // including the invalid c > a (clamped to 255). Width 256 is even: pairs only.
        let channels = { (c: Int) -> (Int, Int, Int) in (c, 255 - c, c ^ 0x5A) }
        let source = try surface(CAIRO_FORMAT_ARGB32, width: 256, height: 256) { c, a in
            let (r, g, b) = channels(c)
            return UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        }
        defer { cairo_surface_destroy(source) }
        let image = try CairoPixels.pixelImage(from: source)
        var mismatches = 0
        for a in 0..<256 {
            for c in 0..<256 {
                let (r, g, b) = channels(c)
                let expected = a == 0 ? RGBA8(r: 0, g: 0, b: 0, a: 0)
                    : a == 255 ? RGBA8(r: UInt8(r), g: UInt8(g), b: UInt8(b), a: 255)
                    : RGBA8(r: expectedStraight(r, a), g: expectedStraight(g, a), b: expectedStraight(b, a),
                            a: UInt8(a))
                if image[c, a] != expected {
                    mismatches += 1
                    if mismatches <= 5 { XCTFail("a \(a) c \(c): \(image[c, a]) != \(expected)") }
                }
            }
        }
        XCTAssertEqual(mismatches, 0)
    }

    func testMixedPairsAndAnOddLastColumn() throws {
        // Width 5: two pairs and a single last pixel per row; pairs mix opaque, transparent and partial pixels.
        let words: [UInt32] = [0xFF10_2030, 0x0000_0000, 0x8040_2000, 0xFFFF_FFFF, 0x7F7F_7F7F,
                               0x00AB_CDEF, 0xFF01_0203, 0x0100_0001, 0x0000_0000, 0xFF80_90A0]
        let source = try surface(CAIRO_FORMAT_ARGB32, width: 5, height: 2) { x, y in words[y * 5 + x] }
        defer { cairo_surface_destroy(source) }
        let image = try CairoPixels.pixelImage(from: source)
        let expected = [
            RGBA8(r: 0x10, g: 0x20, b: 0x30, a: 255), RGBA8(r: 0, g: 0, b: 0, a: 0),
            RGBA8(r: 128, g: 64, b: 0, a: 128), RGBA8(r: 255, g: 255, b: 255, a: 255),
            RGBA8(r: 255, g: 255, b: 255, a: 127),
            RGBA8(r: 0, g: 0, b: 0, a: 0), RGBA8(r: 1, g: 2, b: 3, a: 255), RGBA8(r: 0, g: 0, b: 255, a: 1),
            RGBA8(r: 0, g: 0, b: 0, a: 0), RGBA8(r: 0x80, g: 0x90, b: 0xA0, a: 255),
        ]
        for y in 0..<2 {
            for x in 0..<5 { XCTAssertEqual(image[x, y], expected[y * 5 + x], "pixel (\(x), \(y))") }
        }
    }

    func testRGB24IgnoresTheUnusedByteAndIsOpaque() throws {
        let source = try surface(CAIRO_FORMAT_RGB24, width: 3, height: 1) { x, _ in
            [0x0011_2233, 0x7F44_5566, 0xAB77_8899][x]
        }
        defer { cairo_surface_destroy(source) }
        let image = try CairoPixels.pixelImage(from: source)
        XCTAssertEqual(image[0, 0], RGBA8(r: 0x11, g: 0x22, b: 0x33, a: 255))
        XCTAssertEqual(image[1, 0], RGBA8(r: 0x44, g: 0x55, b: 0x66, a: 255))
        XCTAssertEqual(image[2, 0], RGBA8(r: 0x77, g: 0x88, b: 0x99, a: 255))
    }
}

import XCTest
import Dispatch
import Foundation
import Pixels
@testable import GIF

final class QuantizerTests: XCTestCase {
    private let blackAndWhite = Palette(colors: [RGB8(r: 0, g: 0, b: 0), RGB8(r: 255, g: 255, b: 255)])

    private func grey(_ v: UInt8, size: Int = 64) -> PixelImage {
        PixelImage(width: size, height: size, fill: RGBA8(r: v, g: v, b: v))
    }

    /// The fraction of white pixels in a black-and-white frame.
    private func whiteFraction(_ frame: IndexedFrame) -> Double {
        Double(frame.indices.filter { $0 == 1 }.count) / Double(frame.indices.count)
    }

    func testNoDitherIsNearestColour() {
        let frame = Quantizer(palette: blackAndWhite).quantize(grey(100))
        XCTAssertEqual(Set(frame.indices), [0])
        XCTAssertEqual(Set(Quantizer(palette: blackAndWhite).quantize(grey(140)).indices), [1])
    }

    func testOrderedDitherReproducesGreyLevels() {
        let quantizer = Quantizer(palette: blackAndWhite, dither: .ordered)
        for v in [32, 64, 128, 192, 230] as [UInt8] {
            let fraction = whiteFraction(quantizer.quantize(grey(v)))
            XCTAssertEqual(fraction, Double(v) / 255, accuracy: 2.0 / 64, "grey \(v)")
        }
    }

    func testOrderedDitherIsTheSameBayerPatternEveryFrame() {
        let quantizer = Quantizer(palette: blackAndWhite, dither: .ordered)
        let frame = quantizer.quantize(grey(128, size: 16))
        // The pattern repeats every 8 pixels in both directions.
        for y in 0..<16 {
            for x in 0..<16 {
                XCTAssertEqual(frame.indices[y * 16 + x], frame.indices[(y % 8) * 16 + x % 8])
            }
        }
        XCTAssertEqual(frame, quantizer.quantize(grey(128, size: 16)))
        // The classic Bayer 8x8 starts 0 32 8 40 2 34 10 42 / 48 16 56 24 50 18 58 26.
        XCTAssertEqual(Array(Quantizer.bayer8[0..<16]), [0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26])
        XCTAssertEqual(Set(Quantizer.bayer8), Set(0..<64))
    }

    func testFloydSteinbergPreservesTheMeanLevel() {
        let quantizer = Quantizer(palette: blackAndWhite, dither: .floydSteinberg)
        for v in [20, 64, 128, 200] as [UInt8] {
            let fraction = whiteFraction(quantizer.quantize(grey(v)))
            XCTAssertEqual(fraction, Double(v) / 255, accuracy: 0.01, "grey \(v)")
        }
    }

    func testExactPaletteColoursAreNeverDithered() {
        let palette = Palette(colors: [RGB8(r: 10, g: 20, b: 30), RGB8(r: 200, g: 100, b: 50), RGB8(r: 255, g: 255, b: 255)])
        var image = PixelImage(width: 32, height: 32, fill: RGBA8(r: 10, g: 20, b: 30))
        // A half of an in-between colour, then a flat exact colour that must stay flat despite incoming error.
        for y in 0..<32 {
            for x in 0..<16 { image[x, y] = RGBA8(r: 120, g: 80, b: 60) }
        }
        for dither in Dither.allCases {
            let frame = Quantizer(palette: palette, dither: dither).quantize(image)
            for y in 0..<32 {
                for x in 16..<32 { XCTAssertEqual(frame.indices[y * 32 + x], 0, "\(dither) at \(x), \(y)") }
            }
        }
    }

    func testTransparentPixelsGetTheTransparentIndex() {
        var image = grey(128, size: 8)
        image[3, 4] = RGBA8(r: 255, g: 255, b: 255, a: 127)
        image[5, 5] = RGBA8(r: 255, g: 255, b: 255, a: 128)
        for dither in Dither.allCases {
            let frame = Quantizer(palette: blackAndWhite, dither: dither).quantize(image)
            XCTAssertEqual(frame.indices[4 * 8 + 3], 2)
            XCTAssertEqual(frame.indices[5 * 8 + 5], 1)
            XCTAssertEqual(frame.indices.filter { $0 == 2 }.count, 1)
        }
    }

    func testNoDitherMatchesALinearScanOnRunsOfMixedPixels() {
        // Odd pixel count (a last single pixel), runs of repeated pixels (the pair fast path), alternating
        // pairs, alpha on both sides of 128, and transparent pixels whose colours differ.
        var generator = TestImages.Generator(state: 5)
        let colors = (0..<37).map { _ in RGB8(r: generator.byte(), g: generator.byte(), b: generator.byte()) }
        let palette = Palette(colors: colors)
        let width = 37, height = 29
        var image = PixelImage(width: width, height: height)
        var i = 0
        while i < width * height {
            let pixel = RGBA8(r: generator.byte(), g: generator.byte(), b: generator.byte(),
                              a: [0, 127, 128, 255, 255, 200][Int(generator.next() % 6)])
            let run = Int(generator.next() % 9) + 1
            for k in i..<min(i + run, width * height) { image[k % width, k / width] = pixel }
            i += run
        }
        let frame = Quantizer(palette: palette).quantize(image)
        for k in 0..<(width * height) {
            XCTAssertEqual(Int(frame.indices[k]), Self.linearScanIndex(image[k % width, k / width], colors), "pixel \(k)")
        }
    }

    /// The index a linear scan gives `p`: the first nearest of `colors` in the documented metric
    /// 3 dr^2 + 4 dg^2 + 2 db^2, or `colors.count` (the transparent index) below alpha 128.
    static func linearScanIndex(_ p: RGBA8, _ colors: [RGB8]) -> Int {
        guard p.a >= 128 else { return colors.count }
        var best = Int.max, index = 0
        for (k, c) in colors.enumerated() {
            let dr = Int(p.r) - Int(c.r), dg = Int(p.g) - Int(c.g), db = Int(p.b) - Int(c.b)
            let d = 3 * dr * dr + 4 * dg * dg + 2 * db * db
            if d < best { (best, index) = (d, k) }
        }
        return index
    }

    /// Colours that come back far apart (the quantizer remembers the words it looked up) are mapped as a linear
    /// scan maps them: 6,000 colours in random order, more than the quantizer keeps, so remembered words are
    /// replaced, over 60,000 pixels, with alpha on both sides of 128 and colours that differ in one byte.
    func testNoDitherMatchesALinearScanOnColoursThatRecur() {
        var generator = TestImages.Generator(state: 9)
        let colors = (0..<200).map { _ in RGB8(r: generator.byte(), g: generator.byte(), b: generator.byte()) }
        let palette = Palette(colors: colors)
        // Few reds and greens: many colours share all but their blue and alpha bytes.
        // and the all-zero word (transparent black), which every remembered slot starts as.
        let pool = (0..<6000).map { _ in
            RGBA8(r: [0, 90, 255][Int(generator.next() % 3)], g: [40, 200][Int(generator.next() % 2)], b: generator.byte(),
                  a: [0, 127, 128, 255][Int(generator.next() % 4)])
        } + Array(repeating: RGBA8(r: 0, g: 0, b: 0, a: 0), count: 60)
        let width = 300, height = 200
        var image = PixelImage(width: width, height: height)
        for k in 0..<(width * height) { image[k % width, k / width] = pool[Int(generator.next() % UInt64(pool.count))] }
        let frame = Quantizer(palette: palette).quantize(image)
        var wrong = 0
        for k in 0..<(width * height) {
            if Int(frame.indices[k]) != Self.linearScanIndex(image[k % width, k / width], colors) { wrong += 1 }
        }
        XCTAssertEqual(wrong, 0, "pixels mapped to another index than a linear scan's")
    }

    /// A frame mapped in stretches on several threads is the frame mapped in one: sizes that do not divide
    /// evenly, and runs of one colour across the stretches' ends.
    func testQuantizingInPartsGivesTheSameIndices() {
        var generator = TestImages.Generator(state: 5)
        var swatch = PixelImage(width: 64, height: 64)
        for i in 0..<(64 * 64) { swatch[i % 64, i / 64] = RGBA8(r: UInt8(i % 64 * 4), g: UInt8(i / 64 * 4), b: UInt8(i % 7 * 36)) }
        let palette = Palette.build(from: [swatch], maxColors: 200)
        let quantizer = Quantizer(palette: palette)
        for (width, height) in [(517, 259), (256, 512), (641, 3)] {
            var image = PixelImage(width: width, height: height)
            var color = RGBA8(r: 0, g: 0, b: 0)
            for i in 0..<(width * height) {
                if generator.byte() < 40 { color = RGBA8(r: generator.byte(), g: generator.byte(), b: generator.byte(), a: generator.byte() | 1) }
                image[i % width, i / width] = color
            }
            let whole = quantizer.quantize(image)
            for parts in [2, 3, 7] {
                XCTAssertEqual(quantizer.quantize(image, parts: parts), whole, "\(width)x\(height) in \(parts)")
            }
        }
    }

    func testQuantizeIsPureAcrossThreads() {
        var generator = TestImages.Generator(state: 11)
        let images = (0..<8).map { _ -> PixelImage in
            var image = PixelImage(width: 48, height: 32)
            for i in 0..<(48 * 32) {
                image[i % 48, i / 48] = RGBA8(r: generator.byte(), g: generator.byte(), b: generator.byte(),
                                             a: generator.byte())
            }
            return image
        }
        let palette = Palette.build(from: images, maxColors: 64)
        for dither in Dither.allCases {
            let quantizer = Quantizer(palette: palette, dither: dither)
            let serial = images.map { quantizer.quantize($0) }
            let results = ResultBox(count: images.count)
            DispatchQueue.concurrentPerform(iterations: images.count * 4) { k in
                let i = (k * 5) % images.count
                results.store(quantizer.quantize(images[i]), at: i)
            }
            XCTAssertEqual(results.frames, serial, "\(dither)")
        }
    }
}

/// Collects frames from concurrent work.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [IndexedFrame?]
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func store(_ frame: IndexedFrame, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        if let existing = storage[index] { precondition(existing == frame, "different results for one image") }
        storage[index] = frame
    }
    var frames: [IndexedFrame] { storage.compactMap { $0 } }
}

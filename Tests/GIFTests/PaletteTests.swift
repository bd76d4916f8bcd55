import XCTest
import Pixels
@testable import GIF

final class PaletteTests: XCTestCase {
    /// An image with exactly `count` distinct opaque colours (plus transparent pixels, which must be ignored).
    private func image(distinctColors count: Int, width: Int = 40, height: Int = 30) -> (PixelImage, Set<RGB8>) {
        var generator = TestImages.Generator(state: 7)
        var colors = [RGB8]()
        var seen = Set<RGB8>()
        while colors.count < count {
            let c = RGB8(r: generator.byte(), g: generator.byte(), b: generator.byte())
            if seen.insert(c).inserted { colors.append(c) }
        }
        var image = PixelImage(width: width, height: height)
        for i in 0..<(width * height) {
            if i % 7 == 3 {
                // Transparent (alpha < 128) pixels with colours that must not enter the palette.
                image[i % width, i / width] = RGBA8(r: 1, g: 2, b: 3, a: UInt8(i % 128))
            } else {
                let c = colors[i % count]
                image[i % width, i / width] = RGBA8(r: c.r, g: c.g, b: c.b, a: i % 5 == 0 ? 200 : 255)
            }
        }
        return (image, seen)
    }

    func testFewColoursAreExactAndRoundTrip() {
        for count in [1, 2, 17, 200, 255] {
            let (source, colors) = image(distinctColors: count)
            let palette = Palette.build(from: [source])
            XCTAssertEqual(Set(palette.colors), colors, "\(count) colours")
            XCTAssertEqual(palette.colors.count, count)
            let frame = Quantizer(palette: palette).quantize(source)
            for (i, index) in frame.indices.enumerated() {
                let pixel = source[i % source.width, i / source.width]
                if pixel.a < 128 {
                    XCTAssertEqual(index, palette.transparentIndex)
                } else {
                    XCTAssertEqual(palette.colors[Int(index)], RGB8(r: pixel.r, g: pixel.g, b: pixel.b))
                }
            }
        }
    }

    func testNoOpaquePixelGivesOneColour() {
        let palette = Palette.build(from: [PixelImage(width: 4, height: 4)])
        XCTAssertEqual(palette.colors, [RGB8(r: 0, g: 0, b: 0)])
        XCTAssertEqual(palette.transparentIndex, 1)
    }

    func testMaxColorsIsRespected() {
        let (source, _) = image(distinctColors: 200)
        let palette = Palette.build(from: [source], maxColors: 16)
        XCTAssertLessThanOrEqual(palette.colors.count, 16)
        XCTAssertGreaterThan(palette.colors.count, 8)
    }

    func testNearestMatchesABruteForceScan() {
        var generator = TestImages.Generator(state: 42)
        for size in [1, 2, 5, 64, 255] {
            let colors = (0..<size).map { _ in RGB8(r: generator.byte(), g: generator.byte(), b: generator.byte()) }
            let palette = Palette(colors: colors)
            for _ in 0..<3000 {
                let c = RGB8(r: generator.byte(), g: generator.byte(), b: generator.byte())
                // Linear scan with the documented metric 3 dr^2 + 4 dg^2 + 2 db^2.
                func distance(_ p: RGB8) -> Int {
                    let dr = Int(p.r) - Int(c.r), dg = Int(p.g) - Int(c.g), db = Int(p.b) - Int(c.b)
                    return 3 * dr * dr + 4 * dg * dg + 2 * db * db
                }
                let best = colors.map(distance).min()!
                XCTAssertEqual(distance(palette.nearest(to: c)), best, "palette of \(size), colour \(c)")
            }
        }
    }

    /// A smooth 2-D gradient has 16384 colours; the built palette must beat a uniform 15 x 17 grid palette
    /// (255 colours placed without looking at the image), whose mean error the test computes on its own.
    func testGradientErrorBeatsAUniformGrid() {
        let width = 256, height = 64
        var source = PixelImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { source[x, y] = RGBA8(r: UInt8(x), g: UInt8(y * 4), b: 128) }
        }
        func meanError(_ mapped: (RGBA8) -> RGB8) -> Double {
            var total = 0.0
            for y in 0..<height {
                for x in 0..<width {
                    let p = source[x, y], q = mapped(p)
                    let dr = Double(p.r) - Double(q.r), dg = Double(p.g) - Double(q.g), db = Double(p.b) - Double(q.b)
                    total += (dr * dr + dg * dg + db * db).squareRoot()
                }
            }
            return total / Double(width * height)
        }
        // Grid: 15 red levels x 17 green levels at cell centres, blue 128; nearest level per channel.
        func level(_ v: UInt8, _ count: Int, _ range: Double) -> UInt8 {
            let step = range / Double(count)
            let cell = min(Int(Double(v) / step), count - 1)
            return UInt8((Double(cell) + 0.5) * step)
        }
        let gridError = meanError { RGB8(r: level($0.r, 15, 256), g: level($0.g, 17, 256), b: 128) }

        let palette = Palette.build(from: [source])
        XCTAssertEqual(palette.colors.count, 255)
        let frame = Quantizer(palette: palette).quantize(source)
        var total = 0.0
        for (i, index) in frame.indices.enumerated() {
            let p = source[i % width, i / width], q = palette.colors[Int(index)]
            let dr = Double(p.r) - Double(q.r), dg = Double(p.g) - Double(q.g), db = Double(p.b) - Double(q.b)
            total += (dr * dr + dg * dg + db * db).squareRoot()
        }
        let ourError = total / Double(width * height)
        XCTAssertLessThan(ourError, gridError, "ours \(ourError), grid \(gridError)")
        // The gradient covers 256 x 256 of the red-green plane (green in steps of 4): 255 cells of about
        // 16 x 16, whose mean distance to their centre is 0.3826 * 16 = 6.1; allow for the weighted metric.
        XCTAssertLessThan(ourError, 7.5)
    }

    /// Anti-aliasing makes many neighbouring shades: 256 greys and 44 reds 3 apart, 20 pixels each, into 255
    /// colours. The best palette keeps 210 colours exact and merges 45 pairs of adjacent greys (each pair
    /// costs 20 pixels x 3 channels x 1^2 = 60, cheaper than any other merge), a total squared error of 2700.
    /// Clustering 6-bit bins instead would merge greys 4 at a time and keep fewer than 100 colours.
    func testNeighbouringShadesStayExact() {
        var shades = (0...255).map { RGB8(r: UInt8($0), g: UInt8($0), b: UInt8($0)) }
        shades += (0..<44).map { RGB8(r: UInt8(100 + 3 * $0), g: 0, b: 0) }
        var source = PixelImage(width: 20, height: shades.count)
        for (row, color) in shades.enumerated() {
            for x in 0..<20 { source[x, row] = RGBA8(r: color.r, g: color.g, b: color.b) }
        }
        let palette = Palette.build(from: [source])
        XCTAssertEqual(palette.colors.count, 255)
        let exact = Set(shades).intersection(palette.colors)
        XCTAssertGreaterThanOrEqual(exact.count, 205)
        var squaredError = 0
        for color in shades {
            let q = palette.nearest(to: color)
            let dr = Int(color.r) - Int(q.r), dg = Int(color.g) - Int(q.g), db = Int(color.b) - Int(q.b)
            squaredError += 20 * (dr * dr + dg * dg + db * db)
        }
        XCTAssertLessThanOrEqual(squaredError, 2 * 2700)
    }

    func testBuildIsDeterministic() {
        var generator = TestImages.Generator(state: 3)
        var source = PixelImage(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 { source[x, y] = RGBA8(r: generator.byte(), g: UInt8(x * 4), b: UInt8(y * 4)) }
        }
        XCTAssertEqual(Palette.build(from: [source]).colors, Palette.build(from: [source]).colors)
    }
}

/// `Palette.ordered(byChangesIn:)`: the colours of changing pixels first.
final class PaletteOrderTests: XCTestCase {
    func testColoursOfChangingPixelsComeFirst() {
        let red = RGBA8(r: 255, g: 0, b: 0), green = RGBA8(r: 0, g: 255, b: 0), blue = RGBA8(r: 0, g: 0, b: 255)
        let white = RGBA8(r: 255, g: 255, b: 255)
        var first = PixelImage(width: 4, height: 1, fill: white)
        first[0, 0] = red
        var second = first
        second[1, 0] = blue
        second[2, 0] = blue
        var third = second
        third[3, 0] = green
        let palette = Palette(colors: [RGB8(r: 255, g: 0, b: 0), RGB8(r: 0, g: 255, b: 0), RGB8(r: 0, g: 0, b: 255),
                                       RGB8(r: 255, g: 255, b: 255)])
        let ordered = palette.ordered(byChangesIn: [first, second, third])
        // Blue changed 2 pixels, green 1; red and white never changed and keep their order.
        XCTAssertEqual(ordered.colors, [RGB8(r: 0, g: 0, b: 255), RGB8(r: 0, g: 255, b: 0), RGB8(r: 255, g: 0, b: 0),
                                        RGB8(r: 255, g: 255, b: 255)])
        XCTAssertEqual(palette.ordered(byChangesIn: [first]).colors, palette.colors, "one sample: no change")
    }

    /// The reordered palette's lookup table, renumbered from the original, is the one its colours would build,
    /// and finds the nearest colour with ties going to the lower new index: random palettes, a palette with
    /// repeated colours (exact ties), and 256 shades along one line of the cube (cells with many candidates).
    func testReorderedTableIsTheTableItsColoursBuild() {
        var generator = TestImages.Generator(state: 11)
        func random(_ count: Int) -> [RGB8] {
            (0..<count).map { _ in RGB8(r: generator.byte(), g: generator.byte(), b: generator.byte()) }
        }
        func shuffled<T>(_ items: [T]) -> [T] { // Fisher-Yates with the test's generator
            var items = items
            for i in stride(from: items.count - 1, to: 0, by: -1) { items.swapAt(i, Int(generator.next() % UInt64(i + 1))) }
            return items
        }
        let first = random(20)
        let repeated = first + first.prefix(10) + random(10) + first.prefix(5)
        let shades = (0...255).map { RGB8(r: UInt8($0), g: 255, b: 255) }
        // Coarse and fine cells alike (the palette's table and a dithering quantizer's).
        let palettes = [random(1), random(7), random(255), shuffled(repeated), shades, random(256)]
        for (colors, fine) in palettes.flatMap({ colors in [(colors, false), (colors, true)] }) {
            let order = shuffled(Array(colors.indices))
            let reordered = order.map { colors[$0] }
            let renumbered = NearestColorTable(reordering: NearestColorTable(colors: colors, fine: fine), by: order)
            let built = NearestColorTable(colors: reordered, fine: fine)
            XCTAssertEqual(built.cellStart.count, (fine ? 32 * 32 * 32 : 16 * 16 * 16) + 1)
            XCTAssertTrue(renumbered.channels == built.channels, "channels, \(colors.count) colours")
            XCTAssertTrue(renumbered.cellStart == built.cellStart, "cells, \(colors.count) colours")
            XCTAssertTrue(renumbered.candidates == built.candidates, "candidates, \(colors.count) colours")
            for _ in 0..<500 {
                let c = RGB8(r: generator.byte(), g: generator.byte(), b: generator.byte())
                // Linear scan with the documented metric 3 dr^2 + 4 dg^2 + 2 db^2, the first of equals winning.
                var best = 0, bestDistance = Int.max
                for (index, p) in reordered.enumerated() {
                    let dr = Int(p.r) - Int(c.r), dg = Int(p.g) - Int(c.g), db = Int(p.b) - Int(c.b)
                    let d = 3 * dr * dr + 4 * dg * dg + 2 * db * db
                    if d < bestDistance { (best, bestDistance) = (index, d) }
                }
                XCTAssertEqual(renumbered.nearest(r: Int(c.r), g: Int(c.g), b: Int(c.b)).index, best, "\(c)")
            }
        }
    }
}

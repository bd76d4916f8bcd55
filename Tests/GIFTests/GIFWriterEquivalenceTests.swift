import XCTest
import Foundation
import Pixels
@testable import GIF

/// The optimised `GIFWriter` must show exactly what `ReferenceGIFWriter` (the straightforward writer, compressing
/// with giflib's `EGifPutLine`) shows, frame by frame and for as long, in a file no larger, for any animation;
/// and write the same bytes whether it compresses on the calling thread or on two threads of its own.
/// Checked on seeded random animations covering every path (giflib decodes both files).
final class GIFWriterEquivalenceTests: TemporaryDirectoryTestCase {
    /// How a random animation is made.
    private struct Recipe {
        var width: Int
        var height: Int
        var colors: Int
        var duplicateColors = false
        var transparency = false
        var tolerance = 0
        var localPalettes = false
        var longDelays = false
        var frames = 24
    }

    /// Frames that each repaint a few random rectangles of the last one (solid, noise, checkerboard,
    /// transparent), with repeated frames and, if asked, local palettes and very long delays.
    private func animation(_ recipe: Recipe, seed: UInt64) -> (palette: Palette, frames: [(IndexedFrame, Int)]) {
        var random = TestImages.Generator(state: seed)
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        var colors = (0..<recipe.colors).map { _ in RGB8(r: random.byte(), g: random.byte(), b: random.byte()) }
        if recipe.duplicateColors && colors.count > 2 { colors[colors.count - 1] = colors[0] }
        colors = recipe.duplicateColors ? colors : Array(Set(colors)).sorted { ($0.r, $0.g, $0.b) < ($1.r, $1.g, $1.b) }
        let palette = Palette(colors: colors)
        let (width, height) = (recipe.width, recipe.height)
        var indices = [UInt8](repeating: recipe.transparency ? palette.transparentIndex! : 0, count: width * height)
        var frames: [(IndexedFrame, Int)] = []
        for _ in 0..<recipe.frames {
            let delay = recipe.longDelays && below(5) == 0 ? 65_535 + below(70_000) : 1 + below(9)
            if !frames.isEmpty && below(5) == 0 {
                frames.append((frames[frames.count - 1].0, delay))
                continue
            }
            for _ in 0..<(1 + below(4)) {
                let x0 = below(width), y0 = below(height)
                let x1 = min(width, x0 + 1 + below(width)), y1 = min(height, y0 + 1 + below(height))
                let kind = below(recipe.transparency ? 5 : 4)
                let a = UInt8(below(colors.count)), b = UInt8(below(colors.count))
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        switch kind {
                        case 0, 1: indices[y * width + x] = a
                        case 2: indices[y * width + x] = UInt8(below(colors.count))
                        case 3: indices[y * width + x] = (x + y) % 2 == 0 ? a : b
                        default: indices[y * width + x] = palette.transparentIndex!
                        }
                    }
                }
            }
            var frame = IndexedFrame(width: width, height: height, indices: indices)
            if recipe.localPalettes && below(3) == 0 {
                // The same picture under a local palette: the colours reversed.
                let local = Palette(colors: colors.reversed())
                frame = IndexedFrame(width: width, height: height, indices: indices.map {
                    $0 == palette.transparentIndex! ? local.transparentIndex! : UInt8(colors.count - 1) - $0
                }, localPalette: local)
            }
            frames.append((frame, delay))
        }
        return (palette, frames)
    }

    /// Writes `recipe`'s animation with both writers and asserts they show the same frames for the same time,
    /// the optimised file being no larger, and the same bytes with and without compression threads.
    private func assertEquivalent(_ recipe: Recipe, seeds: ClosedRange<UInt64>, file: StaticString = #filePath,
                                 line: UInt = #line) throws {
        for seed in seeds {
            let (palette, frames) = animation(recipe, seed: seed)
            let options = GIFOptions(loopCount: Int(seed % 3), tolerance: recipe.tolerance)
            let expectedPath = path("reference-\(seed).gif")
            let actualPath = path("optimised-\(seed).gif")
            let reference = try ReferenceGIFWriter(path: expectedPath, width: recipe.width, height: recipe.height,
                                                   palette: palette, options: options)
            let threadedPath = path("threaded-\(seed).gif")
            let writer = try GIFWriter(path: actualPath, width: recipe.width, height: recipe.height,
                                       palette: palette, options: options)
            let threaded = try GIFWriter(path: threadedPath, width: recipe.width, height: recipe.height,
                                         palette: palette, options: options, compressionThreads: 2)
            for (frame, delay) in frames {
                try reference.append(frame, delayCentiseconds: delay)
                try writer.append(frame, delayCentiseconds: delay)
                try threaded.append(frame, delayCentiseconds: delay)
            }
            try reference.finish()
            try writer.finish()
            try threaded.finish()
            let expected = try Data(contentsOf: URL(fileURLWithPath: expectedPath))
            let actual = try Data(contentsOf: URL(fileURLWithPath: actualPath))
            let actualThreaded = try Data(contentsOf: URL(fileURLWithPath: threadedPath))
            XCTAssertGreaterThan(expected.count, 0)
            XCTAssertLessThanOrEqual(actual.count, expected.count, "seed \(seed): larger than the reference",
                                     file: file, line: line)
            XCTAssertTrue(actual == actualThreaded, "seed \(seed): 2 threads wrote other bytes", file: file, line: line)
            let shown = try Self.timeline(GIFReader.read(path: actualPath))
            let expectedShown = try Self.timeline(GIFReader.read(path: expectedPath))
            XCTAssertEqual(shown.count, expectedShown.count, "seed \(seed): how many pictures", file: file, line: line)
            if let k = zip(shown, expectedShown).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                XCTFail("seed \(seed): picture \(k) differs (or lasts another time)", file: file, line: line)
            }
        }
    }

    /// What the screen shows and for how long, consecutive images that look the same merged into one.
    private static func timeline(_ gif: DecodedGIF) -> [Shown] {
        var shown: [Shown] = []
        for frame in gif.frames where frame.delayCentiseconds > 0 {
            if let last = shown.last, last.image == frame.image {
                shown[shown.count - 1].centiseconds += frame.delayCentiseconds
            } else {
                shown.append(Shown(image: frame.image, centiseconds: frame.delayCentiseconds))
            }
        }
        return shown
    }

    private struct Shown: Equatable {
        var image: PixelImage
        var centiseconds: Int
    }

    func testOpaqueAnimationsOfManySizes() throws {
        try assertEquivalent(Recipe(width: 64, height: 48, colors: 200), seeds: 1...4)
        try assertEquivalent(Recipe(width: 13, height: 7, colors: 5), seeds: 5...10)
        try assertEquivalent(Recipe(width: 1, height: 1, colors: 2), seeds: 11...12)
        try assertEquivalent(Recipe(width: 97, height: 3, colors: 3), seeds: 13...16)
    }

    func testTransparentAnimationsWithDisposalAndLongDelays() throws {
        try assertEquivalent(Recipe(width: 40, height: 30, colors: 16, transparency: true), seeds: 20...25)
        try assertEquivalent(Recipe(width: 9, height: 17, colors: 255, transparency: true, longDelays: true),
                            seeds: 26...29)
    }

    func testLocalPalettesToleranceAndDuplicateColours() throws {
        try assertEquivalent(Recipe(width: 33, height: 21, colors: 40, transparency: true, localPalettes: true),
                            seeds: 30...33)
        try assertEquivalent(Recipe(width: 24, height: 24, colors: 12, tolerance: 30), seeds: 34...36)
        try assertEquivalent(Recipe(width: 24, height: 16, colors: 6, duplicateColors: true, transparency: true),
                            seeds: 37...39)
    }
}

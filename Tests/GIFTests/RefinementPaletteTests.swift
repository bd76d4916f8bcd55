import XCTest
import Foundation
import Pixels
@testable import GIF

/// `Palette.refinement`: the second frame's palette refines still content; the writer keeps what is closer.
final class RefinementPaletteTests: XCTestCase {
    private static let frames = (0..<12).map(StillStrip.frame)
    private static let global = Palette.build(from: frames)
    private static var still: [Bool] { Palette.persistence(of: frames).map { $0 == frames.count } }

    private func refinement(minimumGain: Double = 0.01) -> Palette? {
        let indices = Quantizer(palette: Self.global).quantize(Self.frames[1])
        return Self.global.refinement(first: Self.frames[0], second: Self.frames[1], indices: indices, still: Self.still,
                                      weight: Double(Self.frames.count),
                                      totalError: Self.global.totalError(of: Self.frames), minimumGain: minimumGain)
    }

    func testItHoldsTheMovingColoursAndTheWorstStillOnes() throws {
        let refined = try XCTUnwrap(refinement())
        let indices = Quantizer(palette: Self.global).quantize(Self.frames[1])
        // Every global colour a changing pixel of the second frame uses is kept, first and in order.
        var moving = Set<Int>()
        for y in 0..<StillStrip.height {
            for x in 0..<StillStrip.width where !StillStrip.isStill(x) && Self.frames[1][x, y] != Self.frames[0][x, y] {
                moving.insert(Int(indices.indices[y * StillStrip.width + x]))
            }
        }
        let kept = moving.sorted().map { Self.global.colors[$0] }
        XCTAssertEqual(Array(refined.colors.prefix(kept.count)), kept)
        // The rest fills a colour table of a power of two (with the transparent index) with exact still colours.
        let total = refined.colors.count + 1
        XCTAssertEqual(total & (total - 1), 0, "\(total) entries")
        let stillColors = Set((0..<StillStrip.height).flatMap { y in
            (0..<16).map { x -> RGB8 in let c = Self.frames[0][x, y]; return RGB8(r: c.r, g: c.g, b: c.b) }
        })
        for color in refined.colors.dropFirst(kept.count) {
            XCTAssertTrue(stillColors.contains(color))
            XCTAssertFalse(Self.global.colors.contains(color), "a colour the global palette lacks")
        }
        XCTAssertNil(refinement(minimumGain: 1), "not when it cannot remove that much error")
    }

    func testTheWriterRefinesStillPixelsOnlyWhereCloserAndKeepsThem() throws {
        let refined = try XCTUnwrap(refinement())
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("refine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ name: String, refined: Palette?) throws -> DecodedGIF {
            try StillStrip.writeAndRead(Self.frames, global: Self.global, local: refined, at: 1,
                                        path: directory.appendingPathComponent(name).path)
        }
        let plain = try write("plain.gif", refined: nil)
        let better = try write("refined.gif", refined: refined)
        XCTAssertEqual(better.frames.map(\.hasLocalColorTable), [false, true] + Array(repeating: false, count: 10))
        XCTAssertEqual(better.frames[0].image, plain.frames[0].image)
        let source = Self.frames[0]
        for n in 1..<Self.frames.count {
            let error = StillStrip.stillError(better.frames[n].image, against: source)
            XCTAssertLessThan(error, StillStrip.stillError(plain.frames[n].image, against: source), "frame \(n)")
            XCTAssertEqual(error, StillStrip.stillError(better.frames[1].image, against: source), "kept after frame 1")
        }
        // No still pixel is ever farther from its source than the global palette drew it.
        for y in 0..<StillStrip.height {
            for x in 0..<16 {
                func distance(_ c: RGBA8) -> Int {
                    let s = source[x, y]
                    return ColorDistance.squared(Int(c.r), Int(c.g), Int(c.b), Int(s.r), Int(s.g), Int(s.b))
                }
                XCTAssertLessThanOrEqual(distance(better.frames[5].image[x, y]), distance(plain.frames[5].image[x, y]))
            }
        }
        // What moves is drawn as the global palette draws it, once the second frame has passed.
        for n in 2..<Self.frames.count {
            for y in 0..<StillStrip.height {
                for x in 16..<StillStrip.width {
                    XCTAssertEqual(better.frames[n].image[x, y], plain.frames[n].image[x, y])
                }
            }
        }
    }

    func testKeepUnlessCloser() {
        // Four pixels whose source did not change and one that did; screen colours are 0xFF_RR_GG_BB.
        let source = PixelImage(width: 5, height: 1, pixels: [100, 100, 100, 255, 100, 100, 100, 255, 100, 100, 100, 0,
                                                              100, 100, 100, 255, 50, 50, 50, 255])
        var previousSource = source
        previousSource[4, 0] = RGBA8(r: 0, g: 0, b: 0)
        let previous: [UInt32] = [0xFF_5A5A5A, 0xFF_646464, 0xFF_000000, 0, 0xFF_000000]
        var colors: [UInt32] = [0xFF_636363, 0xFF_636363, 0xFF_646464, 0xFF_000000, 0xFF_010101]
        SourceDiff.keepUnlessCloser(&colors, from: previous, source: source, previousSource: previousSource)
        XCTAssertEqual(colors, [0xFF_636363, // closer (99 against 90): refined
                                0xFF_646464, // already exact: kept
                                0xFF_000000, // a transparent source: kept
                                0xFF_000000, // nothing shown before: any colour is closer
                                0xFF_010101]) // the source changed: the new colour
    }
}

import XCTest
import Foundation
import Pixels
@testable import GIF

/// `Palette.opening(for:)`: the first frame's own palette, spent on what stays on screen.
final class OpeningPaletteTests: XCTestCase {
    static let width = StillStrip.width, height = StillStrip.height, frameCount = 20
    private static let frames = (0..<frameCount).map(StillStrip.frame)
    private static func isStill(_ x: Int) -> Bool { StillStrip.isStill(x) }
    private func stillError(_ image: PixelImage) -> Int { StillStrip.stillError(image, against: Self.frames[0]) }

    func testTheStillContentGetsTheFirstFramesPalette() throws {
        let global = Palette.build(from: Self.frames)
        let opening = try XCTUnwrap(global.opening(for: Self.frames, minimumGain: 0.05))
        let underGlobal = stillError(TestImages.expand(Quantizer(palette: global).quantize(Self.frames[0]), global))
        let underOpening = stillError(TestImages.expand(Quantizer(palette: opening).quantize(Self.frames[0]), opening))
        XCTAssertLessThan(Double(underOpening), 0.5 * Double(underGlobal),
                          "the opening palette at least halves the still strip's error (\(underOpening) vs \(underGlobal))")
    }

    func testTheWriterKeepsTheOpeningColoursForTheWholeAnimation() throws {
        let global = Palette.build(from: Self.frames)
        let opening = try XCTUnwrap(global.opening(for: Self.frames, minimumGain: 0.05))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("opening-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ name: String, opening: Palette?) throws -> DecodedGIF {
            try StillStrip.writeAndRead(Self.frames, global: global, local: opening, at: 0,
                                        path: directory.appendingPathComponent(name).path)
        }
        let plain = try write("global.gif", opening: nil)
        let better = try write("opening.gif", opening: opening)
        XCTAssertEqual(better.frames.count, Self.frameCount)
        XCTAssertTrue(better.frames[0].hasLocalColorTable)
        XCTAssertFalse(better.frames.dropFirst().contains { $0.hasLocalColorTable })
        for n in 1..<Self.frameCount {
            // The still strip keeps the opening colours; the rest is drawn as the global palette draws it.
            XCTAssertEqual(stillError(better.frames[n].image), stillError(better.frames[0].image), "frame \(n)")
            XCTAssertLessThan(stillError(better.frames[n].image), stillError(plain.frames[n].image), "frame \(n)")
            for y in 0..<Self.height {
                for x in 0..<Self.width where !Self.isStill(x) {
                    XCTAssertEqual(better.frames[n].image[x, y], plain.frames[n].image[x, y], "frame \(n) at \(x), \(y)")
                }
            }
        }
    }

    func testNoOpeningPaletteWhereItCannotPay() {
        // Everything moves: the first frame is shown for one frame of twenty.
        let moving = (0..<Self.frameCount).map { n in
            PixelImage(width: 40, height: 40, pixels: (0..<1600).flatMap { p -> [UInt8] in
                let v = (p * 5 + n * 37) % 256
                return [UInt8(v), UInt8((v * 3) % 256), UInt8(255 - v), 255]
            })
        }
        XCTAssertNil(Palette.build(from: moving).opening(for: moving))
        // An exact global palette leaves nothing to improve.
        let few = [TestImages.square(width: 20, height: 20, background: RGBA8(r: 9, g: 9, b: 9),
                                     color: RGBA8(r: 200, g: 0, b: 0), x: 2, y: 2, side: 5)]
        XCTAssertNil(Palette.build(from: few).opening(for: few))
        // A full palette is lossless already.
        let full = Palette(colors: (0..<256).map { RGB8(r: UInt8($0), g: 0, b: 0) })
        XCTAssertNil(full.opening(for: Self.frames))
    }

    func testPersistenceCountsLeadingUnchangedSamples() {
        let a = PixelImage(width: 3, height: 1, pixels: [1, 1, 1, 255, 2, 2, 2, 255, 3, 3, 3, 255])
        let b = PixelImage(width: 3, height: 1, pixels: [1, 1, 1, 255, 9, 9, 9, 255, 3, 3, 3, 255])
        let c = PixelImage(width: 3, height: 1, pixels: [1, 1, 1, 255, 2, 2, 2, 255, 7, 7, 7, 255])
        // Pixel 1 comes back in the third sample, but it changed in the second: it counts 1.
        XCTAssertEqual(Palette.persistence(of: [a, b, c]), [3, 1, 2])
    }

    func testFixedCentresDoNotMove() {
        let points = [WeightedColor(r: 0, g: 0, b: 0, weight: 1), WeightedColor(r: 4, g: 4, b: 4, weight: 1),
                      WeightedColor(r: 100, g: 100, b: 100, weight: 1), WeightedColor(r: 110, g: 110, b: 110, weight: 3)]
        var centers: [(r: Double, g: Double, b: Double)] = [(2, 2, 2), (60, 60, 60)]
        var assignment = [0, 0, 1, 1]
        KMeans.refine(points: points, centers: &centers, assignment: &assignment, maxRounds: 8, fixed: 1)
        XCTAssertEqual(centers[0].r, 2)
        XCTAssertEqual(centers[1].r, 107.5, accuracy: 1e-9) // (100 + 3 * 110) / 4
    }
}

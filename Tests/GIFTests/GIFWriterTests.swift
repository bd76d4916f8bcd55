import XCTest
import Foundation
import Pixels
@testable import GIF

final class GIFWriterTests: TemporaryDirectoryTestCase {
    /// Quantizes and writes `frames` with `delays`, returning the file path.
    @discardableResult
    private func write(_ frames: [PixelImage], delays: [Int], name: String, options: GIFOptions = GIFOptions())
        throws -> (path: String, palette: Palette) {
        let palette = Palette.build(from: frames)
        let quantizer = Quantizer(palette: palette)
        let output = path(name)
        let writer = try GIFWriter(path: output, width: frames[0].width, height: frames[0].height,
                                   palette: palette, options: options)
        for (frame, delay) in zip(frames, delays) {
            try writer.append(quantizer.quantize(frame), delayCentiseconds: delay)
        }
        try writer.finish()
        return (output, palette)
    }

    private let background = RGBA8(r: 240, g: 240, b: 245)
    private let red = RGBA8(r: 220, g: 30, b: 40)
    private let clear = RGBA8(r: 0, g: 0, b: 0, a: 0)

    func testMovingSquareRoundTripsWithMergedDuplicateAndCroppedRects() throws {
        let squares = [(2, 3), (5, 3), (5, 3), (8, 6), (8, 6)].map { x, y in
            TestImages.square(width: 32, height: 24, background: background, color: red, x: x, y: y, side: 6)
        }
        let delays = FrameTiming.delays(frameCount: 5, fps: 30) // 3, 4, 3, 3, 4
        let (output, _) = try write(squares, delays: delays, name: "square.gif")
        let gif = try GIFReader.read(path: output)

        XCTAssertEqual(gif.width, 32)
        XCTAssertEqual(gif.height, 24)
        XCTAssertEqual(gif.loopCount, 0)
        // Frames 2 and 4 repeat their predecessors: merged, their delays added.
        XCTAssertEqual(gif.frames.count, 3)
        XCTAssertEqual(gif.frames.map(\.delayCentiseconds), [3, 4 + 3, 3 + 4])
        XCTAssertEqual(gif.totalDelayCentiseconds, 17)
        for (decoded, source) in zip(gif.frames, [squares[0], squares[1], squares[3]]) {
            XCTAssertTrue(TestImages.sameVisible(decoded.image, source))
        }
        XCTAssertEqual(gif.frames[0].rect, GIFRect(x: 0, y: 0, width: 32, height: 24))
        // The square moved from x 2..<8 to 5..<11 on rows 3..<9; pixels 5..<8 stay red, so the change is
        // columns 2..<5 (turned background) and 8..<11 (turned red): the rect spans x 2..<11.
        XCTAssertEqual(gif.frames[1].rect, GIFRect(x: 2, y: 3, width: 9, height: 6))
        // From (5, 3) to (8, 6): the union of both squares minus nothing, x 5..<14, y 3..<12.
        XCTAssertEqual(gif.frames[2].rect, GIFRect(x: 5, y: 3, width: 9, height: 9))
        XCTAssertEqual(gif.frames.map(\.disposal), [1, 1, 1])
        XCTAssertTrue(gif.frames.allSatisfy { !$0.hasLocalColorTable && $0.transparentIndex != nil })
    }

    func testTransparentCanvasWithPixelsTurningTransparentAgain() throws {
        let positions: [(Int, Int)?] = [(1, 1), (4, 2), nil, (10, 10), (10, 10), (12, 9)]
        let frames = positions.map { position -> PixelImage in
            guard let (x, y) = position else { return PixelImage(width: 20, height: 16) }
            return TestImages.square(width: 20, height: 16, background: clear, color: red, x: x, y: y, side: 5)
        }
        let delays = [5, 5, 5, 5, 5, 5]
        let (output, _) = try write(frames, delays: delays, name: "transparent.gif")
        let gif = try GIFReader.read(path: output)
        let distinct = [frames[0], frames[1], frames[2], frames[3], frames[5]]
        XCTAssertEqual(gif.frames.count, distinct.count)
        XCTAssertEqual(gif.frames.map(\.delayCentiseconds), [5, 5, 5, 10, 5])
        for (n, (decoded, source)) in zip(gif.frames, distinct).enumerated() {
            XCTAssertTrue(TestImages.sameVisible(decoded.image, source), "frame \(n)")
        }
        // Frames followed by pixels turning transparent are restored to background.
        XCTAssertEqual(gif.frames[0].disposal, 2)
        XCTAssertEqual(gif.frames[1].disposal, 2)
    }

    /// Unchanged pixels may be written in their own colour (single-colour stretches) or as transparent
    /// (stretches of several colours, or of transparent canvas): either way every frame must look the same.
    /// A red/green checkerboard turning all red makes writing the unchanged reds cheaper than transparency.
    func testUnchangedStretchesOfOneOrManyColoursKeepThePicture() throws {
        let green = RGBA8(r: 20, g: 120, b: 60)
        let bands = [background, red, green]
        func frame(checkerboard: Bool, _ changes: [(Int, Int, RGBA8)]) -> PixelImage {
            var image = PixelImage(width: 96, height: 24)
            for y in 0..<24 {
                for x in 0..<48 { image[x, y] = checkerboard && (x + y) % 2 == 1 ? green : red }
                for x in 48..<80 { image[x, y] = y < 6 ? background : bands[(x / 5) % 3] }
            }
            for (x, y, color) in changes { image[x, y] = color }
            return image
        }
        let frames = [
            frame(checkerboard: true, []),
            frame(checkerboard: false, [(49, 1, red), (79, 1, red), (53, 8, background), (77, 9, red), (85, 4, red)]),
            frame(checkerboard: false, [(48, 1, red), (60, 2, red), (79, 3, red), (83, 10, background)]),
            frame(checkerboard: true, [(48, 1, background), (95, 23, red)]),
        ]
        let (output, _) = try write(frames, delays: [2, 2, 2, 2], name: "stretches.gif")
        let gif = try GIFReader.read(path: output)
        XCTAssertEqual(gif.frames.count, 4)
        for (decoded, source) in zip(gif.frames, frames) {
            XCTAssertTrue(TestImages.sameVisible(decoded.image, source))
        }
    }

    func testLoopCountAndFinalDuplicatesAreKept() throws {
        let a = TestImages.square(width: 8, height: 8, background: background, color: red, x: 0, y: 0, side: 3)
        let b = TestImages.square(width: 8, height: 8, background: background, color: red, x: 4, y: 4, side: 3)
        let (output, _) = try write([a, b, b, b], delays: [2, 2, 2, 2], name: "loop.gif",
                                    options: GIFOptions(loopCount: 3))
        let gif = try GIFReader.read(path: output)
        XCTAssertEqual(gif.loopCount, 3)
        XCTAssertEqual(gif.frames.map(\.delayCentiseconds), [2, 6])
    }

    func testAFrameWithNoVisibleChangeStillKeepsItsTime() throws {
        // Frame 1 clears the square; frame 2 is all transparent, which after frame 1's disposal is no change.
        let square = TestImages.square(width: 10, height: 10, background: clear, color: red, x: 2, y: 2, side: 4)
        let empty = PixelImage(width: 10, height: 10)
        let palette = Palette(colors: [RGB8(r: red.r, g: red.g, b: red.b)])
        let quantizer = Quantizer(palette: palette)
        let output = path("nochange.gif")
        let writer = try GIFWriter(path: output, width: 10, height: 10, palette: palette)
        try writer.append(quantizer.quantize(square), delayCentiseconds: 4)
        try writer.append(quantizer.quantize(empty), delayCentiseconds: 6)
        try writer.finish()
        let gif = try GIFReader.read(path: output)
        XCTAssertEqual(gif.totalDelayCentiseconds, 10)
        XCTAssertTrue(TestImages.sameVisible(gif.frames.last!.image, empty))
    }

    func testVeryLongDelaysAreSplitWithoutChangingThePicture() throws {
        let a = TestImages.square(width: 6, height: 6, background: clear, color: red, x: 0, y: 0, side: 3)
        let b = TestImages.square(width: 6, height: 6, background: clear, color: red, x: 3, y: 3, side: 3)
        let (output, _) = try write([a, b], delays: [70_000, 3], name: "long.gif")
        let gif = try GIFReader.read(path: output)
        XCTAssertEqual(gif.totalDelayCentiseconds, 70_003)
        XCTAssertTrue(gif.frames.allSatisfy { $0.delayCentiseconds <= 65_535 })
        XCTAssertTrue(TestImages.sameVisible(gif.frames.last!.image, b))
        XCTAssertTrue(gif.frames.dropLast().allSatisfy { TestImages.sameVisible($0.image, a) })
    }

    func testToleranceTreatsCloseColoursAsUnchanged() throws {
        let palette = Palette(colors: [RGB8(r: 100, g: 100, b: 100), RGB8(r: 102, g: 99, b: 101), RGB8(r: 200, g: 0, b: 0)])
        let writer = try GIFWriter(path: path("tolerance.gif"), width: 4, height: 1, palette: palette,
                                   options: GIFOptions(tolerance: 2))
        try writer.append(IndexedFrame(width: 4, height: 1, indices: [0, 0, 2, 2]), delayCentiseconds: 3)
        try writer.append(IndexedFrame(width: 4, height: 1, indices: [1, 0, 2, 2]), delayCentiseconds: 3)
        try writer.append(IndexedFrame(width: 4, height: 1, indices: [1, 1, 0, 2]), delayCentiseconds: 3)
        try writer.finish()
        let gif = try GIFReader.read(path: path("tolerance.gif"))
        XCTAssertEqual(gif.frames.map(\.delayCentiseconds), [6, 3])
        // Only pixel 2 changed beyond the tolerance; pixel 0 and 1 keep the first grey.
        XCTAssertEqual(gif.frames[1].rect, GIFRect(x: 2, y: 0, width: 1, height: 1))
        XCTAssertEqual(gif.frames[1].image[1, 0], RGBA8(r: 100, g: 100, b: 100))
    }

    /// The table is the transparent index (code 0) then the palette's colours, padded to a power of two.
    func testColourTableIsPaddedToAPowerOfTwoWithTheTransparentIndexFirst() throws {
        let colors = (0..<5).map { RGB8(r: UInt8($0 * 40 + 10), g: 0, b: 0) }
        let palette = Palette(colors: colors)
        let output = path("table.gif")
        let writer = try GIFWriter(path: output, width: 5, height: 1, palette: palette)
        try writer.append(IndexedFrame(width: 5, height: 1, indices: [0, 1, 2, 3, 5]), delayCentiseconds: 2)
        try writer.finish()
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
        XCTAssertEqual(Array(bytes[0..<6]), Array("GIF89a".utf8))
        // Packed field: global table present (0x80), colour resolution 8 (0x70), size 2^(2+1) = 8 entries.
        XCTAssertEqual(bytes[10], 0x80 | 0x70 | 0x02)
        XCTAssertEqual(bytes[11], 0, "background index = transparent index")
        XCTAssertEqual(Array(bytes[13..<22]), [0, 0, 0, 10, 0, 0, 50, 0, 0], "transparent, then colours 0 and 1")
        XCTAssertEqual(bytes.last, 0x3B, "trailer")
        let gif = try GIFReader.read(path: output)
        XCTAssertEqual(gif.frames[0].transparentIndex, 0)
        XCTAssertEqual(gif.frames[0].image[4, 0].a, 0)
        XCTAssertEqual(gif.frames[0].image[3, 0], RGBA8(r: 130, g: 0, b: 0))
    }

    /// An image that uses only the first colours of the palette is coded with a smaller minimum code size
    /// than the table's 8 bits, and decodes to the same picture.
    func testImagesOfFewColoursUseSmallCodes() throws {
        let colors = (0..<200).map { RGB8(r: UInt8($0), g: UInt8(255 - $0), b: 7) }
        let palette = Palette(colors: colors)
        let output = path("codes.gif")
        let writer = try GIFWriter(path: output, width: 40, height: 30, palette: palette)
        let first = (0..<1_200).map { UInt8($0 % 200) }
        var second = first
        for k in 0..<300 { second[k] = UInt8(k % 3) } // codes 1...3 and the transparent code 0: 2 bits
        try writer.append(IndexedFrame(width: 40, height: 30, indices: first), delayCentiseconds: 4)
        try writer.append(IndexedFrame(width: 40, height: 30, indices: second), delayCentiseconds: 4)
        try writer.finish()
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
        var sizes: [UInt8] = []
        var p = 13 + 3 * 256
        while bytes[p] != 0x3B {
            if bytes[p] == 0x21 {
                p += 2
            } else {
                p += 10
                sizes.append(bytes[p])
                p += 1
            }
            while bytes[p] != 0 { p += Int(bytes[p]) + 1 }
            p += 1
        }
        XCTAssertEqual(sizes, [8, 2])
        let gif = try GIFReader.read(path: output)
        XCTAssertEqual(gif.frames[1].image[5, 0], RGBA8(r: 2, g: 253, b: 7))
        XCTAssertEqual(gif.frames[1].image[39, 29], RGBA8(r: UInt8(1_199 % 200), g: UInt8(255 - 1_199 % 200), b: 7))
    }

    /// With sources, a pixel whose source did not change keeps what is on screen, even where the new frame's
    /// index differs (another palette, dithering): only the pixel whose source changed is drawn.
    func testUnchangedSourcesKeepTheScreen() throws {
        let palette = Palette(colors: [RGB8(r: 0, g: 0, b: 0), RGB8(r: 100, g: 100, b: 100), RGB8(r: 200, g: 0, b: 0)])
        let output = path("sources.gif")
        let writer = try GIFWriter(path: output, width: 3, height: 1, palette: palette)
        var source = PixelImage(width: 3, height: 1, fill: RGBA8(r: 90, g: 90, b: 90))
        try writer.append(IndexedFrame(width: 3, height: 1, indices: [1, 1, 1]), source: source, delayCentiseconds: 5)
        // Same source: merged into the first frame, though pixel 0 is quantized differently.
        try writer.append(IndexedFrame(width: 3, height: 1, indices: [0, 1, 1]), source: source, delayCentiseconds: 5)
        source[2, 0] = RGBA8(r: 190, g: 10, b: 0)
        try writer.append(IndexedFrame(width: 3, height: 1, indices: [0, 0, 2]), source: source, delayCentiseconds: 5)
        try writer.finish()
        let gif = try GIFReader.read(path: output)
        XCTAssertEqual(gif.frames.map(\.delayCentiseconds), [10, 5])
        XCTAssertEqual(gif.frames[1].rect, GIFRect(x: 2, y: 0, width: 1, height: 1))
        XCTAssertEqual(gif.frames[1].image[0, 0], RGBA8(r: 100, g: 100, b: 100))
        XCTAssertEqual(gif.frames[1].image[2, 0], RGBA8(r: 200, g: 0, b: 0))
    }

    /// A source of another size is refused like a frame of another size.
    func testSourceOfAnotherSizeIsAnError() throws {
        let palette = Palette(colors: [RGB8(r: 1, g: 2, b: 3)])
        let writer = try GIFWriter(path: path("bad-source.gif"), width: 2, height: 2, palette: palette)
        XCTAssertThrowsError(try writer.append(IndexedFrame(width: 2, height: 2, indices: [0, 0, 0, 0]),
                                               source: PixelImage(width: 3, height: 2), delayCentiseconds: 2)) {
            XCTAssertTrue("\($0)".contains("source is 3x2"), "\($0)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("bad-source.gif")))
    }

    func testErrorsAreReportedAndLeaveNoFile() throws {
        let palette = Palette(colors: [RGB8(r: 1, g: 2, b: 3)])
        XCTAssertThrowsError(try GIFWriter(path: path("missing/dir/x.gif"), width: 2, height: 2, palette: palette)) {
            let error = $0 as? GIFError
            XCTAssertEqual(error?.operation, "opening the file")
            XCTAssertFalse(error?.reason.isEmpty ?? true)
        }
        let sizePath = path("size.gif")
        let writer = try GIFWriter(path: sizePath, width: 2, height: 2, palette: palette)
        XCTAssertThrowsError(try writer.append(IndexedFrame(width: 3, height: 1, indices: [0, 0, 0]), delayCentiseconds: 2))
        XCTAssertFalse(FileManager.default.fileExists(atPath: sizePath))
        XCTAssertThrowsError(try writer.finish())

        let emptyPath = path("empty.gif")
        let empty = try GIFWriter(path: emptyPath, width: 2, height: 2, palette: palette)
        XCTAssertThrowsError(try empty.finish())
        XCTAssertFalse(FileManager.default.fileExists(atPath: emptyPath))

        let badIndexPath = path("index.gif")
        let badIndex = try GIFWriter(path: badIndexPath, width: 2, height: 1, palette: palette)
        XCTAssertThrowsError(try badIndex.append(IndexedFrame(width: 2, height: 1, indices: [0, 7]), delayCentiseconds: 2))

        XCTAssertThrowsError(try GIFReader.read(path: path("nothing.gif"))) {
            XCTAssertTrue(String(describing: $0).contains("nothing.gif"))
        }
    }

    func testAbandonedWriterRemovesItsFile() throws {
        let output = path("abandoned.gif")
        do {
            let writer = try GIFWriter(path: output, width: 2, height: 2, palette: Palette(colors: [RGB8(r: 0, g: 0, b: 0)]))
            try writer.append(IndexedFrame(width: 2, height: 2, indices: [0, 0, 0, 0]), delayCentiseconds: 2)
            XCTAssertTrue(FileManager.default.fileExists(atPath: output))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }
}

import XCTest
import Foundation
import Pixels
@testable import GIF

/// `LZWEncoder` against hand-computed streams, giflib's decoder (`GIFReader`) and giflib's own encoder
/// (`ReferenceGIFWriter` writes with `EGifPutLine`).
final class LZWEncoderTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lzw-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func encode(_ indices: [UInt8], minCodeSize: Int) -> LZWData {
        var encoder = LZWEncoder(minCodeSize: minCodeSize)
        return indices.withUnsafeBufferPointer { encoder.encode($0) }
    }

    /// 0 0 0 0 with 2-bit indices: clear (4), 0, 6 ("00"), 0 at 3 bits; 8 codes are then in use, so the end
    /// code (5) takes 4 bits. LSB first: 100 000 011 000 1010 -> 0x84 0x51, in one sub-block of 2 bytes.
    func testHandComputedStream() {
        let data = encode([0, 0, 0, 0], minCodeSize: 2)
        XCTAssertEqual(data.blocks, [2, 0x84, 0x51])
        XCTAssertEqual(data.bitCount, 16)
        XCTAssertEqual(data.minCodeSize, 2)
    }

    /// No indices: clear (100) and end (101) at 3 bits, 0b00_101_100.
    func testEmptyInputIsClearAndEnd() {
        XCTAssertEqual(encode([], minCodeSize: 1).blocks, [1, 0x2C]) // 1 is raised to GIF's minimum of 2
    }

    /// Sub-blocks hold at most 255 bytes and cover all the data: 200x200 noise of 256 colours (many
    /// table resets) is split into length-prefixed blocks whose lengths add up to ceil(bits / 8).
    func testSubBlocksAreAtMost255Bytes() {
        var random = TestImages.Generator(state: 3)
        let data = encode((0..<40_000).map { _ in random.byte() }, minCodeSize: 8)
        var p = 0, total = 0, blocks = 0
        while p < data.blocks.count {
            let length = Int(data.blocks[p])
            XCTAssertTrue((1...255).contains(length))
            if p + length + 1 < data.blocks.count { XCTAssertEqual(length, 255) } // only the last block is short
            total += length
            blocks += 1
            p += length + 1
        }
        XCTAssertEqual(p, data.blocks.count)
        XCTAssertEqual(total, (data.bitCount + 7) / 8)
        XCTAssertGreaterThan(data.bitCount, 40_000 * 9) // noise does not compress: > 4096 codes, several clears
    }

    /// Single-image GIFs decode (giflib) to the indices' colours and match giflib's encoder byte for byte,
    /// with the compression on the calling thread or on other threads.
    func testImagesRoundTripThroughGiflibAndMatchItsEncoder() throws {
        var random = TestImages.Generator(state: 9)
        let cases: [(name: String, width: Int, height: Int, colors: Int, index: (Int, Int) -> UInt8)] = [
            ("noise", 300, 200, 255, { _, _ in UInt8(random.next() % 255) }),
            ("two-colour noise", 173, 91, 2, { _, _ in UInt8(random.next() % 2) }),
            ("gradient", 640, 120, 200, { x, y in UInt8((x / 3 + y) % 200) }),
            ("stripes", 257, 300, 7, { x, y in UInt8((x / 5 + y / 9) % 7) }),
            ("one colour", 1000, 1000, 30, { _, _ in 17 }),
            ("one pixel", 1, 1, 3, { _, _ in 2 }),
        ]
        for (n, sample) in cases.enumerated() {
            var colorRandom = TestImages.Generator(state: UInt64(n + 100))
            let colors = (0..<sample.colors).map { k in RGB8(r: UInt8(k), g: colorRandom.byte(), b: colorRandom.byte()) }
            let palette = Palette(colors: colors)
            var indices = [UInt8](repeating: 0, count: sample.width * sample.height)
            for y in 0..<sample.height {
                for x in 0..<sample.width { indices[y * sample.width + x] = sample.index(x, y) }
            }
            let frame = IndexedFrame(width: sample.width, height: sample.height, indices: indices)
            let referencePath = directory.appendingPathComponent("reference-\(n).gif").path
            let reference = try ReferenceGIFWriter(path: referencePath, width: sample.width, height: sample.height,
                                                   palette: palette)
            try reference.append(frame, delayCentiseconds: 3)
            try reference.finish()
            let expected = try Data(contentsOf: URL(fileURLWithPath: referencePath))
            for threads in [0, 3] {
                let path = directory.appendingPathComponent("\(n)-\(threads).gif").path
                let writer = try GIFWriter(path: path, width: sample.width, height: sample.height, palette: palette,
                                           compressionThreads: threads)
                try writer.append(frame, delayCentiseconds: 3)
                try writer.finish()
                XCTAssertTrue(try Data(contentsOf: URL(fileURLWithPath: path)) == expected, "\(sample.name), \(threads) threads")
                let decoded = try GIFReader.read(path: path)
                XCTAssertEqual(decoded.frames.count, 1)
                let image = try XCTUnwrap(decoded.frames.first).image
                var wrong = 0
                for y in 0..<sample.height {
                    for x in 0..<sample.width {
                        let color = colors[Int(indices[y * sample.width + x])], pixel = image[x, y]
                        if pixel.r != color.r || pixel.g != color.g || pixel.b != color.b || pixel.a != 255 { wrong += 1 }
                    }
                }
                XCTAssertEqual(wrong, 0, "\(sample.name), \(threads) threads")
            }
        }
    }
}

import XCTest
import Foundation
import Pixels
@testable import GIF

/// `LZWEncoder` against hand-computed streams, giflib's decoder (`GIFReader`) and giflib's own encoder
/// (`ReferenceGIFWriter` writes with `EGifPutLine`).
final class LZWEncoderTests: TemporaryDirectoryTestCase {
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

    /// `LZWEncoder` writes exactly the image data of giflib's encoder (`EGifPutLine`, in the reference writer's
    /// file), and single-image GIFs of the writer decode (giflib) to the indices' colours, with the compression
    /// on the calling thread or on other threads.
    func testImagesRoundTripThroughGiflibAndMatchItsEncoder() throws {
        var random = TestImages.Generator(state: 9)
        var runIndex = UInt8(0)
        let cases: [(name: String, width: Int, height: Int, colors: Int, index: (Int, Int) -> UInt8)] = [
            ("noise", 300, 200, 255, { _, _ in UInt8(random.next() % 255) }),
            ("two-colour noise", 173, 91, 2, { _, _ in UInt8(random.next() % 2) }),
            ("gradient", 640, 120, 200, { x, y in UInt8((x / 3 + y) % 200) }),
            ("stripes", 257, 300, 7, { x, y in UInt8((x / 5 + y / 9) % 7) }),
            ("one colour", 1000, 1000, 30, { _, _ in 17 }),
            ("runs of every length", 900, 700, 4, { _, _ in
                if random.next() % 400 == 0 { runIndex = UInt8(random.next() % 4) }
                return random.next() % 97 == 0 ? UInt8(random.next() % 4) : runIndex
            }),
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
            let referencePath = path("reference-\(n).gif")
            let reference = try ReferenceGIFWriter(path: referencePath, width: sample.width, height: sample.height,
                                                   palette: palette)
            try reference.append(frame, delayCentiseconds: 3)
            try reference.finish()
            let expected = try Self.firstImageData(of: [UInt8](Data(contentsOf: URL(fileURLWithPath: referencePath))))
            var encoder = LZWEncoder(minCodeSize: expected.minCodeSize)
            let encoded = indices.withUnsafeBufferPointer { encoder.encode($0) }
            XCTAssertEqual(encoded.blocks, expected.blocks, "\(sample.name): not giflib's bytes")
            for threads in [0, 3] {
                let path = directory.appendingPathComponent("\(n)-\(threads).gif").path
                let writer = try GIFWriter(path: path, width: sample.width, height: sample.height, palette: palette,
                                           compressionThreads: threads)
                try writer.append(frame, delayCentiseconds: 3)
                try writer.finish()
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

    /// The LZW minimum code size and data sub-blocks (without the terminator) of the first image of a GIF file.
    static func firstImageData(of bytes: [UInt8]) throws -> (minCodeSize: Int, blocks: [UInt8]) {
        var p = 13
        if bytes[10] & 0x80 != 0 { p += 3 << (Int(bytes[10] & 7) + 1) }
        func skipBlocks() { while bytes[p] != 0 { p += Int(bytes[p]) + 1 }; p += 1 }
        while p < bytes.count {
            switch bytes[p] {
            case 0x21:
                p += 2
                skipBlocks()
            case 0x2C:
                let flags = bytes[p + 9]
                p += 10
                if flags & 0x80 != 0 { p += 3 << (Int(flags & 7) + 1) }
                let minCodeSize = Int(bytes[p])
                p += 1
                let start = p
                skipBlocks()
                return (minCodeSize, Array(bytes[start..<(p - 1)]))
            default:
                throw CocoaError(.fileReadCorruptFile)
            }
        }
        throw CocoaError(.fileReadCorruptFile)
    }

    // MARK: - Choices

    private func encode(_ indices: [UInt8], alternates: [UInt8], minCodeSize: Int) -> LZWData {
        var encoder = LZWEncoder(minCodeSize: minCodeSize)
        return indices.withUnsafeBufferPointer { i in alternates.withUnsafeBufferPointer { encoder.encode(i, alternates: $0) } }
    }

    /// The indices a code stream decodes to (a plain LZW decoder, written from the GIF specification).
    static func decode(_ data: LZWData) -> [UInt8] {
        var bytes: [UInt8] = []
        var p = 0
        while p < data.blocks.count {
            let length = Int(data.blocks[p])
            bytes += data.blocks[(p + 1)...(p + length)]
            p += length + 1
        }
        let clear = 1 << data.minCodeSize
        var table: [[UInt8]] = []
        var width = data.minCodeSize + 1
        var previous: [UInt8]? = nil
        var output: [UInt8] = []
        var bitPosition = 0
        func reset() {
            table = (0..<clear).map { [UInt8(truncatingIfNeeded: $0)] } + [[], []]
            width = data.minCodeSize + 1
            previous = nil
        }
        reset()
        while bitPosition + width <= bytes.count * 8 {
            var code = 0
            for bit in 0..<width where bytes[(bitPosition + bit) / 8] & (1 << ((bitPosition + bit) % 8)) != 0 {
                code |= 1 << bit
            }
            bitPosition += width
            if code == clear { reset(); continue }
            if code == clear + 1 { break }
            let entry: [UInt8]
            if code < table.count { entry = table[code] } else if let previous { entry = previous + [previous[0]] } else { break }
            output += entry
            if let previous, table.count < 4096 { table.append(previous + [entry[0]]) }
            if table.count == 1 << width && width < 12 { width += 1 }
            previous = entry
        }
        return output
    }

    /// With no choice (alternates equal to the indices) the stream is exactly `encode(_:)`'s.
    func testNoChoicesGiveThePlainStream() {
        var random = TestImages.Generator(state: 21)
        for (count, colors, minCodeSize) in [(5_000, 200, 8), (40_000, 5, 3), (1, 3, 2), (0, 2, 2)] {
            let indices = (0..<count).map { _ in UInt8(random.next() % UInt64(colors)) }
            XCTAssertEqual(encode(indices, alternates: indices, minCodeSize: minCodeSize).blocks,
                           encode(indices, minCodeSize: minCodeSize).blocks, "\(count) indices")
        }
    }

    /// Every pixel decodes to one of its two indices, whatever the mix of choices (seeded random images with
    /// runs, noise and many table resets); the plain decoder here and `decode` agree on the stream.
    func testChoicesDecodeToOneOfTheTwoIndices() {
        var random = TestImages.Generator(state: 22)
        for round in 0..<12 {
            let count = [1, 2, 300, 9_000, 70_000][round % 5]
            let colors = [3, 16, 255][round % 3]
            var indices: [UInt8] = [], alternates: [UInt8] = []
            var run = UInt8(0)
            for _ in 0..<count {
                if random.next() % 7 == 0 { run = UInt8(random.next() % UInt64(colors)) }
                let noisy = random.next() % 3 == 0 ? UInt8(random.next() % UInt64(colors)) : run
                indices.append(noisy)
                alternates.append(random.next() % 2 == 0 ? UInt8(random.next() % UInt64(colors)) : noisy)
            }
            let data = encode(indices, alternates: alternates, minCodeSize: 8)
            let decoded = Self.decode(data)
            XCTAssertEqual(decoded.count, count, "round \(round)")
            let wrong = zip(decoded.indices, decoded).filter { $0.1 != indices[$0.0] && $0.1 != alternates[$0.0] }.count
            XCTAssertEqual(wrong, 0, "round \(round): pixels decoded to neither index")
        }
    }

    /// Where the choice lets strings repeat, the stream is shorter: stripes of 0 and 1 whose every other row
    /// may be written either way compress to fewer bits than the rows as given.
    func testChoicesShortenTheStream() {
        let width = 64
        var random = TestImages.Generator(state: 23)
        var indices: [UInt8] = [], alternates: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<width {
                let stripe = UInt8(x / 4 % 2)
                // Odd rows are stripes; even rows are given as noise but may also take the stripe colour.
                let given = y % 2 == 0 ? UInt8(random.next() % 6 + 2) : stripe
                indices.append(given)
                alternates.append(y % 2 == 0 ? stripe : given)
            }
        }
        let plain = encode(indices, minCodeSize: 3)
        let flexible = encode(indices, alternates: alternates, minCodeSize: 3)
        XCTAssertLessThan(flexible.bitCount, plain.bitCount * 3 / 4)
        XCTAssertEqual(Self.decode(plain), indices)
    }

    /// The encoder's shortcuts (crossing runs in one step, looking ahead only as far as it takes to tell) make
    /// exactly the choices of the plain algorithm written out here pixel by pixel, on images of transparent
    /// runs whose pixels may also be written in colour, as the GIF writer makes them, with many table resets.
    func testChoicesMatchThePixelByPixelAlgorithm() {
        var random = TestImages.Generator(state: 24)
        for round in 0..<6 {
            let count = [20_000, 150_000, 3][round % 3]
            let colors = [4, 60][round % 2]
            var indices: [UInt8] = [], alternates: [UInt8] = []
            var changed = false, color = UInt8(1)
            for _ in 0..<count {
                if random.next() % 50 == 0 { changed.toggle() }
                if random.next() % 30 == 0 { color = UInt8(1 + random.next() % UInt64(colors)) }
                let pixel = random.next() % 9 == 0 ? UInt8(1 + random.next() % UInt64(colors)) : color
                indices.append(changed ? pixel : 0) // 0: transparent, where the pixel is unchanged
                alternates.append(pixel)
            }
            let data = encode(indices, alternates: alternates, minCodeSize: 7)
            let expected = Self.pixelByPixelChoices(indices, alternates, minCodeSize: 7)
            let decoded = Self.decode(data)
            let firstDifference = zip(decoded, expected.decoded).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            XCTAssertTrue(decoded == expected.decoded,
                          "round \(round): other choices from pixel \(firstDifference ?? min(decoded.count, count))")
            XCTAssertEqual(data.bitCount, expected.bits, "round \(round)")
        }
    }

    /// The choosing encoder's algorithm without shortcuts: greedy LZW where a pixel extends the string with
    /// whichever of its two indices the table holds a string for, both or neither settled by which matches
    /// more of the next 8 pixels (ties to `indices`); a clear code when the table reaches 4095. Returns the
    /// indices chosen and the stream's length in bits.
    static func pixelByPixelChoices(_ indices: [UInt8], _ alternates: [UInt8],
                                    minCodeSize: Int) -> (decoded: [UInt8], bits: Int) {
        let clearCode = 1 << minCodeSize
        var table: [Int: Int] = [:]
        var strings: [Int: [UInt8]] = [:]
        func string(_ code: Int) -> [UInt8] { code < clearCode ? [UInt8(code)] : strings[code]! }
        func reach(_ code: Int, _ start: Int) -> Int {
            var code = code, k = start
            while k < min(indices.count, start + 8),
                  let next = table[code << 8 | Int(indices[k])] ?? table[code << 8 | Int(alternates[k])] {
                code = next
                k += 1
            }
            return k - start
        }
        func pick(_ a: Int, _ b: Int, _ next: Int) -> Int { reach(b, next) > reach(a, next) ? b : a }
        var decoded: [UInt8] = []
        var width = minCodeSize + 1, nextCode = clearCode + 2, bits = width
        guard !indices.isEmpty else { return ([], bits + width) }
        var prefix = pick(Int(indices[0]), Int(alternates[0]), 1)
        for i in 1..<indices.count {
            let viaA = table[prefix << 8 | Int(indices[i])], viaB = table[prefix << 8 | Int(alternates[i])]
            if let viaA, let viaB {
                prefix = pick(viaA, viaB, i + 1)
                continue
            }
            if let via = viaA ?? viaB {
                prefix = via
                continue
            }
            decoded += string(prefix)
            bits += width
            if nextCode >= 1 << width { width += 1 }
            let symbol = pick(Int(indices[i]), Int(alternates[i]), i + 1)
            if nextCode >= 4095 {
                bits += width
                nextCode = clearCode + 2
                width = minCodeSize + 1
                table = [:]
                strings = [:]
            } else {
                table[prefix << 8 | symbol] = nextCode
                strings[nextCode] = string(prefix) + [UInt8(symbol)]
                nextCode += 1
            }
            prefix = symbol
        }
        decoded += string(prefix)
        bits += width
        if nextCode >= 1 << width { width += 1 }
        return (decoded, bits + width)
    }
}

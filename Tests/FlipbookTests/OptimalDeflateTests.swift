@testable import APNG
import CDeflate
import CZlib
import Timeline
import XCTest

/// The shortest-path deflate encoder: every stream inflates back exactly with zlib's own decoder, the
/// Huffman code lengths are optimal under their limit (checked against an exhaustive search), the periodic
/// stretches match a direct count, and on frame-like data it is smaller than libdeflate's best level.
final class OptimalDeflateTests: XCTestCase {
    /// zlib's `uncompress` (an independent decoder) gives back `input` from `stream`.
    func assertInflates(_ stream: [UInt8]?, to input: [UInt8], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let stream else { return XCTFail("no stream: \(message)", file: file, line: line) }
        var output = [UInt8](repeating: 0, count: input.count + 1)
        var length = uLongf(output.count)
        let status = output.withUnsafeMutableBufferPointer { out in
            stream.withUnsafeBufferPointer { uncompress(out.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        XCTAssertEqual(status, Z_OK, message, file: file, line: line)
        XCTAssertEqual(Int(length), input.count, message, file: file, line: line)
        XCTAssertTrue(Array(output[..<Int(length)]) == input, "inflated bytes differ: \(message)", file: file, line: line)
    }

    /// The scene's seeded generator (SplitMix64), so every run tests the same inputs.
    struct Random {
        let source: RandomSource
        init(state: UInt64) { source = RandomSource(seed: state) }
        func byte() -> UInt8 { UInt8(truncatingIfNeeded: source.next()) }
        func below(_ n: Int) -> Int { Int(source.next() % UInt64(n)) }
    }

    /// Rows of RGB pixels as an APNG frame's filtered rows hold them: a filter byte, runs of the key colour
    /// (zeros) and of flat colours, gradients, and rows repeated from the row above with a few changes.
    static func frameLike(width: Int, rows: Int, seed: UInt64) -> [UInt8] {
        let random = Random(state: seed)
        var data: [UInt8] = []
        var previous: [UInt8] = []
        for y in 0..<rows {
            var row: [UInt8] = [0]
            if y > 0 && random.below(3) > 0 {
                row += previous
                for _ in 0..<random.below(4) { row[1 + random.below(previous.count)] = random.byte() }
            } else {
                while row.count < 1 + 3 * width {
                    let pixels = 1 + random.below(40)
                    switch random.below(3) {
                    case 0: row += [UInt8](repeating: 0, count: 3 * pixels)
                    case 1:
                        let colour = [random.byte(), random.byte(), random.byte()]
                        for _ in 0..<pixels { row += colour }
                    default:
                        let start = Int(random.byte())
                        for k in 0..<pixels { row += [UInt8(truncatingIfNeeded: start + 3 * k), UInt8(truncatingIfNeeded: start + k), 200] }
                    }
                }
                row = Array(row[..<(1 + 3 * width)])
            }
            previous = Array(row[1...])
            data += row
        }
        return data
    }

    func testEveryKindOfInputInflatesBackExactly() {
        let random = Random(state: 7)
        var inputs: [(String, [UInt8])] = [
            ("one byte", [42]), ("two bytes", [1, 2]), ("three equal bytes", [9, 9, 9]),
            ("zeros", [UInt8](repeating: 0, count: 100_000)),
            ("a 258-byte run and one more", [UInt8](repeating: 5, count: 259)),
            ("period 3", (0..<30_000).map { [UInt8(10), 20, 30][$0 % 3] }),
            ("period 4 with breaks", (0..<30_000).map { $0 % 997 == 0 ? 1 : [UInt8(10), 20, 30, 255][$0 % 4] }),
            ("random bytes", (0..<50_000).map { _ in random.byte() }),
            ("two-valued noise", (0..<200_000).map { _ in random.below(2) == 0 ? 0 : 255 }),
            ("frame-like rows", Self.frameLike(width: 400, rows: 120, seed: 3)),
            // Parsed in several segments, whose matches reach back into the segments before.
            ("a frame of 864 KB", Self.frameLike(width: 960, rows: 300, seed: 4)),
        ]
        // Matches at the edge of the window: a random block, 32,768 - 1 ... + 1 bytes of other data, the block again.
        let block = (0..<300).map { _ in random.byte() }
        for gap in [32_768 - 300 - 1, 32_768 - 300, 32_768 - 300 + 1] {
            inputs.append(("window edge \(gap)", block + (0..<gap).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 255) } + block))
        }
        for (name, input) in inputs {
            assertInflates(OptimalDeflate.compress(input), to: input, name)
            if input.count < 100_000 {
                assertInflates(OptimalDeflate.compress(input, passes: 1, chainDepth: 4), to: input, name + " (1 pass, shallow)")
            }
        }
        XCTAssertNil(OptimalDeflate.compress([]))
    }

    /// The distance codes, lengths and their extra bits follow RFC 1951 3.2.5's tables, rebuilt here by hand.
    func testSymbolTablesFollowTheSpecification() {
        var base = 1
        for code in 0..<30 {
            let extra = code < 4 ? 0 : code / 2 - 1
            XCTAssertEqual(OptimalDeflate.distanceBase(code), base, "distance code \(code)")
            XCTAssertEqual(OptimalDeflate.distanceExtra(code), extra)
            for distance in [base, base + (1 << extra) - 1] { XCTAssertEqual(OptimalDeflate.distanceCode(distance), code) }
            base += 1 << extra
        }
        XCTAssertEqual(base, 32_769)
        var length = 3
        for code in 257...284 {
            let extra = code < 265 ? 0 : (code - 261) / 4
            XCTAssertEqual(OptimalDeflate.lengthBase[code - 257], length)
            // Code 284's 5 extra bits would reach 258, which has a code of its own (285).
            for l in length..<min(length + (1 << extra), 258) { XCTAssertEqual(Int(OptimalDeflate.lengthCode[l]), code, "length \(l)") }
            length += 1 << extra
        }
        XCTAssertEqual(length, 259)
        XCTAssertEqual(OptimalDeflate.lengthCode[258], 285)
    }

    /// Package-merge gives the cheapest lengths under the limit: equal to an exhaustive search over every
    /// assignment of lengths that satisfies Kraft's inequality, on small alphabets with tight limits.
    func testHuffmanLengthsAreOptimalUnderTheLimit() {
        let random = Random(state: 11)
        for trial in 0..<300 {
            let symbols = 2 + random.below(5), limit = [3, 4, 7][trial % 3]
            let counts = (0..<symbols).map { _ in random.below(4) == 0 ? 0 : 1 + random.below(trial % 2 == 0 ? 10 : 1000) }
            let used = counts.filter { $0 > 0 }.count
            let lengths = Huffman.lengths(counts, limit: limit)
            XCTAssertTrue(zip(counts, lengths).allSatisfy { ($0 == 0) == ($1 == 0) }, "exactly the counted symbols get a code")
            guard used > 1 else { continue }
            XCTAssertLessThanOrEqual(Int(lengths.max()!), limit)
            let kraft = lengths.filter { $0 > 0 }.reduce(0.0) { $0 + pow(2, -Double($1)) }
            XCTAssertEqual(kraft, 1, accuracy: 1e-12, "an optimal code is complete: \(counts) \(lengths)")
            let cost = zip(counts, lengths).reduce(0) { $0 + $1.0 * Int($1.1) }
            XCTAssertEqual(cost, Self.cheapest(counts.filter { $0 > 0 }, limit: limit), "\(counts) limit \(limit)")
        }
        // Fibonacci counts make Huffman's own code as deep as the alphabet; the limit must hold.
        var fibonacci = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        for limit in [7, 15] {
            let lengths = Huffman.lengths(fibonacci, limit: limit)
            XCTAssertEqual(Int(lengths.max()!), limit)
            XCTAssertEqual(lengths.reduce(0.0) { $0 + pow(2, -Double($1)) }, 1, accuracy: 1e-12)
        }
    }

    /// The least total cost of any lengths 1...limit for `counts` with Kraft's sum at most 1, by trying them all.
    static func cheapest(_ counts: [Int], limit: Int) -> Int {
        var best = Int.max
        func visit(_ k: Int, _ kraft: Double, _ cost: Int) {
            guard kraft <= 1 + 1e-12, cost < best else { return }
            guard k < counts.count else { return best = cost }
            for length in 1...limit { visit(k + 1, kraft + pow(2, -Double(length)), cost + counts[k] * length) }
        }
        visit(0, 0, 0)
        return best
    }

    /// Each position's stretch is the period (1 to 4) whose repetition from there is longest, counted directly.
    func testStretchesMatchADirectCount() {
        let random = Random(state: 5)
        var data: [UInt8] = []
        while data.count < 3_000 {
            let period = 1 + random.below(4), seed = (0..<period).map { _ in UInt8(random.below(3)) }
            for k in 0..<random.below(30) { data.append(seed[k % period]) }
            data.append(UInt8(random.below(3)))
        }
        let stretches = data.withUnsafeBufferPointer { OptimalDeflate.stretches($0, in: 0..<$0.count) }
        for i in data.indices {
            var best = (period: 0, length: 0)
            for period in 1...4 {
                var length = period
                while i + length < data.count && data[i + length] == data[i + length - period] { length += 1 }
                if length >= 2 * period + 1 && length > best.length { best = (period, length) }
            }
            let expected = best.period == 0 ? 0 : UInt16(best.period << 13 | min(best.length, 8191))
            XCTAssertEqual(stretches[i], expected, "position \(i)")
            if stretches[i] != expected { break }
        }
    }

    /// On rows like an APNG frame's, the shortest path is smaller than libdeflate's level 12, which already
    /// parses near-optimally (the reason the APNG writer runs it).
    func testSmallerThanLibdeflateOnFrameLikeRows() throws {
        for seed in [1, 2, 3] as [UInt64] {
            let input = Self.frameLike(width: 375, rows: 160, seed: seed)
            let ours = try XCTUnwrap(OptimalDeflate.compress(input))
            let compressor = try XCTUnwrap(libdeflate_alloc_compressor(12))
            defer { libdeflate_free_compressor(compressor) }
            var output = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, input.count))
            let theirs = input.withUnsafeBytes { i in
                output.withUnsafeMutableBytes { libdeflate_zlib_compress(compressor, i.baseAddress, i.count, $0.baseAddress, $0.count) }
            }
            XCTAssertGreaterThan(theirs, 0)
            XCTAssertLessThan(ours.count, theirs, "seed \(seed): \(ours.count) bytes against libdeflate's \(theirs)")
        }
    }
}

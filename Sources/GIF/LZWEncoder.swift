/// Compresses palette indices into a GIF LZW code stream, packed in data sub-blocks.
///
/// It follows the encoding giflib's `EGifPutLine` uses, so it writes the same bytes: a clear code first,
/// codes growing from `minCodeSize + 1` bits up to 12 (a code widens once the next free code no longer
/// fits), a clear code and a fresh table as soon as the table reaches 4095 entries, then the last pending
/// code and the end-of-information code; bits are packed least significant first into sub-blocks of at most
/// 255 bytes. One encoder keeps its table between calls; use one per thread.
struct LZWEncoder {
    static let maxCode = 4095
    /// Open-addressing table of entries `(prefix code << 8 | next index) << 12 | code`; a power of two above
    /// 4096 entries. An empty slot holds all ones, a key no string has (prefix codes stay below 4095).
    static let slotCount = 8192
    static let empty = UInt32.max

    /// The LZW minimum code size, 2...8.
    let minCodeSize: Int
    private var table: [UInt32]
    /// The strings of one symbol repeated, for `encode(_:codes:)` to cross runs without a lookup a pixel.
    private var runs = RunStrings()

    /// An encoder for indices of `minCodeSize` bits (clamped to 2...8, as GIF requires).
    init(minCodeSize: Int) {
        self.minCodeSize = min(max(minCodeSize, 2), 8)
        table = [UInt32](repeating: Self.empty, count: Self.slotCount)
    }

    /// The code stream of `indices` written as `codes[index]` (the indices themselves without `codes`), every
    /// code below `1 << minCodeSize`.
    mutating func encode(_ indices: UnsafeBufferPointer<UInt8>, codes: [UInt8]? = nil) -> LZWData {
        (codes ?? LZWImage.identity).withUnsafeBufferPointer { encode(indices, codes: $0) }
    }

    private mutating func encode(_ indices: UnsafeBufferPointer<UInt8>, codes: UnsafeBufferPointer<UInt8>) -> LZWData {
        precondition(codes.count == 256, "a code for every index")
        let clearCode = 1 << minCodeSize
        let endCode = clearCode + 1
        let firstFree = clearCode + 2
        let minCodeSize = self.minCodeSize
        // Every code is at most 12 bits for at least one index, plus clear codes (one per 4000 codes) and the ends.
        var packer = BitPacker(capacity: (indices.count * 12 + indices.count / 300 * 12 + 64) / 8 + 8)
        withTables { table, runs in
            Self.clear(table, runs)
            var width = minCodeSize + 1
            var nextCode = firstFree
            packer.put(clearCode, bits: width)
            guard var prefix = indices.first.map({ Int(codes[Int($0)]) }) else {
                packer.put(endCode, bits: width)
                return
            }
            let count = indices.count
            var i = 1
            while i < count {
                let index = indices[i]
                let symbol = Int(codes[Int(index)])
                // In a run of one index, jump straight to the longest string of it the table holds: the
                // same string the lookups below would reach pixel by pixel.
                let runLength = runs.length(of: prefix, ifRepeating: symbol, clearCode: clearCode)
                if runLength > 0 {
                    let longest = runs.longest(symbol)
                    if longest > runLength {
                        let limit = min(count, i + longest - runLength)
                        var j = i + 1
                        while j < limit && indices[j] == index { j += 1 }
                        prefix = runs.code(symbol, length: runLength + j - i)
                        i = j
                        continue
                    }
                }
                let key = UInt32(truncatingIfNeeded: prefix << 8 | symbol)
                var slot = Int((key &* 2_654_435_761) >> 19)
                var entry = table[slot]
                while entry != Self.empty && entry >> 12 != key {
                    slot = (slot &+ 1) & (Self.slotCount - 1)
                    entry = table[slot]
                }
                i += 1
                if entry != Self.empty {
                    prefix = Int(entry & 0xFFF)
                    continue
                }
                packer.put(prefix, bits: width)
                if nextCode >= 1 << width { width += 1 } // nextCode < 4095, so width stays at most 12
                prefix = symbol
                if nextCode >= Self.maxCode {
                    packer.put(clearCode, bits: width)
                    nextCode = firstFree
                    width = minCodeSize + 1
                    Self.clear(table, runs)
                } else {
                    table[slot] = key << 12 | UInt32(nextCode)
                    runs.add(nextCode, repeating: symbol, length: runLength + 1, isRun: runLength > 0)
                    nextCode += 1
                }
            }
            packer.put(prefix, bits: width)
            if nextCode >= 1 << width { width += 1 }
            packer.put(endCode, bits: width)
        }
        return packer.finish(minCodeSize: minCodeSize)
    }

    /// Empties the string table and its record of repeating strings, as a clear code does.
    @inline(__always)
    static func clear(_ table: UnsafeMutableBufferPointer<UInt32>, _ runs: RunStrings.Buffers) {
        for slot in 0..<slotCount { table[slot] = empty }
        runs.reset()
    }

    /// Runs `body` over the string table (its slots' contents are left to `body`) and the table's repeating
    /// strings (to be emptied by `body`, with `clear`).
    mutating func withTables(_ body: (UnsafeMutableBufferPointer<UInt32>, inout RunStrings.Buffers) -> Void) {
        // The run tables leave `self` while the string table is in use (one exclusive access at a time).
        var runs = self.runs.isEmpty ? RunStrings(symbols: 1 << minCodeSize) : self.runs
        self.runs = RunStrings()
        defer { self.runs = runs }
        table.withUnsafeMutableBufferPointer { table in
            runs.withBuffers { body(table, &$0) }
        }
    }
}

/// One image's compressed data: the LZW minimum code size and the data sub-blocks, without the terminator.
struct LZWData: Sendable {
    /// The LZW minimum code size written before the sub-blocks.
    let minCodeSize: Int
    /// Sub-blocks, each a length byte (1...255) followed by that many bytes of codes.
    let blocks: [UInt8]
    /// The number of bits of codes, before padding the last byte.
    let bitCount: Int
    /// Whether the rows were compressed in interlaced order (`GIFRect.interlacedRows`).
    var interlaced = false
}

/// Packs codes least significant bit first into GIF data sub-blocks.
struct BitPacker {
    private var bytes: [UInt8]
    private var count = 0
    private var pending: UInt64 = 0
    private var pendingBits = 0
    private var bitCount = 0

    /// A packer for at most `capacity` bytes of codes.
    init(capacity: Int) {
        bytes = [UInt8](repeating: 0, count: capacity)
    }

    @inline(__always)
    mutating func put(_ code: Int, bits: Int) {
        pending |= UInt64(code) << UInt64(pendingBits)
        pendingBits += bits
        bitCount += bits
        if pendingBits >= 32 {
            if count + 4 > bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count + 4)) }
            bytes.withUnsafeMutableBytes { $0.storeBytes(of: UInt32(truncatingIfNeeded: pending).littleEndian,
                                                           toByteOffset: count, as: UInt32.self) }
            count += 4
            pending >>= 32
            pendingBits -= 32
        }
    }

    /// The packed codes, the last byte padded with zero bits, cut into sub-blocks.
    mutating func finish(minCodeSize: Int) -> LZWData {
        while pendingBits > 0 {
            if count == bytes.count { bytes.append(0) }
            bytes[count] = UInt8(truncatingIfNeeded: pending)
            count += 1
            pending >>= 8
            pendingBits -= 8
        }
        var blocks: [UInt8] = []
        blocks.reserveCapacity(count + count / 255 + 1)
        var start = 0
        while start < count {
            let end = min(start + 255, count)
            blocks.append(UInt8(end - start))
            blocks.append(contentsOf: bytes[start..<end])
            start = end
        }
        return LZWData(minCodeSize: minCodeSize, blocks: blocks, bitCount: bitCount)
    }
}

/// Compresses palette indices into a GIF LZW code stream, packed in data sub-blocks.
///
/// It follows the encoding giflib's `EGifPutLine` uses, so it writes the same bytes: a clear code first,
/// codes growing from `minCodeSize + 1` bits up to 12 (a code widens once the next free code no longer
/// fits), a clear code and a fresh table as soon as the table reaches 4095 entries, then the last pending
/// code and the end-of-information code; bits are packed least significant first into sub-blocks of at most
/// 255 bytes. One encoder keeps its table between calls; use one per thread.
struct LZWEncoder {
    private static let maxCode = 4095
    /// Open-addressing table from (prefix code, next index) to code; a power of two above 4096 entries.
    private static let slotCount = 8192

    /// The LZW minimum code size, 2...8.
    let minCodeSize: Int
    private var keys: [Int32]
    private var codes: [Int16]

    /// An encoder for indices of `minCodeSize` bits (clamped to 2...8, as GIF requires).
    init(minCodeSize: Int) {
        self.minCodeSize = min(max(minCodeSize, 2), 8)
        keys = [Int32](repeating: -1, count: Self.slotCount)
        codes = [Int16](repeating: 0, count: Self.slotCount)
    }

    /// The code stream of `indices`, every index below `1 << minCodeSize`.
    mutating func encode(_ indices: UnsafeBufferPointer<UInt8>) -> LZWData {
        let clearCode = 1 << minCodeSize
        let endCode = clearCode + 1
        let firstFree = clearCode + 2
        let minCodeSize = self.minCodeSize
        resetTable()
        var packer = BitPacker(capacity: indices.count + indices.count / 4 + 16)
        keys.withUnsafeMutableBufferPointer { keys in
            codes.withUnsafeMutableBufferPointer { codes in
                var width = minCodeSize + 1
                var nextCode = firstFree
                /// Writes `code` at the current width, then widens if the next free code no longer fits.
                func put(_ code: Int) {
                    packer.put(code, bits: width)
                    if nextCode >= 1 << width && code <= Self.maxCode { width += 1 }
                }
                put(clearCode)
                guard var prefix = indices.first.map(Int.init) else {
                    put(endCode)
                    return
                }
                for i in 1..<indices.count {
                    let symbol = Int(indices[i])
                    let key = Int32(truncatingIfNeeded: prefix << 8 | symbol)
                    var slot = Self.slot(for: key)
                    var found = -1
                    while keys[slot] != -1 {
                        if keys[slot] == key {
                            found = Int(codes[slot])
                            break
                        }
                        slot = (slot &+ 1) & (Self.slotCount - 1)
                    }
                    if found >= 0 {
                        prefix = found
                        continue
                    }
                    put(prefix)
                    prefix = symbol
                    if nextCode >= Self.maxCode {
                        put(clearCode)
                        nextCode = firstFree
                        width = minCodeSize + 1
                        for k in 0..<Self.slotCount { keys[k] = -1 }
                    } else {
                        keys[slot] = key
                        codes[slot] = Int16(truncatingIfNeeded: nextCode)
                        nextCode += 1
                    }
                }
                put(prefix)
                put(endCode)
            }
        }
        return packer.finish(minCodeSize: minCodeSize)
    }

    private mutating func resetTable() {
        keys.withUnsafeMutableBufferPointer { keys in
            for i in 0..<Self.slotCount { keys[i] = -1 }
        }
    }

    @inline(__always)
    private static func slot(for key: Int32) -> Int {
        Int((UInt32(bitPattern: key) &* 2_654_435_761) >> 19) & (slotCount - 1)
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
}

/// Packs codes least significant bit first into GIF data sub-blocks.
private struct BitPacker {
    private var bytes: [UInt8]
    private var pending: UInt64 = 0
    private var pendingBits = 0
    private var bitCount = 0

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    @inline(__always)
    mutating func put(_ code: Int, bits: Int) {
        pending |= UInt64(code) << UInt64(pendingBits)
        pendingBits += bits
        bitCount += bits
        while pendingBits >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: pending))
            pending >>= 8
            pendingBits -= 8
        }
    }

    /// The packed codes, the last byte padded with zero bits, cut into sub-blocks.
    mutating func finish(minCodeSize: Int) -> LZWData {
        if pendingBits > 0 { bytes.append(UInt8(truncatingIfNeeded: pending)) }
        var blocks: [UInt8] = []
        blocks.reserveCapacity(bytes.count + bytes.count / 255 + 1)
        var start = 0
        while start < bytes.count {
            let end = min(start + 255, bytes.count)
            blocks.append(UInt8(end - start))
            blocks.append(contentsOf: bytes[start..<end])
            start = end
        }
        return LZWData(minCodeSize: minCodeSize, blocks: blocks, bitCount: bitCount)
    }
}

/// Counts the bits a GIF LZW encoder writes for a run of pixel indices, without writing them.
///
/// It follows the encoding giflib uses: a clear code first, codes growing from `minCodeSize + 1` bits up
/// to 12, a clear code (and a fresh table) as soon as the table reaches 4096 entries, then the last
/// pending code and the end-of-information code. `ReferenceGIFWriter` (the writer before it compressed
/// images itself) uses it to choose, per image, the cheaper of two equally faithful ways to write unchanged
/// pixels.
struct LZWCost {
    private static let maxCode = 4095
    /// Open-addressing table from (prefix code, next index) to code; a power of two above 4096 entries.
    private static let slotCount = 8192

    private let minCodeSize: Int
    private var keys: [Int32]
    private var codes: [Int16]

    /// A counter for indices of `minCodeSize` bits (2...8, as GIF requires).
    init(minCodeSize: Int) {
        self.minCodeSize = min(max(minCodeSize, 2), 8)
        keys = [Int32](repeating: -1, count: Self.slotCount)
        codes = [Int16](repeating: 0, count: Self.slotCount)
    }

    /// The number of bits of the LZW code stream for `count` indices read by `index(i)` (0 ..< count).
    mutating func bits(count: Int, index: (Int) -> UInt8) -> Int {
        let clearCode = 1 << minCodeSize
        let firstFree = clearCode + 2
        let minCodeSize = self.minCodeSize
        resetTable()
        return keys.withUnsafeMutableBufferPointer { keys in
            codes.withUnsafeMutableBufferPointer { codes in
                var width = minCodeSize + 1
                var nextCode = firstFree
                var total = width // the leading clear code
                guard count > 0 else { return total + width } // end of information
                var prefix = Int(index(0))
                for i in 1..<count {
                    let symbol = Int(index(i))
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
                    total += width
                    if nextCode >= Self.maxCode {
                        total += width // clear code
                        for k in 0..<Self.slotCount { keys[k] = -1 }
                        nextCode = firstFree
                        width = minCodeSize + 1
                    } else {
                        keys[slot] = key
                        codes[slot] = Int16(truncatingIfNeeded: nextCode)
                        nextCode += 1
                        if nextCode > (1 << width) && width < 12 { width += 1 }
                    }
                    prefix = symbol
                }
                return total + 2 * width // the last code and end of information
            }
        }
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

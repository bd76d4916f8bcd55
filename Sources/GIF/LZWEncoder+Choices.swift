extension LZWEncoder {
    /// How many pixels ahead `encode(_:alternates:)` looks to choose between two ways to go on.
    static let lookahead = 8

    /// The code stream of an image whose pixels may each be written as either of two indices that show the
    /// same picture, `indices[k]` or `alternates[k]` (equal where there is no choice): typically an unchanged
    /// pixel, which can be the transparent index or the colour already on screen.
    ///
    /// The encoding is greedy LZW, like `encode(_:)`, with the choices made to extend the string being
    /// matched: a pixel extends it with whichever of its two indices the table holds a string for; if both,
    /// or if neither (a new string starts at the pixel), the index that matches further ahead wins (looking
    /// at most `lookahead` pixels ahead, ties going to `indices[k]`). The table is cleared as in `encode(_:)`,
    /// and any GIF decoder reads the stream back to the chosen indices. With no choices the stream is exactly
    /// `encode(indices)`'s.
    ///
    /// Indices are written as `codes[index]` (the indices themselves without `codes`).
    mutating func encode(_ indices: UnsafeBufferPointer<UInt8>, alternates: UnsafeBufferPointer<UInt8>,
                         codes: [UInt8]? = nil) -> LZWData {
        (codes ?? LZWImage.identity).withUnsafeBufferPointer { encode(indices, alternates: alternates, codes: $0) }
    }

    private mutating func encode(_ indices: UnsafeBufferPointer<UInt8>, alternates: UnsafeBufferPointer<UInt8>,
                                 codes: UnsafeBufferPointer<UInt8>) -> LZWData {
        precondition(indices.count == alternates.count, "one alternate per index")
        precondition(codes.count == 256, "a code for every index")
        let clearCode = 1 << minCodeSize
        let endCode = clearCode + 1
        let firstFree = clearCode + 2
        let minCodeSize = self.minCodeSize
        let count = indices.count
        var packer = BitPacker(capacity: (count * 12 + count / 300 * 12 + 64) / 8 + 8)
        withTables { table, runs in
            /// The code of the string `prefix` followed by `symbol`, or -1.
            func child(_ prefix: Int, _ symbol: UInt8) -> Int {
                let key = UInt32(truncatingIfNeeded: prefix << 8 | Int(symbol))
                var slot = Int((key &* 2_654_435_761) >> 19)
                while true {
                    let entry = table[slot]
                    if entry == Self.empty { return -1 }
                    if entry >> 12 == key { return Int(entry & 0xFFF) }
                    slot = (slot &+ 1) & (Self.slotCount - 1)
                }
            }
            func insert(_ prefix: Int, _ symbol: UInt8, code: Int) {
                let key = UInt32(truncatingIfNeeded: prefix << 8 | Int(symbol))
                var slot = Int((key &* 2_654_435_761) >> 19)
                while table[slot] != Self.empty { slot = (slot &+ 1) & (Self.slotCount - 1) }
                table[slot] = key << 12 | UInt32(code)
            }
            /// How many pixels from `start` on extend the string `code` (at most `limit`), taking at each
            /// pixel its first index that does.
            func reach(from code: Int, at start: Int, limit: Int) -> Int {
                var code = code, k = start
                let end = min(count, start + limit)
                while k < end {
                    let a = codes[Int(indices[k])], b = codes[Int(alternates[k])]
                    var next = child(code, a)
                    if next < 0 && b != a { next = child(code, b) }
                    if next < 0 { break }
                    code = next
                    k += 1
                }
                return k - start
            }
            /// Whether the string `second` extends over more of the pixels from `start` on than `first` does,
            /// looking at most `lookahead` pixels ahead (and at `second` only as far as it takes to tell).
            func reachesFurther(_ second: Int, than first: Int, at start: Int) -> Bool {
                let firstReach = reach(from: first, at: start, limit: Self.lookahead)
                guard firstReach < Self.lookahead else { return false }
                return reach(from: second, at: start, limit: firstReach + 1) > firstReach
            }
            /// The index pixel `k` starts a new string with.
            func start(at k: Int) -> UInt8 {
                let a = codes[Int(indices[k])], b = codes[Int(alternates[k])]
                guard a != b else { return a }
                return reachesFurther(Int(b), than: Int(a), at: k + 1) ? b : a
            }

            Self.clear(table, runs)
            var width = minCodeSize + 1
            var nextCode = firstFree
            packer.put(clearCode, bits: width)
            guard count > 0 else {
                packer.put(endCode, bits: width)
                return
            }
            var prefix = Int(start(at: 0))
            var i = 1
            while i < count {
                let a = codes[Int(indices[i])], b = codes[Int(alternates[i])]
                // In a run of one index, cross every pixel whose other index cannot extend the string, straight
                // to the string repeating the run's index that far: the choice made below pixel by pixel.
                let runLength = runs.length(of: prefix, ifRepeating: Int(a), clearCode: clearCode)
                if runLength > 0 && runs.longest(Int(a)) > runLength {
                    let longest = runs.longest(Int(a))
                    var length = runLength, k = i
                    while k < count && length < longest && codes[Int(indices[k])] == a {
                        let other = codes[Int(alternates[k])]
                        let code = runs.code(Int(a), length: length)
                        if other != a && runs.branches(code) && child(code, other) >= 0 { break }
                        length += 1
                        k += 1
                    }
                    if k > i {
                        prefix = runs.code(Int(a), length: length)
                        i = k
                        continue
                    }
                }
                let viaA = child(prefix, a)
                let viaB = a == b ? -1 : child(prefix, b)
                if viaA >= 0 || viaB >= 0 {
                    if viaB < 0 {
                        prefix = viaA
                    } else if viaA < 0 {
                        prefix = viaB
                    } else {
                        prefix = reachesFurther(viaB, than: viaA, at: i + 1) ? viaB : viaA
                    }
                    i += 1
                    continue
                }
                packer.put(prefix, bits: width)
                if nextCode >= 1 << width { width += 1 } // nextCode < 4095, so width stays at most 12
                let symbol = start(at: i)
                if nextCode >= Self.maxCode {
                    packer.put(clearCode, bits: width)
                    nextCode = firstFree
                    width = minCodeSize + 1
                    Self.clear(table, runs)
                } else {
                    insert(prefix, symbol, code: nextCode)
                    let runLength = runs.length(of: prefix, ifRepeating: Int(symbol), clearCode: clearCode)
                    runs.add(nextCode, repeating: Int(symbol), length: runLength + 1, isRun: runLength > 0)
                    if runLength == 0 { runs.markBranch(prefix) }
                    nextCode += 1
                }
                prefix = Int(symbol)
                i += 1
            }
            packer.put(prefix, bits: width)
            if nextCode >= 1 << width { width += 1 }
            packer.put(endCode, bits: width)
        }
        return packer.finish(minCodeSize: minCodeSize)
    }
}

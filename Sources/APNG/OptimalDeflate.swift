import CZlib

/// A deflate encoder that looks for the cheapest parse: a zlib stream (RFC 1950/1951) of dynamic-Huffman
/// blocks whose literals and matches are chosen by a shortest path over the input.
///
/// This is the idea of Zopfli's "squeeze" (Alakuijala and Vandevenne, "Data compression using Zopfli",
/// 2013), written for frames of pixels and for time: the hash chains give at each position the nearest
/// match of each length; each pass prices literals and matches in bits with the Huffman codes of the
/// previous pass's blocks (the first with deflate's fixed codes), finds the cheapest way through the input,
/// and cuts the result into blocks where separate codes pay for their headers; passes stop when one is no
/// smaller. Stretches that repeat with a period of 1 to 4 bytes (runs of a byte or of a colour) get their
/// own chains (see `Matches`), which keeps the search short on interface graphics. On the APNG frames of
/// the seven showcase scenes this is 0.2 to 4 % smaller than libdeflate's level 12 (see `APNGWriter`).
enum OptimalDeflate {
    /// The longest match deflate can code.
    static let maxLength = 258
    /// The farthest match deflate can code.
    static let window = 32768

    /// `input` as a zlib stream, or nil when it is empty.
    /// - Parameters:
    ///   - passes: the most shortest-path passes (each after the first priced by the one before).
    ///   - chainDepth: the most candidates a hash chain is walked for at one position, while the input's
    ///     budget of 96 candidates a byte lasts (then 8), so that no input makes the search quadratic.
    ///
    /// The input is parsed `segmentLength` bytes at a time (matches still reach back into the segments
    /// before), so memory stays at about 4 MB whatever the input's size.
    static func compress(_ input: [UInt8], passes: Int = 3, chainDepth: Int = 1000) -> [UInt8]? {
        guard !input.isEmpty else { return nil }
        return input.withUnsafeBufferPointer { data in
            var finder = MatchFinder(data, chainDepth: chainDepth)
            var out = BitWriter()
            out.bytes([0x78, 0xDA]) // deflate with a 32 KiB window, maximum compression
            var segmentStart = 0
            var model = CostModel.fixed // the first pass's prices: then those of the segment before's last block
            while segmentStart < data.count {
                let segment = segmentStart..<min(data.count, segmentStart + segmentLength)
                let matches = finder.matches(in: segment)
                let (symbols, blocks) = cheapestBlocks(data, segment: segment, matches: matches, passes: passes, model: model)
                model = CostModel(blocks[blocks.count - 1].codes)
                for (k, block) in blocks.enumerated() {
                    block.codes.write(symbols[block.symbols], from: block.start, data: data,
                                      last: segment.upperBound == data.count && k == blocks.count - 1, to: &out)
                }
                segmentStart = segment.upperBound
            }
            let adler = UInt32(adler32(1, data.baseAddress, uInt(data.count)))
            out.alignToByte()
            out.bytes([UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)])
            return out.data
        }
    }

    /// How many bytes are parsed at a time.
    static let segmentLength = 1 << 18

    /// The cheapest symbols for `segment` of `data` and their blocks (symbol ranges, the input position each
    /// starts at, codes), over up to `passes` passes, the first priced by `model`, each other by the one before.
    static func cheapestBlocks(_ data: UnsafeBufferPointer<UInt8>, segment: Range<Int>, matches: Matches, passes: Int,
                               model: CostModel)
        -> (symbols: [Symbol], blocks: [(symbols: Range<Int>, start: Int, codes: BlockCodes)]) {
        var starts = [segment.lowerBound], models = [model]
        var best: (bits: Int, symbols: [Symbol], blocks: [(symbols: Range<Int>, start: Int, codes: BlockCodes)])? = nil
        for _ in 0..<max(1, passes) {
            let symbols = cheapestParse(data, segment: segment, matches: matches, starts: starts, models: models)
            let coded = CodedSymbol.code(symbols, data: data, from: segment.lowerBound)
            let ranges = splitBlocks(coded)
            // The input position each block starts at.
            var blockStarts: [Int] = [], position = segment.lowerBound, k = 0
            for range in ranges {
                while k < range.lowerBound { position += Int(symbols[k].length); k += 1 }
                blockStarts.append(position)
            }
            let blocks = zip(ranges, blockStarts).map { range, start in
                (symbols: range, start: start, codes: BlockCodes(counts: CodedSymbol.counts(coded[range])))
            }
            let bits = blocks.reduce(0) { $0 + $1.codes.bits }
            if let best, bits >= best.bits { break }
            best = (bits, symbols, blocks)
            starts = blockStarts
            models = blocks.map { CostModel($0.codes) }
        }
        return (best!.symbols, best!.blocks)
    }

    /// The symbols cut into blocks, each with its own codes, where that takes fewer bits: a block is cut in
    /// two at the best of 15 evenly spaced points (then refined between the points either side) while the
    /// two halves with their headers are smaller than the whole.
    static func splitBlocks(_ coded: [CodedSymbol]) -> [Range<Int>] {
        var blocks: [Range<Int>] = []
        func bits(_ range: Range<Int>) -> Int { BlockCodes(counts: CodedSymbol.counts(coded[range])).bits }
        func visit(_ range: Range<Int>, whole: Int) {
            guard range.count >= 2 * minimumBlock else { return blocks.append(range) }
            var best = (bits: Int.max, cut: 0, left: 0, right: 0)
            var low = range.lowerBound + minimumBlock, high = range.upperBound - minimumBlock
            for _ in 0..<2 where high >= low {
                let step = max(1, (high - low) / 16)
                for cut in stride(from: low, through: high, by: step) {
                    let left = bits(range.lowerBound..<cut), right = bits(cut..<range.upperBound)
                    if left + right < best.bits { best = (left + right, cut, left, right) }
                }
                (low, high) = (max(low, best.cut - step), min(high, best.cut + step))
            }
            guard best.bits < whole - 8 else { return blocks.append(range) }
            visit(range.lowerBound..<best.cut, whole: best.left)
            visit(best.cut..<range.upperBound, whole: best.right)
        }
        visit(0..<coded.count, whole: bits(0..<coded.count))
        return blocks
    }

    /// The fewest symbols a block split off holds.
    static let minimumBlock = 256

    // MARK: - Symbols

    /// A literal (length 1, its byte read from the input at the symbol's position) or a match.
    struct Symbol {
        var length: UInt16
        var distance: UInt16
    }

    /// A symbol as its literal/length code (0...285) and distance code (0...29, or `none`).
    struct CodedSymbol {
        var litlen: UInt16
        var distance: UInt8
        static let none: UInt8 = 0xFF

        static func code(_ symbols: [Symbol], data: UnsafeBufferPointer<UInt8>, from start: Int) -> [CodedSymbol] {
            var position = start
            return symbols.map { symbol in
                defer { position += Int(symbol.length) }
                guard symbol.length > 1 else { return CodedSymbol(litlen: UInt16(data[position]), distance: none) }
                return CodedSymbol(litlen: lengthCode[Int(symbol.length)],
                                   distance: UInt8(distanceCode(symbol.distance == 0 ? 32768 : Int(symbol.distance))))
            }
        }

        /// Counts of literal/length codes 0...285 (the end of block counted once), then distance codes 0...29.
        static func counts(_ symbols: ArraySlice<CodedSymbol>) -> [Int] {
            var counts = [Int](repeating: 0, count: 316)
            counts.withUnsafeMutableBufferPointer { counts in
                for symbol in symbols {
                    counts[Int(symbol.litlen)] += 1
                    if symbol.distance != none { counts[286 + Int(symbol.distance)] += 1 }
                }
                counts[256] = 1
            }
            return counts
        }
    }

    /// Deflate's length symbols: for each length 3...258 its code 257...285, and each code's extra bits.
    static let lengthCode: [UInt16] = {
        var table = [UInt16](repeating: 0, count: 259)
        for code in 0..<29 {
            let base = lengthBase[code], end = code == 28 ? 259 : lengthBase[code + 1]
            for length in base..<end where length <= 258 { table[length] = UInt16(257 + code) }
        }
        table[258] = 285
        return table
    }()
    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99,
                             115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]

    /// The distance code (0...29) of a distance 1...32768.
    @inline(__always) static func distanceCode(_ distance: Int) -> Int {
        let x = distance - 1
        guard x >= 4 else { return x }
        let bit = Int.bitWidth - 1 - x.leadingZeroBitCount
        return 2 * bit + (x >> (bit - 1) & 1)
    }

    /// The extra bits of distance code `code`.
    @inline(__always) static func distanceExtra(_ code: Int) -> Int { code < 4 ? 0 : code / 2 - 1 }

    /// The first distance of distance code `code`.
    @inline(__always) static func distanceBase(_ code: Int) -> Int {
        code < 4 ? code + 1 : ((2 + code & 1) << (code / 2 - 1)) + 1
    }

    // MARK: - Matches

    /// For each position of a segment, the matches the hash chains find, each longer and farther than the
    /// one before (see `MatchFinder`).
    struct Matches {
        /// How many matches each position of the segment has, in order in `lengths` and `distances`.
        var counts: [UInt16]
        var lengths: [UInt16]
        /// Distances, 32768 stored as 0.
        var distances: [UInt16]
    }

    /// Finds the matches of an input segment by segment, each reaching back into the ones before.
    ///
    /// Stretches that repeat with a short period (a run of one byte, such as the transparent pixels of an
    /// APNG frame, or of one RGB or RGBA colour) would fill the chains with positions that all match as far
    /// as the stretch goes, hiding the ones whose match goes on past it (the same stretch in the row above,
    /// with the same pixels after it) far down the chain. So, as Zopfli does for runs of one byte, a second
    /// chain links only the positions whose stretch has the same period, seed and length left: a position in
    /// a stretch takes the stretch's own match (at the distance of its period) and looks there for longer
    /// ones; a stretch as long as the segment allows needs nothing more.
    struct MatchFinder {
        let data: UnsafeBufferPointer<UInt8>
        let chainDepth: Int
        static let hashBits = 16
        private var head = [Int32](repeating: -1, count: 1 << hashBits)
        private var previous = [Int32](repeating: -1, count: OptimalDeflate.window)
        private var stretchHead = [Int32](repeating: -1, count: 1 << hashBits)
        private var stretchPrevious = [Int32](repeating: -1, count: OptimalDeflate.window)
        /// Candidates left to walk before every walk is cut to 8.
        private var budget: Int

        init(_ data: UnsafeBufferPointer<UInt8>, chainDepth: Int) {
            self.data = data
            self.chainDepth = chainDepth
            budget = 96 * data.count
        }

        /// The matches of the positions of `segment`, which must follow the segment asked for before; none
        /// reaches past the segment's end.
        mutating func matches(in segment: Range<Int>) -> Matches {
            let data = self.data, chainDepth = self.chainDepth, hashBits = Self.hashBits
            let n = segment.upperBound, mask = OptimalDeflate.window - 1
            var counts = [UInt16](repeating: 0, count: segment.count)
            var lengths: [UInt16] = [], distances: [UInt16] = []
            lengths.reserveCapacity(segment.count / 2)
            distances.reserveCapacity(segment.count / 2)
            // Stretches for the window before the segment too (its positions are candidates), and counted on
            // past the segment's end, so that every position's stretch is the same whichever segment counts it.
            let counted = max(0, segment.lowerBound - OptimalDeflate.window)..<min(data.count, n + 8192 + 4)
            let stretches = OptimalDeflate.stretches(data, in: counted)
            var budget = self.budget
            defer { self.budget = budget }
            head.withUnsafeMutableBufferPointer { head in
            previous.withUnsafeMutableBufferPointer { previous in
            stretchHead.withUnsafeMutableBufferPointer { stretchHead in
            stretchPrevious.withUnsafeMutableBufferPointer { stretchPrevious in
            stretches.withUnsafeBufferPointer { stretches in
                let base = data.baseAddress!, offset = segment.lowerBound, stretchOffset = counted.lowerBound
                /// Walks a chain from `first`, adding each match longer than `best` (its first `known` bytes
                /// known to match: a stretch chain's, whose positions must then have the same stretch as `i`),
                /// until one reaches `enough`; returns the longest.
                func walk(_ first: Int32, _ chain: UnsafeMutableBufferPointer<Int32>, at i: Int, best: Int, known: Int,
                          longest: Int, enough: Int) -> Int {
                    let allowed = budget > 0 ? chainDepth : 8
                    var best = best, candidate = Int(first), depth = allowed
                    defer { budget -= allowed - depth }
                    let farthest = i - OptimalDeflate.window, here = base + i
                    let own = stretches[i - stretchOffset], period = Int(own >> 13)
                    while candidate >= 0 && candidate >= farthest && depth > 0 {
                        depth -= 1
                        let there = base + candidate
                        // First the bytes up to one past the longest so far (a longer match needs them all equal);
                        // a stretch chain's hash may collide, so its stretch and seed are checked too.
                        if (best < 3 ? there[best] == here[best]
                                     : UnsafeRawPointer(there + best - 3).loadUnaligned(as: UInt32.self)
                                        == UnsafeRawPointer(here + best - 3).loadUnaligned(as: UInt32.self))
                            && (known == 0 || (stretches[candidate - stretchOffset] == own
                                               && matchLength(there, here, from: 0, limit: period) == period)) {
                            let length = matchLength(there, here, from: known, limit: longest)
                            if length > best {
                                best = length
                                lengths.append(UInt16(length))
                                distances.append(UInt16(truncatingIfNeeded: i - candidate))
                                if length >= enough { break }
                            }
                        }
                        candidate = Int(chain[candidate & mask])
                    }
                    return best
                }
                for i in segment {
                    let before = lengths.count
                    defer { counts[i - offset] = UInt16(lengths.count - before) }
                    guard i + 2 < n else { continue }
                    let key = (UInt32(data[i]) | UInt32(data[i + 1]) << 8 | UInt32(data[i + 2]) << 16) &* 2_654_435_761
                    let h = Int(key >> UInt32(32 - hashBits))
                    let longest = min(OptimalDeflate.maxLength, n - i)
                    let stretch = stretches[i - stretchOffset], period = Int(stretch >> 13)
                    let stretchLength = min(Int(stretch & 0x1FFF), longest)
                    if period == 0 {
                        _ = walk(head[h], previous, at: i, best: 2, known: 0, longest: longest, enough: longest)
                    } else {
                        var best = 2
                        if i >= period && matchLength(base + i - period, base + i, from: 0, limit: period) == period {
                            // Inside the stretch: its own match, at the distance of its period.
                            best = stretchLength
                            lengths.append(UInt16(best))
                            distances.append(UInt16(period))
                        } else {
                            best = walk(head[h], previous, at: i, best: 2, known: 0, longest: longest, enough: stretchLength)
                        }
                        if best < longest && stretchLength < longest {
                            let stretchKey = Int(((key ^ UInt32(stretch)) &* 2_246_822_519) >> UInt32(32 - hashBits))
                            _ = walk(stretchHead[stretchKey], stretchPrevious, at: i, best: best, known: stretchLength,
                                     longest: longest, enough: longest)
                            stretchPrevious[i & mask] = stretchHead[stretchKey]
                            stretchHead[stretchKey] = Int32(i)
                        }
                    }
                    previous[i & mask] = head[h]
                    head[h] = Int32(i)
                }
            }
            }
            }
            }
            }
            return Matches(counts: counts, lengths: lengths, distances: distances)
        }
    }

    /// The stretch each position starts: period (1 to 4 bytes) << 13 | length (the period's bytes and as
    /// many more as repeat them, at most 8191), the period with the longest stretch (the shortest of equals);
    /// 0 where no period repeats its bytes at least once more and one byte.
    static func stretches(_ data: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> [UInt16] {
        var stretches = [UInt16](repeating: 0, count: range.count)
        var repeats = (0, 0, 0, 0) // for periods 1...4: how many bytes from i + period on repeat the period
        let end = range.upperBound
        for i in range.reversed() {
            func next(_ count: Int, _ period: Int) -> Int { i + period < end && data[i] == data[i + period] ? count + 1 : 0 }
            repeats = (next(repeats.0, 1), next(repeats.1, 2), next(repeats.2, 3), next(repeats.3, 4))
            var best = (period: 0, length: 0)
            for (period, count) in [(1, repeats.0), (2, repeats.1), (3, repeats.2), (4, repeats.3)]
            where count >= period + 1 && period + count > best.length {
                best = (period, period + count)
            }
            if best.period > 0 { stretches[i - range.lowerBound] = UInt16(best.period << 13 | min(best.length, 8191)) }
        }
        return stretches
    }

    /// How many bytes from `from` on (up to `limit`) are the same at `a` and `b`, eight at a time.
    @inline(__always) static func matchLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, from: Int, limit: Int) -> Int {
        var length = from
        while length + 8 <= limit {
            let difference = UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self)
                ^ UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
            if difference != 0 { return length + difference.trailingZeroBitCount >> 3 }
            length += 8
        }
        while length < limit && a[length] == b[length] { length += 1 }
        return length
    }

    /// The lengths a match is tried at, besides its own: every length up to 34, then the last of each
    /// length code's lengths (within a code, the longer reaches further for the same bits).
    static let triedLengths: [Int] = Array(3...34) + [42, 50, 58, 66, 82, 98, 114, 130, 162, 194, 226, 257, 258]

    // MARK: - Costs

    /// The bits a literal, a length and a distance code cost, as a pass prices them.
    struct CostModel {
        var literal: [Float]  // by byte
        var length: [Float]   // by length 3...258, extra bits included (0...2 unused)
        var distance: [Float] // by distance code, extra bits included

        /// Deflate's fixed codes (RFC 1951 3.2.6): literals 0-143 8 bits, 144-255 9, lengths 7 or 8, distances 5.
        static let fixed = CostModel(litlenLengths: (0..<286).map { $0 < 144 ? 8 : ($0 < 256 ? 9 : ($0 < 280 ? 7 : 8)) },
                                     distanceLengths: [UInt8](repeating: 5, count: 30))

        /// The costs of a block's codes; a symbol the block does not use costs `unused` bits, so that the next
        /// pass can still choose it.
        init(_ codes: BlockCodes) {
            self.init(litlenLengths: codes.litlenLengths, distanceLengths: codes.distanceLengths)
        }

        init(litlenLengths: [UInt8], distanceLengths: [UInt8], unused: Float = 13) {
            let litlen = litlenLengths.map { $0 == 0 ? unused : Float($0) }
            let dist = distanceLengths.map { $0 == 0 ? unused : Float($0) }
            literal = Array(litlen[0..<256])
            length = (0...258).map { length in
                guard length >= 3 else { return .infinity }
                let code = Int(OptimalDeflate.lengthCode[length])
                return litlen[code] + Float(OptimalDeflate.lengthExtra[code - 257])
            }
            distance = (0..<30).map { dist[$0] + Float(OptimalDeflate.distanceExtra($0)) }
        }
    }

    /// The cheapest symbols for `data` under `model`: a shortest path where each position leads on by a
    /// literal or by any length up to each match's (a length between two matches' takes the farther one's
    /// distance; a long run's match only its own length).
    static func cheapestParse(_ data: UnsafeBufferPointer<UInt8>, segment: Range<Int>, matches: Matches,
                              starts: [Int], models: [CostModel]) -> [Symbol] {
        // Costs and steps by position in the segment (0 is its start).
        let n = segment.count, offset = segment.lowerBound
        var cost = [Float](repeating: .infinity, count: n + 1)
        var via = [Symbol](repeating: Symbol(length: 0, distance: 0), count: n + 1)
        cost[0] = 0
        let triedArray = triedLengths
        let triedIndexArray = (0...259).map { l in triedArray.firstIndex { $0 >= l } ?? triedArray.count }
        let literals = models.flatMap(\.literal), lengthCosts = models.flatMap(\.length)
        let distanceCosts = models.flatMap(\.distance)
        cost.withUnsafeMutableBufferPointer { cost in
        via.withUnsafeMutableBufferPointer { via in
        literals.withUnsafeBufferPointer { literals in
        lengthCosts.withUnsafeBufferPointer { lengthCosts in
        distanceCosts.withUnsafeBufferPointer { distanceCosts in
        matches.lengths.withUnsafeBufferPointer { lengths in
        matches.distances.withUnsafeBufferPointer { distances in
        matches.counts.withUnsafeBufferPointer { counts in
        triedArray.withUnsafeBufferPointer { tried in
        triedIndexArray.withUnsafeBufferPointer { triedIndex in
            var first = 0 // where position i's matches start
            var previousLast: (length: UInt16, distance: UInt16)? = nil // the position before's longest match
            for block in starts.indices {
                let literal = literals.baseAddress! + 256 * block
                let lengthCost = lengthCosts.baseAddress! + 259 * block
                let distanceCost = distanceCosts.baseAddress! + 30 * block
                let end = (block + 1 < starts.count ? starts[block + 1] : segment.upperBound) - offset
                for i in (starts[block] - offset)..<end {
                    let here = cost[i]
                    let viaLiteral = here + literal[Int(data[offset + i])]
                    if viaLiteral < cost[i + 1] {
                        cost[i + 1] = viaLiteral
                        via[i + 1] = Symbol(length: 1, distance: 0)
                    }
                    let last = first + Int(counts[i])
                    defer {
                        previousLast = last > first ? (lengths[last - 1], distances[last - 1]) : nil
                        first = last
                    }
                    guard last > first else { continue }
                    // Inside a long repeat (the longest match as long as can be, at the distance the position
                    // before had it too), only its whole length: a shorter one would end inside the repeat.
                    let longest = Int(lengths[last - 1])
                    if longest == maxLength, let previousLast, Int(previousLast.length) >= longest,
                       previousLast.distance == distances[last - 1] {
                        let stored = distances[last - 1]
                        let total = here + distanceCost[distanceCode(stored == 0 ? 32768 : Int(stored))] + lengthCost[longest]
                        if total < cost[i + longest] {
                            cost[i + longest] = total
                            via[i + longest] = Symbol(length: UInt16(longest), distance: stored)
                        }
                        continue
                    }
                    var shorter = 2
                    for m in first..<last {
                        let stored = distances[m]
                        let length = Int(lengths[m])
                        let withDistance = here + distanceCost[distanceCode(stored == 0 ? 32768 : Int(stored))]
                        // Every tried length above the shorter match's, up to this one's own.
                        var k = triedIndex[shorter + 1]
                        while true {
                            let l = k < tried.count && tried[k] < length ? tried[k] : length
                            let total = withDistance + lengthCost[l]
                            if total < cost[i + l] {
                                cost[i + l] = total
                                via[i + l] = Symbol(length: UInt16(l), distance: stored)
                            }
                            if l == length { break }
                            k += 1
                        }
                        shorter = length
                    }
                }
            }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        var symbols: [Symbol] = []
        var position = n
        while position > 0 {
            let step = via[position]
            symbols.append(step)
            position -= Int(step.length)
        }
        return symbols.reversed()
    }

    // MARK: - Huffman codes

    /// The Huffman codes of one block, built from its symbols' counts.
    struct BlockCodes {
        /// Counts of literal/length symbols 0...285, then distance codes 0...29.
        var counts: [Int]
        var litlenLengths: [UInt8]
        var distanceLengths: [UInt8]

        init(counts: [Int]) {
            self.counts = counts
            litlenLengths = Huffman.lengths(Array(counts[0..<286]), limit: 15)
            var distanceCounts = Array(counts[286..<316])
            // At least two distance codes, as zlib writes them: some decoders reject an empty or one-code tree.
            for code in 0..<2 where distanceCounts.filter({ $0 > 0 }).count < 2 && distanceCounts[code] == 0 {
                distanceCounts[code] = 1
            }
            distanceLengths = Huffman.lengths(distanceCounts, limit: 15)
        }

        /// The block's size in bits: its header and its symbols.
        var bits: Int {
            var bits = Header(litlen: litlenLengths, distance: distanceLengths).bits
            for s in 0..<286 { bits += counts[s] * Int(litlenLengths[s]) }
            for s in 257..<286 { bits += counts[s] * OptimalDeflate.lengthExtra[s - 257] }
            for d in 0..<30 { bits += counts[286 + d] * (Int(distanceLengths[d]) + OptimalDeflate.distanceExtra(d)) }
            return bits
        }

        /// Writes the block of `symbols`, which start at input position `start`, to `out`.
        func write(_ symbols: ArraySlice<Symbol>, from start: Int, data: UnsafeBufferPointer<UInt8>, last: Bool,
                   to out: inout BitWriter) {
            out.put(last ? 1 : 0, 1)
            out.put(2, 2) // dynamic Huffman codes
            Header(litlen: litlenLengths, distance: distanceLengths).write(to: &out)
            let litlen = Huffman.codes(litlenLengths), distance = Huffman.codes(distanceLengths)
            var position = start
            for symbol in symbols {
                if symbol.length == 1 {
                    let byte = Int(data[position])
                    out.put(litlen[byte], Int(litlenLengths[byte]))
                } else {
                    let length = Int(symbol.length)
                    let code = Int(OptimalDeflate.lengthCode[length])
                    out.put(litlen[code], Int(litlenLengths[code]))
                    out.put(UInt32(length - OptimalDeflate.lengthBase[code - 257]), OptimalDeflate.lengthExtra[code - 257])
                    let d = symbol.distance == 0 ? 32768 : Int(symbol.distance)
                    let dcode = OptimalDeflate.distanceCode(d)
                    out.put(distance[dcode], Int(distanceLengths[dcode]))
                    out.put(UInt32(d - OptimalDeflate.distanceBase(dcode)), OptimalDeflate.distanceExtra(dcode))
                }
                position += Int(symbol.length)
            }
            out.put(litlen[256], Int(litlenLengths[256]))
        }
    }

    /// A dynamic block's header: the code lengths of both codes, run-length coded (RFC 1951 3.2.7).
    struct Header {
        var hlit: Int, hdist: Int
        var runs: [(symbol: Int, extra: UInt32, extraBits: Int)] = []
        var codeLengthLengths: [UInt8]
        var hclen: Int
        static let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

        init(litlen: [UInt8], distance: [UInt8]) {
            hlit = max(257, (litlen.lastIndex { $0 != 0 } ?? 0) + 1)
            hdist = max(1, (distance.lastIndex { $0 != 0 } ?? 0) + 1)
            let all = Array(litlen[0..<hlit]) + Array(distance[0..<hdist])
            var i = 0
            while i < all.count {
                let value = all[i]
                var count = 1
                while i + count < all.count && all[i + count] == value { count += 1 }
                i += count
                if value == 0 {
                    while count >= 11 {
                        let k = min(count, 138)
                        runs.append((18, UInt32(k - 11), 7))
                        count -= k
                    }
                    if count >= 3 {
                        runs.append((17, UInt32(count - 3), 3))
                        count = 0
                    }
                } else {
                    runs.append((Int(value), 0, 0))
                    count -= 1
                    while count >= 3 {
                        let k = min(count, 6)
                        runs.append((16, UInt32(k - 3), 2))
                        count -= k
                    }
                }
                for _ in 0..<count { runs.append((Int(value), 0, 0)) }
            }
            var counts = [Int](repeating: 0, count: 19)
            for run in runs { counts[run.symbol] += 1 }
            let lengths = Huffman.lengths(counts, limit: 7)
            codeLengthLengths = lengths
            hclen = max(4, (Self.order.lastIndex { lengths[$0] != 0 } ?? 0) + 1)
        }

        var bits: Int {
            var bits = 3 + 5 + 5 + 4 + 3 * hclen
            for run in runs { bits += Int(codeLengthLengths[run.symbol]) + run.extraBits }
            return bits
        }

        func write(to out: inout BitWriter) {
            out.put(UInt32(hlit - 257), 5)
            out.put(UInt32(hdist - 1), 5)
            out.put(UInt32(hclen - 4), 4)
            for k in 0..<hclen { out.put(UInt32(codeLengthLengths[Self.order[k]]), 3) }
            let codes = Huffman.codes(codeLengthLengths)
            for run in runs {
                out.put(codes[run.symbol], Int(codeLengthLengths[run.symbol]))
                out.put(run.extra, run.extraBits)
            }
        }
    }
}

/// Length-limited Huffman codes.
enum Huffman {
    /// The code length of each symbol for `counts`, none longer than `limit` (package-merge, Larmore and
    /// Hirschberg 1990); symbols not counted get 0, a lone counted symbol 1.
    static func lengths(_ counts: [Int], limit: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: counts.count)
        let leaves = counts.indices.filter { counts[$0] > 0 }.sorted { (counts[$0], $0) < (counts[$1], $1) }
        guard leaves.count > 1 else {
            if let only = leaves.first { lengths[only] = 1 }
            return lengths
        }
        // Huffman's own lengths (two queues over the sorted leaves) when none is over the limit, as is usual.
        let n = leaves.count
        var weight = [Int](repeating: 0, count: 2 * n - 1), parent = [Int](repeating: 0, count: 2 * n - 1)
        for k in 0..<n { weight[k] = counts[leaves[k]] }
        var leaf = 0, inner = n
        for node in n..<(2 * n - 1) {
            var pair = (0, 0)
            for side in 0..<2 {
                let pick: Int
                if leaf < n && (inner >= node || weight[leaf] <= weight[inner]) { pick = leaf; leaf += 1 } else { pick = inner; inner += 1 }
                if side == 0 { pair.0 = pick } else { pair.1 = pick }
            }
            weight[node] = weight[pair.0] + weight[pair.1]
            parent[pair.0] = node
            parent[pair.1] = node
        }
        var depth = [Int](repeating: 0, count: 2 * n - 1)
        for node in stride(from: 2 * n - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        if depth[0..<n].max()! <= limit {
            for k in 0..<n { lengths[leaves[k]] = UInt8(depth[k]) }
            return lengths
        }
        // Each level's list: leaves and packages (pairs of the level below) merged by weight. An item is a
        // leaf (its symbol) or a package (-1 - the index of its pair's first item in the level below).
        var levels: [[(weight: Int, item: Int)]] = []
        var list = leaves.map { (weight: counts[$0], item: $0) }
        levels.append(list)
        for _ in 1..<limit {
            var merged: [(weight: Int, item: Int)] = []
            merged.reserveCapacity(leaves.count + list.count / 2)
            var leaf = 0, pair = 0
            while leaf < leaves.count || pair + 1 < list.count {
                let pairWeight = pair + 1 < list.count ? list[pair].weight + list[pair + 1].weight : Int.max
                if leaf < leaves.count && counts[leaves[leaf]] <= pairWeight {
                    merged.append((counts[leaves[leaf]], leaves[leaf]))
                    leaf += 1
                } else {
                    merged.append((pairWeight, -1 - pair))
                    pair += 2
                }
            }
            list = merged
            levels.append(list)
        }
        // The first 2n - 2 items of the top list; each leaf among the items taken at a level adds one bit.
        var take = 2 * leaves.count - 2
        for level in levels.indices.reversed() {
            var pairs = 0
            for entry in levels[level][0..<min(take, levels[level].count)] {
                if entry.item >= 0 { lengths[entry.item] += 1 } else { pairs += 1 }
            }
            take = 2 * pairs
        }
        return lengths
    }

    /// Canonical codes for `lengths` (RFC 1951 3.2.2), bit-reversed as deflate writes them.
    static func codes(_ lengths: [UInt8]) -> [UInt32] {
        var countOfLength = [Int](repeating: 0, count: 16)
        for l in lengths where l > 0 { countOfLength[Int(l)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1..<16 {
            code = (code + countOfLength[bits - 1]) << 1
            next[bits] = code
        }
        return lengths.map { l in
            guard l > 0 else { return 0 }
            let value = next[Int(l)]
            next[Int(l)] += 1
            var reversed: UInt32 = 0
            for bit in 0..<Int(l) { reversed |= UInt32(value >> bit & 1) << UInt32(Int(l) - 1 - bit) }
            return reversed
        }
    }
}

/// Bits written least significant first, as deflate packs them.
struct BitWriter {
    private(set) var data: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    mutating func put(_ bits: UInt32, _ width: Int) {
        guard width > 0 else { return }
        buffer |= UInt64(bits) << UInt64(count)
        count += width
        while count >= 8 {
            data.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    mutating func alignToByte() {
        if count > 0 { put(0, 8 - count) }
    }

    mutating func bytes(_ bytes: [UInt8]) {
        alignToByte()
        data += bytes
    }
}

/// A lookup structure that finds the nearest palette entry to a colour exactly, without a linear scan.
///
/// The RGB cube is cut into cells: 16 x 16 x 16 (4 bits per channel), or 32 x 32 x 32 for a `fine` table.
/// For every cell it keeps only the palette entries that can be nearest to some colour inside the cell: an
/// entry whose smallest possible distance to the cell exceeds the smallest "farthest corner" distance of
/// any entry can never win. A lookup then compares the colour with the few candidates of its cell, so the
/// answer is exact, whatever the cells' size.
///
/// The cells are pruned in two steps: first blocks of 32 x 32 x 32 levels against every entry, then each
/// cell against its block's candidates only. A block contains its cells, so an entry that can be nearest
/// in a cell can be nearest in its block, and the entry whose farthest distance bounds the cell is one of
/// them: each cell gets exactly the candidates a test against every entry would give, in the same order.
///
/// Which size: building costs a pass over the cells, looking up a pass over a cell's candidates. A GIF's
/// palette is built once, on the path to its first frame, and quantizing without dithering looks up each
/// colour of a frame once (`Quantizer` remembers them), so the coarse cells pay: 4,096 cells of 256
/// dense colours build in 2 to 4 ms against 8 to 19 ms for 32,768, and seek's palette took 0.038 s of CPU
/// instead of 0.060 s for 2 % more quantizing. Dithering looks up nearly every pixel, so its quantizer
/// builds a fine table of its own (coarse cells made circle-control's Floyd-Steinberg render 23 % slower).
struct NearestColorTable: Sendable {
    /// Bits per channel of the cells' index: 4 (coarse) or 5 (fine).
    let cellBits: Int
    var cellsPerAxis: Int { 1 << cellBits }
    var cellSide: Int { 256 / cellsPerAxis }

    /// Palette channels as `[r0, g0, b0, r1, g1, b1, ...]`.
    let channels: [Int]
    /// Candidates of cell `c` are `candidates[cellStart[c] ..< cellStart[c + 1]]`.
    let cellStart: [Int32]
    let candidates: [UInt8]

    /// Builds the table for `colors` (1 to 256 entries), with coarse or `fine` cells.
    init(colors: [RGB8], fine: Bool = false) {
        let cellBits = fine ? 5 : 4, cellsPerAxis = 1 << cellBits, cellSide = 256 / cellsPerAxis
        self.cellBits = cellBits
        var channels = [Int]()
        channels.reserveCapacity(colors.count * 3)
        for color in colors { channels += [Int(color.r), Int(color.g), Int(color.b)] }
        self.channels = channels

        let count = colors.count
        let weights = [ColorDistance.redWeight, ColorDistance.greenWeight, ColorDistance.blueWeight]
        /// Per axis, span and entry: the weighted squared distance along that axis from the entry's channel
        /// to the span's nearest and farthest value, laid out as `[(axis * spans + span) * count + entry]`.
        func axisDistances(side: Int) -> (near: [Int], far: [Int]) {
            let spans = 256 / side
            var near = [Int](repeating: 0, count: 3 * spans * count)
            var far = near
            for axis in 0..<3 {
                for span in 0..<spans {
                    let lo = span * side, hi = lo + side - 1
                    for entry in 0..<count {
                        let v = channels[entry * 3 + axis]
                        let n = v < lo ? lo - v : (v > hi ? v - hi : 0)
                        let f = max(v - lo, hi - v)
                        near[(axis * spans + span) * count + entry] = weights[axis] * n * n
                        far[(axis * spans + span) * count + entry] = weights[axis] * f * f
                    }
                }
            }
            return (near, far)
        }

        // Blocks of 32 x 32 x 32 levels, pruned against every entry.
        let blockSide = 32
        let blockCells = blockSide / cellSide
        let blocksPerAxis = 256 / blockSide
        let blockAxes = axisDistances(side: blockSide)
        var blockStart = [Int](), blockCandidates = [Int]()
        blockStart.reserveCapacity(blocksPerAxis * blocksPerAxis * blocksPerAxis + 1)
        for br in 0..<blocksPerAxis {
            for bg in 0..<blocksPerAxis {
                for bb in 0..<blocksPerAxis {
                    blockStart.append(blockCandidates.count)
                    Self.prune(all: count, near: blockAxes.near, far: blockAxes.far,
                               rows: (br * count, (blocksPerAxis + bg) * count, (2 * blocksPerAxis + bb) * count)) {
                        blockCandidates.append($0)
                    }
                }
            }
        }
        blockStart.append(blockCandidates.count)

        // Cells, pruned against their block's candidates.
        let n = cellsPerAxis
        let cellAxes = axisDistances(side: cellSide)
        var cellStart = [Int32]()
        cellStart.reserveCapacity(n * n * n + 1)
        var candidates = [UInt8]()
        for cr in 0..<n {
            for cg in 0..<n {
                for cb in 0..<n {
                    cellStart.append(Int32(candidates.count))
                    let block = ((cr / blockCells) * blocksPerAxis + cg / blockCells) * blocksPerAxis + cb / blockCells
                    let rows = (cr * count, (n + cg) * count, (2 * n + cb) * count)
                    blockCandidates[blockStart[block]..<blockStart[block + 1]].withUnsafeBufferPointer { entries in
                        Self.prune(entries, near: cellAxes.near, far: cellAxes.far, rows: rows) {
                            candidates.append(UInt8($0))
                        }
                    }
                }
            }
        }
        cellStart.append(Int32(candidates.count))
        self.cellStart = cellStart
        self.candidates = candidates
    }

    /// The table of the same colours in another order: entry `k` of the new table is entry `order[k]` of `table`.
    ///
    /// Which entries can be nearest in a cell does not depend on their order, so each cell keeps its candidates,
    /// renumbered and sorted (ties still go to the lower index): exactly the table `init(colors:)` would build
    /// for the reordered colours, without pruning every cell again.
    init(reordering table: NearestColorTable, by order: [Int]) {
        precondition(order.count * 3 == table.channels.count && Set(order).count == order.count, "a permutation")
        cellBits = table.cellBits
        channels = order.flatMap { table.channels[($0 * 3)..<($0 * 3 + 3)] }
        cellStart = table.cellStart
        var newIndex = [Int](repeating: 0, count: order.count)
        for (k, old) in order.enumerated() { newIndex[old] = k }
        var candidates = [UInt8](repeating: 0, count: table.candidates.count)
        var members = [UInt64](repeating: 0, count: 4) // a cell's entries as a 256-bit set
        var k = 0
        for cell in 0..<(table.cellStart.count - 1) {
            for c in Int(table.cellStart[cell])..<Int(table.cellStart[cell + 1]) {
                let entry = newIndex[Int(table.candidates[c])]
                members[entry >> 6] |= UInt64(1) << UInt64(entry & 63)
            }
            for word in 0..<4 {
                var bits = members[word]
                members[word] = 0
                while bits != 0 { // read back in increasing order
                    candidates[k] = UInt8(word * 64 + bits.trailingZeroBitCount)
                    k += 1
                    bits &= bits - 1
                }
            }
        }
        self.candidates = candidates
    }

    /// Calls `keep` with each of the entries `0..<all` that can be nearest to some colour in one region.
    private static func prune(all: Int, near: [Int], far: [Int], rows: (Int, Int, Int), keep: (Int) -> Void) {
        let entries = Array(0..<all)
        entries.withUnsafeBufferPointer { prune($0, near: near, far: far, rows: rows, keep: keep) }
    }

    /// Calls `keep`, in order, with each of `entries` that can be nearest to some colour in the region
    /// whose per-axis distances start at `rows`: those no nearer than the smallest farthest distance.
    private static func prune(_ entries: UnsafeBufferPointer<Int>, near: [Int], far: [Int], rows: (Int, Int, Int),
                              keep: (Int) -> Void) {
        near.withUnsafeBufferPointer { near in
            far.withUnsafeBufferPointer { far in
                // Typed pointers and `while` loops: no call per entry in unoptimised (debug) builds.
                guard let near = near.baseAddress, let far = far.baseAddress else { return }
                var bound = Int.max
                var k = 0
                while k < entries.count {
                    let e = entries[k]
                    let distance = far[rows.0 + e] + far[rows.1 + e] + far[rows.2 + e]
                    if distance < bound { bound = distance }
                    k += 1
                }
                k = 0
                while k < entries.count {
                    let e = entries[k]
                    if near[rows.0 + e] + near[rows.1 + e] + near[rows.2 + e] <= bound { keep(e) }
                    k += 1
                }
            }
        }
    }

    /// The index of the nearest entry to a colour, and its weighted squared distance (ties go to the lower index).
    func nearest(r: Int, g: Int, b: Int) -> (index: Int, distance: Int) {
        channels.withUnsafeBufferPointer { channels in
            cellStart.withUnsafeBufferPointer { cellStart in
                candidates.withUnsafeBufferPointer { candidates in
                    Lookup(channels: channels, cellStart: cellStart, candidates: candidates, cellBits: cellBits).nearest(r: r, g: g, b: b)
                }
            }
        }
    }

    /// Runs `body` with a lookup over unsafe buffers, for tight per-pixel loops.
    func withLookup<Result>(_ body: (Lookup) throws -> Result) rethrows -> Result {
        try channels.withUnsafeBufferPointer { channels in
            try cellStart.withUnsafeBufferPointer { cellStart in
                try candidates.withUnsafeBufferPointer { candidates in
                    try body(Lookup(channels: channels, cellStart: cellStart, candidates: candidates, cellBits: cellBits))
                }
            }
        }
    }

    /// The table's arrays as unsafe buffers; valid only inside `withLookup`.
    struct Lookup {
        let channels: UnsafeBufferPointer<Int>
        let cellStart: UnsafeBufferPointer<Int32>
        let candidates: UnsafeBufferPointer<UInt8>
        let cellBits: Int

        /// The nearest entry to a colour with channels in 0...255, and its distance.
        @inline(__always)
        func nearest(r: Int, g: Int, b: Int) -> (index: Int, distance: Int) {
            let shift = 8 - cellBits
            let cell = ((r >> shift) << (2 * cellBits)) | ((g >> shift) << cellBits) | (b >> shift)
            var best = 0, bestDistance = Int.max
            for k in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
                let entry = Int(candidates[k])
                let d = ColorDistance.squared(r, g, b, channels[entry * 3], channels[entry * 3 + 1], channels[entry * 3 + 2])
                if d < bestDistance {
                    bestDistance = d
                    best = entry
                }
            }
            return (best, bestDistance)
        }
    }
}

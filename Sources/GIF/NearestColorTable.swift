/// A lookup structure that finds the nearest palette entry to a colour exactly, without a linear scan.
///
/// The RGB cube is cut into 32 x 32 x 32 cells (5 bits per channel). For every cell it keeps only the
/// palette entries that can be nearest to some colour inside the cell: an entry whose smallest possible
/// distance to the cell exceeds the smallest "farthest corner" distance of any entry can never win.
/// A lookup then compares the colour with the few candidates of its cell, so the answer is exact.
struct NearestColorTable: Sendable {
    static let cellBits = 5
    static let cellsPerAxis = 1 << cellBits
    static let cellSide = 256 / cellsPerAxis

    /// Palette channels as `[r0, g0, b0, r1, g1, b1, ...]`.
    let channels: [Int]
    /// Candidates of cell `c` are `candidates[cellStart[c] ..< cellStart[c + 1]]`.
    let cellStart: [Int32]
    let candidates: [UInt8]

    /// Builds the table for `colors` (1 to 256 entries).
    init(colors: [RGB8]) {
        var channels = [Int]()
        channels.reserveCapacity(colors.count * 3)
        for color in colors { channels += [Int(color.r), Int(color.g), Int(color.b)] }
        self.channels = channels

        let n = Self.cellsPerAxis
        let count = colors.count
        // Per axis, cell coordinate and entry: weighted squared distance to the cell's nearest and farthest point.
        let weights = [ColorDistance.redWeight, ColorDistance.greenWeight, ColorDistance.blueWeight]
        var axisNear = [Int](repeating: 0, count: 3 * n * count)
        var axisFar = axisNear
        for axis in 0..<3 {
            for cell in 0..<n {
                let lo = cell * Self.cellSide, hi = lo + Self.cellSide - 1
                for entry in 0..<count {
                    let v = channels[entry * 3 + axis]
                    let near = v < lo ? lo - v : (v > hi ? v - hi : 0)
                    let far = max(v - lo, hi - v)
                    axisNear[(axis * n + cell) * count + entry] = weights[axis] * near * near
                    axisFar[(axis * n + cell) * count + entry] = weights[axis] * far * far
                }
            }
        }

        var cellStart = [Int32]()
        cellStart.reserveCapacity(n * n * n + 1)
        var candidates = [UInt8]()
        axisNear.withUnsafeBufferPointer { near in
            axisFar.withUnsafeBufferPointer { far in
                // Typed pointers and `while` loops inside: no call per entry in unoptimised (debug) builds.
                guard let near = near.baseAddress, let far = far.baseAddress else { return }
                for cr in 0..<n {
                    let rowR = cr * count
                    for cg in 0..<n {
                        let rowG = (n + cg) * count
                        for cb in 0..<n {
                            let rowB = (2 * n + cb) * count
                            cellStart.append(Int32(candidates.count))
                            var bound = Int.max
                            var entry = 0
                            while entry < count {
                                let distance = far[rowR + entry] + far[rowG + entry] + far[rowB + entry]
                                if distance < bound { bound = distance }
                                entry += 1
                            }
                            entry = 0
                            while entry < count {
                                if near[rowR + entry] + near[rowG + entry] + near[rowB + entry] <= bound {
                                    candidates.append(UInt8(entry))
                                }
                                entry += 1
                            }
                        }
                    }
                }
            }
        }
        cellStart.append(Int32(candidates.count))
        self.cellStart = cellStart
        self.candidates = candidates
    }

    /// The index of the nearest entry to a colour, and its weighted squared distance (ties go to the lower index).
    func nearest(r: Int, g: Int, b: Int) -> (index: Int, distance: Int) {
        channels.withUnsafeBufferPointer { channels in
            cellStart.withUnsafeBufferPointer { cellStart in
                candidates.withUnsafeBufferPointer { candidates in
                    Lookup(channels: channels, cellStart: cellStart, candidates: candidates).nearest(r: r, g: g, b: b)
                }
            }
        }
    }

    /// Runs `body` with a lookup over unsafe buffers, for tight per-pixel loops.
    func withLookup<Result>(_ body: (Lookup) throws -> Result) rethrows -> Result {
        try channels.withUnsafeBufferPointer { channels in
            try cellStart.withUnsafeBufferPointer { cellStart in
                try candidates.withUnsafeBufferPointer { candidates in
                    try body(Lookup(channels: channels, cellStart: cellStart, candidates: candidates))
                }
            }
        }
    }

    /// The table's arrays as unsafe buffers; valid only inside `withLookup`.
    struct Lookup {
        let channels: UnsafeBufferPointer<Int>
        let cellStart: UnsafeBufferPointer<Int32>
        let candidates: UnsafeBufferPointer<UInt8>

        /// The nearest entry to a colour with channels in 0...255, and its distance.
        @inline(__always)
        func nearest(r: Int, g: Int, b: Int) -> (index: Int, distance: Int) {
            let shift = 8 - NearestColorTable.cellBits
            let cell = ((r >> shift) << (2 * NearestColorTable.cellBits)) | ((g >> shift) << NearestColorTable.cellBits)
                | (b >> shift)
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

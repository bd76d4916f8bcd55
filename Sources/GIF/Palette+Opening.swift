import Pixels

extension Palette {
    /// A palette for the first frame of an animation whose other frames use this (global) palette, or nil if
    /// it would not pay for its local colour table.
    ///
    /// The first frame draws everything the animation keeps still (text, buttons, backgrounds), and the GIF
    /// writer never redraws a pixel whose source does not change, so those pixels show the first frame's
    /// colours for the whole animation. A global palette shares its 255 colours with what moves; the opening
    /// palette spends the first frame's 255 on what it shows, by how long it shows it:
    /// - each pixel of `samples[0]` weighs as many samples as show it unchanged from the start (its
    ///   persistence), so still content counts for the whole animation and moving content for a moment;
    /// - it keeps the global colours nearest to the still pixels (unchanged in every sample), and gives the
    ///   other entries to the colours those miss: weighted k-means with the kept colours fixed, seeded two
    ///   ways (a median cut of the missed colours, and the global palette's other colours, so it is never worse
    ///   than the global palette), the better of the two kept.
    ///
    /// It is returned only if the first frame's persistence-weighted squared error falls by at least
    /// `minimumGain` of the samples' total squared error under this palette (roughly the fraction of the
    /// animation's error it removes), as a local table costs 768 bytes and makes the writer compare colours.
    /// Frames of more than `ColorHistogram.clusterLimit` colours (photographs) are left to the global palette.
    public func opening(for samples: [PixelImage], minimumGain: Double = 0.1) -> Palette? {
        opening(for: samples, persistence: Self.persistence(of: samples), totalError: totalError(of: samples),
                minimumGain: minimumGain)
    }

    /// `opening(for:minimumGain:)` with the samples' `persistence(of:)` and `totalError(of:)` already known.
    public func opening(for samples: [PixelImage], persistence weights: [Int], totalError total: Double,
                        minimumGain: Double = 0.1) -> Palette? {
        guard let first = samples.first,
              samples.allSatisfy({ $0.width == first.width && $0.height == first.height }) else { return nil }
        return opening(first: first, pixelCount: weights.count, persistence: { weights[$0] }, sampleCount: samples.count,
                       totalError: total, minimumGain: minimumGain)
    }

    /// `opening(for:minimumGain:)` for samples gathered one at a time, with their `totalError(of:)` known.
    public func opening(for samples: PaletteSamples, totalError total: Double, minimumGain: Double = 0.1) -> Palette? {
        guard let first = samples.first, !samples.mismatched else { return nil }
        return opening(first: first, pixelCount: samples.pixelCount, persistence: { samples.persistence(ofPixel: $0) },
                       sampleCount: samples.count, totalError: total, minimumGain: minimumGain)
    }

    /// `opening(for:minimumGain:)` with pixel `p`'s persistence given by `weight(p)`.
    private func opening(first: PixelImage, pixelCount: Int, persistence weight: (Int) -> Int, sampleCount: Int,
                         totalError total: Double, minimumGain: Double) -> Palette? {
        guard !isFull, pixelCount == first.width * first.height else { return nil }
        // The first frame's colours, weighted by persistence, and those of its still pixels (unchanged in every sample).
        // Pixels come in runs of one colour: a run's weights are summed before its one dictionary update.
        var weighted: [UInt32: Int] = [:]
        var still = Set<UInt32>()
        var run: (color: UInt32, weight: Int, still: Bool)?
        func addRun() {
            guard let run else { return }
            weighted[run.color, default: 0] += run.weight
            if run.still { still.insert(run.color) }
        }
        first.pixels.withUnsafeBytes { bytes in
            for p in 0..<pixelCount {
                let word = bytes.loadUnaligned(fromByteOffset: p * 4, as: UInt32.self)
                guard word >> 24 >= 128 else { continue }
                let color = word & 0xFF_FFFF
                let persistence = weight(p)
                if let current = run, current.color == color {
                    run = (color, current.weight + persistence, current.still || persistence == sampleCount)
                } else {
                    addRun()
                    run = (color, persistence, persistence == sampleCount)
                }
            }
        }
        addRun()
        guard weighted.count > 1, weighted.count <= ColorHistogram.clusterLimit else { return nil }
        let points = weighted.sorted { $0.key < $1.key }.map { key, weight in
            WeightedColor(r: Double(key & 0xFF), g: Double((key >> 8) & 0xFF), b: Double(key >> 16), weight: Double(weight))
        }
        // The global colours worth keeping: those nearest to a still pixel of the first frame.
        var used = [Bool](repeating: false, count: colors.count)
        table.withLookup { lookup in
            for point in points where still.contains(UInt32(point.r) | UInt32(point.g) << 8 | UInt32(point.b) << 16) {
                used[lookup.nearest(r: Int(point.r), g: Int(point.g), b: Int(point.b)).index] = true
            }
        }
        let kept = colors.indices.filter { used[$0] }.map { colors[$0] }
        let free = Palette.maxColors - kept.count
        guard free > 0 else { return nil }
        let keptSet = Set(kept)
        let residual = points.filter { !keptSet.contains(RGB8(r: UInt8($0.r), g: UInt8($0.g), b: UInt8($0.b))) }
        guard !residual.isEmpty else { return nil }
        // Two seeds for the free colours, each refined by k-means with the kept colours fixed; the better wins:
        // a median cut of the colours the kept ones miss, and the global palette's other colours (so the result
        // is never worse than the global palette). Seeding from the still pixels alone was always worst: it
        // leaves the first frame's moving content without colours.
        let unkept = colors.filter { !keptSet.contains($0) }.map { (r: Double($0.r), g: Double($0.g), b: Double($0.b)) }
        var cut = residual
        let split = residual.count <= free ? residual.map { ($0.r, $0.g, $0.b) } : MedianCut.split(&cut, into: free).map(\.mean)
        let seeds = [unkept, split]
        let candidates = seeds.map { seed in
            let colors = Self.refined(kept: kept, seed: Array(seed.prefix(free)), points: residual)
            return (colors: colors, error: Self.error(of: points, nearestIn: colors))
        }
        guard let best = candidates.min(by: { $0.error < $1.error }) else { return nil }
        guard total > 0, error(of: points) - best.error >= minimumGain * total else { return nil }
        return Palette(colors: best.colors)
    }

    /// The colours of `kept` and those k-means moves `seed` to over `points`, with `kept` fixed.
    private static func refined(kept: [RGB8], seed: [(r: Double, g: Double, b: Double)], points: [WeightedColor]) -> [RGB8] {
        var centers = kept.map { (r: Double($0.r), g: Double($0.g), b: Double($0.b)) } + seed
        var assignment = points.map { point in
            centers.indices.min {
                ColorDistance.squared(point.r, point.g, point.b, centers[$0].r, centers[$0].g, centers[$0].b)
                    < ColorDistance.squared(point.r, point.g, point.b, centers[$1].r, centers[$1].g, centers[$1].b)
            } ?? 0
        }
        KMeans.refine(points: points, centers: &centers, assignment: &assignment, maxRounds: 8, fixed: kept.count)
        var seen = Set<RGB8>()
        var colors = [RGB8]()
        for center in centers {
            let color = RGB8(r: channelByte(center.r), g: channelByte(center.g), b: channelByte(center.b))
            if seen.insert(color).inserted { colors.append(color) }
        }
        return colors
    }

    /// The summed weighted squared distance of `points` to their nearest colours.
    func error(of points: [WeightedColor]) -> Double {
        table.withLookup { lookup in
            points.reduce(0) { $0 + $1.weight * Double(lookup.nearest(r: Int($1.r), g: Int($1.g), b: Int($1.b)).distance) }
        }
    }

    /// `error(of:)` for colours with no lookup table yet, by scanning them (candidates are compared before one
    /// of them becomes a palette).
    static func error(of points: [WeightedColor], nearestIn colors: [RGB8]) -> Double {
        let channels = colors.map { (Int($0.r), Int($0.g), Int($0.b)) }
        return points.reduce(0) { total, point in
            let (r, g, b) = (Int(point.r), Int(point.g), Int(point.b))
            let nearest = channels.reduce(Int.max) { min($0, ColorDistance.squared(r, g, b, $1.0, $1.1, $1.2)) }
            return total + point.weight * Double(nearest)
        }
    }
}

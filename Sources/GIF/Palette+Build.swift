import Pixels

extension Palette {
    /// Builds one global palette from sample frames, weighting colours by their pixel counts.
    ///
    /// Pixels with alpha < 128 are ignored; the others count with their straight RGB colour. If the samples
    /// hold at most `maxColors` distinct colours, the palette is exactly those colours (sorted by value).
    /// Otherwise the distinct colours, weighted by pixel count, are clustered (beyond
    /// `ColorHistogram.clusterLimit` of them, 6-bit-per-channel bins at the mean of their pixels instead),
    /// seeded by a variance-minimising median cut (Wu-style: always split the box with the largest weighted
    /// error, on its widest axis, at the position that minimises the two halves' error), then refined by
    /// weighted k-means until stable (at most 8 rounds). Deterministic. Samples with no opaque pixel give `[black]`.
    ///
    /// `maxColors` may be 256 (`Palette.maxOpaqueColors`) for opaque animations, but only samples of exactly
    /// 256 colours then make a full palette (with no transparent index), which keeps them lossless. Clustering
    /// makes at most 255 colours: one colour more gains about 0.02 dB, while a full palette costs every image
    /// that draws all 256 colours its transparency.
    public static func build(from samples: [PixelImage], maxColors: Int = 255) -> Palette {
        var histogram = ColorHistogram()
        for image in samples { histogram.add(image) }
        return build(from: histogram, maxColors: maxColors)
    }

    /// `build(from:maxColors:)` from samples gathered one at a time.
    public static func build(from samples: PaletteSamples, maxColors: Int = 255) -> Palette {
        build(from: samples.histogram, maxColors: maxColors)
    }

    /// `build(from:maxColors:)` from the samples' histogram.
    static func build(from histogram: ColorHistogram, maxColors: Int) -> Palette {
        let exactLimit = min(max(maxColors, 1), Palette.maxOpaqueColors)
        let limit = min(exactLimit, Palette.maxColors)
        if let exact = histogram.exactColors(limit: exactLimit) {
            return Palette(colors: exact.isEmpty ? [RGB8(r: 0, g: 0, b: 0)] : exact)
        }
        var points = histogram.weightedColors
        let boxes = MedianCut.split(&points, into: limit)
        var centers = boxes.map { $0.mean }
        var assignment = [Int](repeating: 0, count: points.count)
        for (index, box) in boxes.enumerated() {
            for p in box.range { assignment[p] = index }
        }
        KMeans.refine(points: points, centers: &centers, assignment: &assignment, maxRounds: 8)
        var seen = Set<RGB8>()
        var colors = [RGB8]()
        for center in centers {
            let color = RGB8(r: Self.channelByte(center.r), g: Self.channelByte(center.g), b: Self.channelByte(center.b))
            if seen.insert(color).inserted { colors.append(color) }
        }
        return Palette(colors: colors)
    }

    /// A fractional channel rounded and clamped to a byte.
    static func channelByte(_ value: Double) -> UInt8 {
        UInt8(min(max(value.rounded(), 0), 255))
    }
}

/// A box of the median cut: a range of the (reordered) points and its weighted statistics.
struct ColorBox {
    var range: Range<Int>
    var weight: Double
    var sum: (r: Double, g: Double, b: Double)
    /// The weighted squared error of the points around their mean (in the module's colour metric).
    var error: Double

    /// The weighted mean colour.
    var mean: (r: Double, g: Double, b: Double) {
        (sum.r / weight, sum.g / weight, sum.b / weight)
    }

    /// The statistics of `points[range]`.
    init(points: [WeightedColor], range: Range<Int>) {
        self.range = range
        var w = 0.0, sr = 0.0, sg = 0.0, sb = 0.0, sq = 0.0
        for p in points[range] {
            w += p.weight
            sr += p.weight * p.r
            sg += p.weight * p.g
            sb += p.weight * p.b
            sq += p.weight * ColorDistance.squared(p.r, p.g, p.b, 0, 0, 0)
        }
        weight = w
        sum = (sr, sg, sb)
        error = range.count < 2 ? 0 : max(0, sq - ColorDistance.squared(sr, sg, sb, 0, 0, 0) / w)
    }
}

/// The seed of the palette: greedy variance-minimising splits of the colour cloud.
enum MedianCut {
    /// Splits the points into at most `count` boxes, reordering `points` so every box is a contiguous range.
    static func split(_ points: inout [WeightedColor], into count: Int) -> [ColorBox] {
        var boxes = [ColorBox(points: points, range: 0..<points.count)]
        while boxes.count < count {
            guard let worst = boxes.indices.max(by: { boxes[$0].error < boxes[$1].error }),
                  boxes[worst].error > 0 else { break }
            let (left, right) = bisect(&points, boxes[worst])
            boxes[worst] = left
            boxes.append(right)
        }
        return boxes
    }

    /// Splits a box on its widest (weighted-variance) axis at the cut that minimises the two halves' error.
    private static func bisect(_ points: inout [WeightedColor], _ box: ColorBox) -> (ColorBox, ColorBox) {
        let mean = box.mean
        let weights = [Double(ColorDistance.redWeight), Double(ColorDistance.greenWeight), Double(ColorDistance.blueWeight)]
        let means = [mean.r, mean.g, mean.b]
        var variance = [0.0, 0.0, 0.0]
        for p in points[box.range] {
            for axis in 0..<3 {
                let d = p.channel(axis) - means[axis]
                variance[axis] += p.weight * d * d * weights[axis]
            }
        }
        let axis = variance[0] >= variance[1] ? (variance[0] >= variance[2] ? 0 : 2) : (variance[1] >= variance[2] ? 1 : 2)
        points[box.range].sort { a, b in
            let ka = a.channel(axis), kb = b.channel(axis)
            if ka != kb { return ka < kb }
            if a.r != b.r { return a.r < b.r }
            if a.g != b.g { return a.g < b.g }
            return a.b < b.b
        }
        // Error of a prefix = sq - |s|^2 / w; the best cut minimises left + right error.
        var total = (w: 0.0, r: 0.0, g: 0.0, b: 0.0, sq: 0.0)
        for p in points[box.range] {
            total.w += p.weight; total.r += p.weight * p.r; total.g += p.weight * p.g; total.b += p.weight * p.b
            total.sq += p.weight * ColorDistance.squared(p.r, p.g, p.b, 0, 0, 0)
        }
        var left = (w: 0.0, r: 0.0, g: 0.0, b: 0.0, sq: 0.0)
        var bestCut = box.range.lowerBound + 1, bestError = Double.infinity
        for i in box.range.dropLast() {
            let p = points[i]
            left.w += p.weight; left.r += p.weight * p.r; left.g += p.weight * p.g; left.b += p.weight * p.b
            left.sq += p.weight * ColorDistance.squared(p.r, p.g, p.b, 0, 0, 0)
            let rw = total.w - left.w
            let leftError = left.sq - ColorDistance.squared(left.r, left.g, left.b, 0, 0, 0) / left.w
            let rightError = (total.sq - left.sq)
                - ColorDistance.squared(total.r - left.r, total.g - left.g, total.b - left.b, 0, 0, 0) / rw
            if leftError + rightError < bestError {
                bestError = leftError + rightError
                bestCut = i + 1
            }
        }
        return (ColorBox(points: points, range: box.range.lowerBound..<bestCut),
                ColorBox(points: points, range: bestCut..<box.range.upperBound))
    }
}

/// Weighted Lloyd k-means with triangle-inequality pruning (pruning only skips centres that cannot be nearer).
enum KMeans {
    /// Moves `centers` to the weighted means of their points until no point changes cluster or `maxRounds` pass;
    /// the first `fixed` centres stay where they are (points still join them).
    static func refine(points: [WeightedColor], centers: inout [(r: Double, g: Double, b: Double)],
                       assignment: inout [Int], maxRounds: Int, fixed: Int = 0) {
        let k = centers.count
        for _ in 0..<maxRounds {
            // Squared distances between centers: if d(c_a, c_j)^2 >= 4 d(p, c_a)^2, c_j cannot beat c_a for p.
            var between = [Double](repeating: 0, count: k * k)
            for i in 0..<k {
                for j in 0..<k {
                    between[i * k + j] = ColorDistance.squared(centers[i].r, centers[i].g, centers[i].b,
                                                               centers[j].r, centers[j].g, centers[j].b)
                }
            }
            var changed = false
            for (p, point) in points.enumerated() {
                let current = assignment[p]
                var best = current
                var bestDistance = ColorDistance.squared(point.r, point.g, point.b,
                                                         centers[current].r, centers[current].g, centers[current].b)
                let limit = 4 * bestDistance
                for j in 0..<k where j != current && between[current * k + j] < limit {
                    let d = ColorDistance.squared(point.r, point.g, point.b, centers[j].r, centers[j].g, centers[j].b)
                    if d < bestDistance || (d == bestDistance && j < best) {
                        bestDistance = d
                        best = j
                    }
                }
                if best != current {
                    assignment[p] = best
                    changed = true
                }
            }
            var sums = [(w: Double, r: Double, g: Double, b: Double)](repeating: (0, 0, 0, 0), count: k)
            for (p, point) in points.enumerated() {
                let c = assignment[p]
                sums[c].w += point.weight
                sums[c].r += point.weight * point.r
                sums[c].g += point.weight * point.g
                sums[c].b += point.weight * point.b
            }
            for c in fixed..<k where sums[c].w > 0 {
                centers[c] = (sums[c].r / sums[c].w, sums[c].g / sums[c].w, sums[c].b / sums[c].w)
            }
            if !changed { break }
        }
    }
}

import Pixels

/// Counts the opaque colours of sample images: exactly while there are at most `clusterLimit` distinct ones,
/// and, beyond that, in 6-bit-per-channel bins (count and channel sums per bin). The palette builder clusters the
/// exact colours when it has them, so neighbouring shades (anti-aliased edges, fades) are not merged before
/// clustering, and the bins otherwise (photographic content).
struct ColorHistogram {
    static let binBits = 6
    static let binCount = 1 << (3 * binBits)
    /// The most distinct colours counted exactly: beyond it, clustering uses the bins (bounded time and memory).
    static let clusterLimit = 1 << 15

    /// Exact pixel counts per colour (key `r << 16 | g << 8 | b`), kept only while there are at most `clusterLimit`.
    private(set) var exactCounts: [UInt32: Int] = [:]
    /// Whether more than `clusterLimit` distinct colours were seen (then `exactCounts` is dropped).
    private(set) var exceededClusterLimit = false
    /// Per bin: pixel count, then the sums of red, green and blue (4 values per bin); made (8 MiB) only once
    /// there are more than `clusterLimit` colours, from the exact counts so far.
    private var bins: [Int] = []

    /// An empty histogram.
    init() {}

    /// Adds the pixels of `image` whose alpha is at least 128, with their straight RGB colour.
    mutating func add(_ image: PixelImage) {
        var runKey: UInt32 = 0
        var runLength = 0
        image.pixels.withUnsafeBufferPointer { pixels in
            // A `while` loop over a typed pointer, not `stride` over the buffer: unoptimised (debug) builds
            // would make calls per pixel.
            guard let bytes = pixels.baseAddress else { return }
            var i = -4
            while i + 4 < pixels.count {
                i += 4
                guard bytes[i + 3] >= 128 else { continue }
                let key = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
                if runLength > 0 && key == runKey {
                    runLength += 1
                } else {
                    if runLength > 0 { addRun(key: runKey, count: runLength) }
                    runKey = key
                    runLength = 1
                }
            }
        }
        if runLength > 0 { addRun(key: runKey, count: runLength) }
    }

    private mutating func addRun(key: UInt32, count: Int) {
        guard exceededClusterLimit else {
            exactCounts[key, default: 0] += count
            if exactCounts.count > Self.clusterLimit {
                // The bins start from the exact counts: the same sums as if every pixel had gone to them.
                exceededClusterLimit = true
                bins = [Int](repeating: 0, count: Self.binCount * 4)
                for (key, count) in exactCounts { addToBin(key: key, count: count) }
                exactCounts = [:]
            }
            return
        }
        addToBin(key: key, count: count)
    }

    private mutating func addToBin(key: UInt32, count: Int) {
        let r = Int(key >> 16), g = Int((key >> 8) & 0xFF), b = Int(key & 0xFF)
        let shift = 8 - Self.binBits
        let bin = ((r >> shift) << (2 * Self.binBits) | (g >> shift) << Self.binBits | (b >> shift)) * 4
        bins[bin] += count
        bins[bin + 1] += r * count
        bins[bin + 2] += g * count
        bins[bin + 3] += b * count
    }

    /// The distinct colours, sorted by value, if there were at most `limit` of them.
    func exactColors(limit: Int) -> [RGB8]? {
        guard !exceededClusterLimit, exactCounts.count <= limit else { return nil }
        return exactCounts.keys.sorted().map { RGB8(r: UInt8($0 >> 16), g: UInt8(($0 >> 8) & 0xFF), b: UInt8($0 & 0xFF)) }
    }

    /// The points to cluster: every distinct colour weighted by its pixel count (sorted by value) while there
    /// are at most `clusterLimit`, else the occupied bins at the mean colour of their pixels (in bin order).
    var weightedColors: [WeightedColor] {
        if !exceededClusterLimit {
            return exactCounts.sorted { $0.key < $1.key }.map { key, count in
                WeightedColor(r: Double(key >> 16), g: Double((key >> 8) & 0xFF), b: Double(key & 0xFF),
                              weight: Double(count))
            }
        }
        var points = [WeightedColor]()
        for bin in 0..<Self.binCount where bins[bin * 4] > 0 {
            let count = Double(bins[bin * 4])
            points.append(WeightedColor(r: Double(bins[bin * 4 + 1]) / count, g: Double(bins[bin * 4 + 2]) / count,
                                        b: Double(bins[bin * 4 + 3]) / count, weight: count))
        }
        return points
    }
}

/// A colour with fractional channels and a weight (a pixel count).
struct WeightedColor {
    var r: Double
    var g: Double
    var b: Double
    var weight: Double

    /// The channel along `axis` (0 red, 1 green, 2 blue).
    func channel(_ axis: Int) -> Double {
        axis == 0 ? r : (axis == 1 ? g : b)
    }
}

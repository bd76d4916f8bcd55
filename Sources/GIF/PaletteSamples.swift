import Pixels

/// What the palettes of a GIF need to know about its sample frames, gathered one sample at a time in frame
/// order so that the samples themselves need not be kept: their colour histogram, how long each pixel of
/// the first one stays unchanged (its persistence), the colours of the pixels that change from one sample
/// to the next, the first sample, and whether all are opaque.
public struct PaletteSamples: Sendable {
    /// How many samples were added.
    public private(set) var count = 0
    /// The first sample (the animation's first frame).
    public private(set) var first: PixelImage?
    /// Whether every sample is fully opaque.
    public private(set) var isOpaque = true
    /// Whether a sample differed in size from the first (then persistence and changes stop counting).
    private(set) var mismatched = false
    /// The opaque colours of every sample.
    private(set) var histogram = ColorHistogram()
    /// Per pixel of the first sample, how many samples show it unchanged from the start.
    private(set) var persistence: [Int] = []
    private var alive: [Bool] = []
    /// How many pixels took each colour (the RGBA word, alpha at least 128) from one sample to the next.
    private(set) var changedColors: [UInt32: Int] = [:]
    private var previous: PixelImage?

    public init() {}

    /// The samples of `images`, added in order.
    public init(_ images: [PixelImage]) {
        for image in images { add(image) }
    }

    /// Adds the next sample.
    public mutating func add(_ sample: PixelImage) {
        count += 1
        histogram.add(sample)
        if isOpaque, !sample.isOpaque { isOpaque = false }
        guard let first, let previous else {
            first = sample
            previous = sample
            persistence = [Int](repeating: 1, count: sample.width * sample.height)
            alive = [Bool](repeating: true, count: sample.width * sample.height)
            return
        }
        guard !mismatched, sample.width == first.width, sample.height == first.height else {
            mismatched = true
            return
        }
        let pixelCount = persistence.count
        // Moved out and back (no copy), so the closures below borrow locals rather than `self`.
        var persistence: [Int] = [], alive: [Bool] = [], changedColors: [UInt32: Int] = [:]
        swap(&persistence, &self.persistence)
        swap(&alive, &self.alive)
        swap(&changedColors, &self.changedColors)
        defer {
            swap(&persistence, &self.persistence)
            swap(&alive, &self.alive)
            swap(&changedColors, &self.changedColors)
        }
        // Typed pointers and `while` loops: no call per pixel in unoptimised (debug) builds.
        persistence.withUnsafeMutableBufferPointer { weights in
            alive.withUnsafeMutableBufferPointer { alive in
                first.pixels.withUnsafeBytes { start in
                    previous.pixels.withUnsafeBytes { before in
                        sample.pixels.withUnsafeBytes { after in
                            guard let weights = weights.baseAddress, let alive = alive.baseAddress,
                                  let start = start.baseAddress?.assumingMemoryBound(to: UInt32.self),
                                  let then = before.baseAddress?.assumingMemoryBound(to: UInt32.self),
                                  let now = after.baseAddress?.assumingMemoryBound(to: UInt32.self) else { return }
                            var changedWord: UInt32 = 0, changedRun = 0
                            var p = 0
                            while p < pixelCount {
                                let word = now[p]
                                if alive[p] {
                                    if word == start[p] { weights[p] += 1 } else { alive[p] = false }
                                }
                                if word != then[p], word >> 24 >= 128 {
                                    if changedRun > 0, word == changedWord {
                                        changedRun += 1
                                    } else {
                                        if changedRun > 0 { changedColors[changedWord, default: 0] += changedRun }
                                        changedWord = word
                                        changedRun = 1
                                    }
                                }
                                p += 1
                            }
                            if changedRun > 0 { changedColors[changedWord, default: 0] += changedRun }
                        }
                    }
                }
            }
        }
        self.previous = sample
    }

    /// Per pixel of the first sample, whether every sample shows it unchanged.
    public var stillPixels: [Bool] { persistence.map { $0 == count } }

    /// Lets go of the last sample (kept only to compare the next one with).
    public mutating func finish() {
        previous = nil
        alive = []
    }
}

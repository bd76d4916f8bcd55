import Pixels
#if canImport(Glibc)
import Glibc
#endif

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
    /// Per pixel of the first sample, how many samples show it unchanged from the start: the number of the
    /// sample before the first that changes it, or 0 while none has (then the persistence is `count`).
    /// Two bytes a pixel, where an `Int` and an alive flag took nine.
    private var changedAfter: [UInt16] = []
    /// How many pixels took each colour (the RGBA word, alpha at least 128) from one sample to the next.
    private(set) var changedColors: [UInt32: Int] = [:]
    private var previous: PixelImage?

    public init() {}

    /// The samples of `images`, added in order.
    public init(_ images: [PixelImage]) {
        for image in images { add(image) }
    }

    /// Adds the next sample. Rows equal to the previous sample's change nothing but the histogram, so they
    /// are compared whole and skipped.
    public mutating func add(_ sample: PixelImage) {
        count += 1
        histogram.add(sample)
        if isOpaque, !sample.isOpaque { isOpaque = false }
        guard let first, let previous else {
            first = sample
            previous = sample
            changedAfter = [UInt16](repeating: 0, count: sample.width * sample.height)
            return
        }
        guard !mismatched, sample.width == first.width, sample.height == first.height, count <= UInt16.max else {
            mismatched = true
            return
        }
        let (width, height) = (first.width, first.height)
        let sampleBefore = UInt16(count - 1)
        // Moved out and back (no copy), so the closures below borrow locals rather than `self`.
        var changedAfter: [UInt16] = [], changedColors: [UInt32: Int] = [:]
        swap(&changedAfter, &self.changedAfter)
        swap(&changedColors, &self.changedColors)
        defer {
            swap(&changedAfter, &self.changedAfter)
            swap(&changedColors, &self.changedColors)
        }
        // Typed pointers and `while` loops: no call per pixel in unoptimised (debug) builds.
        changedAfter.withUnsafeMutableBufferPointer { changedAfter in
            first.pixels.withUnsafeBytes { start in
                previous.pixels.withUnsafeBytes { before in
                    sample.pixels.withUnsafeBytes { after in
                        guard let changedAfter = changedAfter.baseAddress,
                              let start = start.baseAddress?.assumingMemoryBound(to: UInt32.self),
                              let then = before.baseAddress?.assumingMemoryBound(to: UInt32.self),
                              let now = after.baseAddress?.assumingMemoryBound(to: UInt32.self) else { return }
                        var changedWord: UInt32 = 0, changedRun = 0
                        for y in 0..<height {
                            // A row as it was: every pixel still as at the start stays so, and none changed colour.
                            if memcmp(now + y * width, then + y * width, width * 4) == 0 { continue }
                            var p = y * width
                            let end = p + width
                            while p < end {
                                let word = now[p]
                                if changedAfter[p] == 0 && word != start[p] { changedAfter[p] = sampleBefore }
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
                        }
                        if changedRun > 0 { changedColors[changedWord, default: 0] += changedRun }
                    }
                }
            }
        }
        self.previous = sample
    }

    /// Per pixel of the first sample, how many samples show it unchanged from the start, counting from the
    /// first until it changes.
    public var persistence: [Int] { changedAfter.map { $0 == 0 ? count : Int($0) } }

    /// The persistence of pixel `p` (`persistence[p]` without making the array).
    @inline(__always) func persistence(ofPixel p: Int) -> Int {
        let changed = changedAfter[p]
        return changed == 0 ? count : Int(changed)
    }

    /// How many pixels `persistence` has: those of the first sample.
    var pixelCount: Int { changedAfter.count }

    /// Per pixel of the first sample, whether every sample shows it unchanged.
    public var stillPixels: [Bool] { changedAfter.map { $0 == 0 } }

    /// Lets go of the last sample (kept only to compare the next one with).
    public mutating func finish() {
        previous = nil
    }
}

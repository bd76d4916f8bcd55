import Pixels

/// The outcome of comparing an actual image with an expected one under an `ImageTolerance`.
///
/// The counts are those of the tolerance given to `ImageComparator.compare`; `passes(_:)` can judge the
/// same comparison under any other tolerance, because it keeps how many differing pixels need which
/// channel level to be ignored.
public struct ImageComparison: Sendable {
    /// Pixels that differ beyond the tolerance's channel level and count against it (anti-aliased
    /// pixels are included only when the tolerance does not ignore anti-aliasing).
    public let differentPixels: Int
    /// Pixels that differ beyond the channel level and look like anti-aliased edges, counted or not.
    public let antialiasedPixels: Int
    /// The number of pixels compared (`width * height`; the larger area when the sizes differ).
    public let totalPixels: Int
    /// The largest difference, in whole levels rounded up, of one channel of the colours as seen over
    /// white (0 when the images look the same or their sizes differ); when it is at most a tolerance's
    /// `channel`, no pixel counts as different under that tolerance.
    public let maxChannelDifference: Int
    /// Whether the images have different widths or heights; such images never pass.
    public let sizeMismatch: Bool
    /// The tolerance the counts and `diffImage` were made with.
    public let tolerance: ImageTolerance
    /// The expected image faded to light grey, with counted differences in red and ignored anti-aliased
    /// ones in yellow; `nil` when the images are byte-for-byte identical or their sizes differ.
    public let diffImage: PixelImage?

    /// For each channel level 1...256, how many differing pixels need it, not looking anti-aliased.
    let plainPixelsByLevel: [Int]
    /// For each channel level 1...256, how many differing pixels need it, looking anti-aliased.
    let antialiasedPixelsByLevel: [Int]

    /// Whether the images count as the same picture under `tolerance`.
    public func passes(_ tolerance: ImageTolerance) -> Bool {
        guard !sizeMismatch else { return false }
        return countedPixels(for: tolerance) <= tolerance.allowedDifferentPixels(of: totalPixels)
    }

    /// Whether the images count as the same picture under the tolerance they were compared with.
    public var passesItsTolerance: Bool { passes(tolerance) }

    /// How many pixels count as different under `tolerance`.
    public func countedPixels(for tolerance: ImageTolerance) -> Int {
        guard !sizeMismatch else { return totalPixels }
        var count = 0
        for level in (tolerance.channelLevel + 1)...ChannelLevel.beyondAll {
            count += plainPixelsByLevel[level]
            if !tolerance.ignoreAntialiasing { count += antialiasedPixelsByLevel[level] }
        }
        return count
    }
}

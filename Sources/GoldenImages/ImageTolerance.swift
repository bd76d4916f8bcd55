/// How different two images may be and still count as the same picture.
///
/// A pixel *differs* when the perceptual (YIQ) distance between the two colours, each blended over
/// white by its alpha, exceeds the distance that a difference of `channel` levels in every channel
/// can produce. So a difference of at most `channel` levels in each of R, G and B (as seen over white)
/// is always ignored, and some larger differences along perceptually weak directions are ignored too;
/// `channel / 255` is pixelmatch's `threshold`. The images match when the share of differing pixels is
/// at most `maxDifferentFraction`, not counting anti-aliased edge pixels when `ignoreAntialiasing` is on.
public struct ImageTolerance: Sendable, Hashable {
    /// The largest difference, in 8-bit levels per channel (0...255), that is ignored in a pixel.
    public var channel: Int
    /// The share of pixels (0...1) that may differ beyond `channel`; rounded down to a pixel count.
    public var maxDifferentFraction: Double
    /// Whether differing pixels that look like anti-aliased edges in either image are left uncounted.
    public var ignoreAntialiasing: Bool

    /// A tolerance with the given limits.
    public init(channel: Int, maxDifferentFraction: Double, ignoreAntialiasing: Bool = true) {
        self.channel = channel
        self.maxDifferentFraction = maxDifferentFraction
        self.ignoreAntialiasing = ignoreAntialiasing
    }

    /// Every pixel must look the same: no channel tolerance, no differing pixel, anti-aliasing counted.
    public static let exact = ImageTolerance(channel: 0, maxDifferentFraction: 0, ignoreAntialiasing: false)

    /// The golden-test default: 16 levels per channel, 0.1 % of the pixels, anti-aliased edges ignored.
    public static let `default` = ImageTolerance(channel: 16, maxDifferentFraction: 0.001, ignoreAntialiasing: true)

    /// `channel` clamped to 0...255.
    var channelLevel: Int { min(max(channel, 0), 255) }

    /// How many differing pixels an image of `totalPixels` pixels may have.
    func allowedDifferentPixels(of totalPixels: Int) -> Int {
        let fraction = min(max(maxDifferentFraction, 0), 1)
        return Int((fraction * Double(totalPixels)).rounded(.down))
    }
}

/// How different two images may be and still count as the same picture.
///
/// A pixel *differs* when the perceptual (YIQ) distance between the two colours, each blended over
/// white by its alpha, exceeds the distance that a difference of `channel` levels in every channel
/// can produce. So a difference of at most `channel` levels in each of R, G and B (as seen over white)
/// is always ignored, and some larger differences along perceptually weak directions are ignored too;
/// `channel / 255` is pixelmatch's `threshold`. The images match when the number of differing pixels is
/// at most `maxDifferentPixels` or the share `maxDifferentFraction`, whichever allows more, not counting
/// anti-aliased edge pixels when `ignoreAntialiasing` is on.
///
/// The default (2 levels, 2 pixels, anti-aliased edges ignored) was chosen on a corpus of synthetic
/// regressions made from the project's goldens; docs/golden-tests.md gives the measurements and how to
/// loosen it.
public struct ImageTolerance: Sendable, Hashable {
    /// The largest difference, in 8-bit levels per channel (0...255), that is ignored in a pixel.
    public var channel: Int
    /// The share of pixels (0...1) that may differ beyond `channel`; rounded down to a pixel count.
    public var maxDifferentFraction: Double
    /// The number of pixels that may differ beyond `channel`, whatever the image's size.
    public var maxDifferentPixels: Int
    /// Whether differing pixels that look like anti-aliased edges in either image are left uncounted.
    public var ignoreAntialiasing: Bool

    /// A tolerance with the given limits.
    public init(channel: Int, maxDifferentFraction: Double = 0, maxDifferentPixels: Int = 0, ignoreAntialiasing: Bool = true) {
        self.channel = channel
        self.maxDifferentFraction = maxDifferentFraction
        self.maxDifferentPixels = maxDifferentPixels
        self.ignoreAntialiasing = ignoreAntialiasing
    }

    /// Every pixel must look the same: no channel tolerance, no differing pixel, anti-aliasing counted.
    public static let exact = ImageTolerance(channel: 0, ignoreAntialiasing: false)

    /// The golden-test default: 2 levels per channel, at most 2 differing pixels, anti-aliased edges ignored.
    ///
    /// It fails a 12 x 12 px block shifted by 3 px, one changed glyph, a shape moved by 1 pt, 8 levels
    /// added to one channel over 20 x 20 px and a frame taken 1/50 s early at a moment of motion, and it
    /// passes the same frame drawn again (with any number of workers) and edges whose coverage changes
    /// as when shapes move 0.05 px.
    public static let `default` = ImageTolerance(channel: 2, maxDifferentPixels: 2, ignoreAntialiasing: true)

    /// pixelmatch-like leniency: 16 levels, 0.1 % of the pixels, anti-aliased edges ignored. It lets a
    /// 12 x 12 px block, a changed glyph or a small colour change through; use it only for goldens drawn
    /// with another font stack or rasterizer, where text differs everywhere.
    public static let loose = ImageTolerance(channel: 16, maxDifferentFraction: 0.001, ignoreAntialiasing: true)

    /// `channel` clamped to 0...255.
    var channelLevel: Int { min(max(channel, 0), 255) }

    /// How many differing pixels an image of `totalPixels` pixels may have.
    func allowedDifferentPixels(of totalPixels: Int) -> Int {
        let fraction = min(max(maxDifferentFraction, 0), 1)
        return max(Int((fraction * Double(totalPixels)).rounded(.down)), max(maxDifferentPixels, 0))
    }
}

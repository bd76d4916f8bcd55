import Pixels

/// The colours of a difference image (pixelmatch's defaults).
public enum DiffPalette {
    /// A pixel that differs and counts: opaque red.
    public static let different = RGBA8(r: 255, g: 0, b: 0)
    /// A differing pixel left uncounted as an anti-aliased edge: opaque yellow.
    public static let antialiased = RGBA8(r: 255, g: 255, b: 0)
    /// How much of the expected image's luma shows in an unchanged pixel (the rest is white).
    public static let fadedOpacity = 0.1

    /// An unchanged pixel: the luma of `color` over white, faded to `fadedOpacity`, as opaque grey.
    public static func faded(_ color: RGBA8) -> RGBA8 {
        let luma = VisibleColor(red: Double(color.r), green: Double(color.g), blue: Double(color.b)).luma
        let opacity = fadedOpacity * Double(color.a) / 255
        let level = UInt8((255 + (luma - 255) * opacity).rounded())
        return RGBA8(r: level, g: level, b: level)
    }
}

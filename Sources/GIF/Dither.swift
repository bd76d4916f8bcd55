/// How colours between palette entries are approximated.
///
/// Pixels whose colour is exactly in the palette are never dithered (flat UI areas stay flat), whatever the mode.
public enum Dither: String, Sendable, CaseIterable {
    /// Nearest colour only: the smallest files, and the right choice for flat UI.
    case none
    /// A fixed 8 x 8 Bayer threshold: stable from frame to frame, so still areas do not shimmer.
    case ordered
    /// Serpentine Floyd-Steinberg error diffusion: the most faithful gradients, but noise that changes with content.
    case floydSteinberg
}

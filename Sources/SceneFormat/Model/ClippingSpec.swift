/// How a view is clipped and masked (SwiftUI `.clipShape(...)`, `.clipped()`, `.mask { ... }`).
///
/// Both are laid out in the view's rectangle (its frame plus padding), like a background, and applied
/// before the view's scale, rotation, offset and opacity, so they move with it.
public struct ClippingSpec: Sendable {
    /// The shape the view is clipped to, in its rectangle.
    public var clipShape: ShapeSpec.Geometry?
    /// Clip to the view's rectangle (`.clipped()`): true, false or an expression.
    public var clipped: Binding?
    /// The view shows only where this view's alpha is (`.mask { ... }`).
    public var mask: [Node] = []

    public init(clipShape: ShapeSpec.Geometry? = nil, clipped: Binding? = nil, mask: [Node] = []) {
        self.clipShape = clipShape
        self.clipped = clipped
        self.mask = mask
    }

    /// Whether there is anything to clip or mask.
    public var isEmpty: Bool { clipShape == nil && clipped == nil && mask.isEmpty }
}

extension Node {
    /// The view's `clipShape`, `clipped` and `mask`, kept by their units (`ClipShapeModifier`,
    /// `ClippedModifier`, `MaskModifier`); empty when it has none.
    public var clipping: ClippingSpec {
        ClippingSpec(clipShape: modifierValues[ClipShapeModifier.self], clipped: modifierValues[ClippedModifier.self],
                     mask: modifierValues[MaskModifier.self].map { [$0] } ?? [])
    }
}

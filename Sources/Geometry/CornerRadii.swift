/// The four corner radii of SwiftUI's `RectangleCornerRadii` / `UnevenRoundedRectangle`, in points.
public struct CornerRadii: Sendable, Hashable {
    public var topLeading: Double
    public var bottomLeading: Double
    public var bottomTrailing: Double
    public var topTrailing: Double

    public init(topLeading: Double = 0, bottomLeading: Double = 0, bottomTrailing: Double = 0, topTrailing: Double = 0) {
        self.topLeading = topLeading
        self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing
        self.topTrailing = topTrailing
    }

    /// Each radius at least 0 and at most half the shorter side of `size` (as `RoundedRectangle` clamps
    /// its one radius), so neighbouring corners never overlap.
    public func clamped(to size: Size) -> CornerRadii {
        let limit = max(0, min(size.width, size.height) / 2)
        func clamp(_ r: Double) -> Double { r.isFinite ? min(max(0, r), limit) : 0 }
        return CornerRadii(topLeading: clamp(topLeading), bottomLeading: clamp(bottomLeading),
                           bottomTrailing: clamp(bottomTrailing), topTrailing: clamp(topTrailing))
    }
}

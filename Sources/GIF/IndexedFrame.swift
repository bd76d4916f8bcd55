/// A frame reduced to palette indices, rows top to bottom; transparent pixels hold the palette's `transparentIndex`.
public struct IndexedFrame: Sendable, Equatable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// One palette index per pixel, `width * height` of them.
    public var indices: [UInt8]
    /// The frame's own colour table, written as a GIF local colour table; nil means the writer's global palette.
    public var localPalette: Palette?

    /// A frame over existing indices; `indices.count` must be `width * height`.
    public init(width: Int, height: Int, indices: [UInt8], localPalette: Palette? = nil) {
        precondition(width >= 0 && height >= 0 && indices.count == width * height, "indices do not match the size")
        self.width = width
        self.height = height
        self.indices = indices
        self.localPalette = localPalette
    }
}

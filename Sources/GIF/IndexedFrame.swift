/// A frame reduced to palette indices, rows top to bottom; transparent pixels hold `Palette.transparentIndex`.
public struct IndexedFrame: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var indices: [UInt8]

    /// A frame over existing indices; `indices.count` must be `width * height`.
    public init(width: Int, height: Int, indices: [UInt8]) {
        precondition(width >= 0 && height >= 0 && indices.count == width * height, "indices do not match the size")
        self.width = width
        self.height = height
        self.indices = indices
    }
}

/// Up to 256 opaque colours shared by every frame of a GIF (its global colour table).
///
/// A palette of up to 255 colours leaves index `colors.count` (`transparentIndex`) to the writer for
/// transparent and unchanged pixels. A full palette of 256 colours has no such index: it can only describe
/// opaque frames, and the writer gives each image as its transparent index a colour that image does not draw.
/// Its use is an animation of exactly 256 colours, which it keeps lossless.
public struct Palette: Sendable, Equatable {
    /// The most colours a palette with a transparent index can hold (one of the 256 GIF indices is that index).
    public static let maxColors = 255
    /// The most colours any palette can hold: a full palette, with no transparent index.
    public static let maxOpaqueColors = 256

    /// The opaque colours, in index order.
    public let colors: [RGB8]
    let table: NearestColorTable

    /// A palette of the given colours (1 to 256 of them, in index order).
    public init(colors: [RGB8]) {
        precondition((1...Palette.maxOpaqueColors).contains(colors.count), "a palette holds 1 to 256 colours")
        self.colors = colors
        self.table = NearestColorTable(colors: colors)
    }

    /// A palette of `colors` whose lookup table is already built.
    init(colors: [RGB8], table: NearestColorTable) {
        self.colors = colors
        self.table = table
    }

    /// Whether the palette uses all 256 indices, leaving none for transparency.
    public var isFull: Bool { colors.count == Palette.maxOpaqueColors }

    /// The index used for transparent pixels: the first index after the colours; nil for a full palette.
    public var transparentIndex: UInt8? { isFull ? nil : UInt8(colors.count) }

    /// The index of the nearest colour (weighted RGB distance 3:4:2; ties go to the lower index), found exactly
    /// through a per-cell candidate table rather than a scan of every entry.
    public func nearestIndex(to color: RGB8) -> Int {
        table.nearest(r: Int(color.r), g: Int(color.g), b: Int(color.b)).index
    }

    /// The nearest colour of the palette to `color`.
    public func nearest(to color: RGB8) -> RGB8 {
        colors[nearestIndex(to: color)]
    }

    /// Palettes are equal when their colours are (the lookup table follows from them).
    public static func == (lhs: Palette, rhs: Palette) -> Bool {
        lhs.colors == rhs.colors
    }
}

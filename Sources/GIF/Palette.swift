/// Up to 255 opaque colours shared by every frame of a GIF (its global colour table).
///
/// Index `colors.count` (`transparentIndex`) is reserved by the writer for transparent and unchanged pixels,
/// so a palette never has more than 255 colours.
public struct Palette: Sendable, Equatable {
    /// The most colours a palette can hold: one of the 256 GIF indices is the transparent one.
    public static let maxColors = 255

    /// The opaque colours, in index order.
    public let colors: [RGB8]
    let table: NearestColorTable

    /// A palette of the given colours (1 to 255 of them, in index order).
    public init(colors: [RGB8]) {
        precondition((1...Palette.maxColors).contains(colors.count), "a palette holds 1 to 255 colours")
        self.colors = colors
        self.table = NearestColorTable(colors: colors)
    }

    /// The index used for transparent pixels: the first index after the colours.
    public var transparentIndex: UInt8 { UInt8(colors.count) }

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

import Pixels

/// One side of a comparison: an image's bytes with the neighbourhood questions the comparator asks.
struct ComparedImage {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    init(_ image: PixelImage) {
        width = image.width
        height = image.height
        pixels = image.pixels
    }

    /// The byte offset of the pixel at column `x`, row `y`.
    func offset(_ x: Int, _ y: Int) -> Int { (y * width + x) * 4 }

    /// The colour of the pixel at `offset`, blended over white.
    func visibleColor(at offset: Int) -> VisibleColor { VisibleColor(pixels: pixels, offset: offset) }

    /// Whether the pixels at `offset` and `otherOffset` have the same four bytes.
    func hasSameBytes(at offset: Int, as otherOffset: Int) -> Bool {
        pixels[offset] == pixels[otherOffset] && pixels[offset + 1] == pixels[otherOffset + 1]
            && pixels[offset + 2] == pixels[otherOffset + 2] && pixels[offset + 3] == pixels[otherOffset + 3]
    }

    /// The in-bounds columns and rows of the 3 x 3 block around (`x`, `y`), and whether it is cut by an edge.
    func neighbourhood(_ x: Int, _ y: Int) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>, onEdge: Bool) {
        let columns = max(x - 1, 0)...min(x + 1, width - 1)
        let rows = max(y - 1, 0)...min(y + 1, height - 1)
        let onEdge = columns.count < 3 || rows.count < 3
        return (columns, rows, onEdge)
    }
}

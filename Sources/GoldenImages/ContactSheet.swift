import Pixels

/// The failing frames of an animation in one image: one row per frame, expected | actual | difference.
///
/// Each row is a `Triptych`; rows are as wide as the widest and are separated by
/// `Triptych.separatorWidth` rows of `Triptych.separatorColor`. Row `k` starts at the sum of the
/// heights of the rows above it plus `k * separatorWidth`.
public enum ContactSheet {
    /// At most this many pixels in a sheet (64 MiB of RGBA); rows past it are left out.
    public static let maximumPixels = 16_000_000

    /// The rows stacked top to bottom, as many as fit in `maximumPixels` (always at least one).
    public static func make(rows: [PixelImage]) -> PixelImage {
        let kept = rowsThatFit(rows.map { ($0.width, $0.height) })
        let rows = Array(rows.prefix(kept))
        let width = rows.map(\.width).max() ?? 0
        let separator = Triptych.separatorWidth
        let height = rows.map(\.height).reduce(0, +) + separator * max(rows.count - 1, 0)
        var sheet = PixelImage(width: width, height: height)
        var top = 0
        for (index, row) in rows.enumerated() {
            for y in 0..<row.height {
                for x in 0..<row.width { sheet[x, top + y] = row[x, y] }
            }
            top += row.height
            if index < rows.count - 1 {
                for y in top..<(top + separator) {
                    for x in 0..<width { sheet[x, y] = Triptych.separatorColor }
                }
                top += separator
            }
        }
        return sheet
    }

    /// How many of the rows (sizes in pixels), from the first, fit in `maximumPixels`; at least one.
    public static func rowsThatFit(_ sizes: [(width: Int, height: Int)]) -> Int {
        guard !sizes.isEmpty else { return 0 }
        var width = 0
        var height = 0
        for (index, size) in sizes.enumerated() {
            let newWidth = max(width, size.width)
            let newHeight = height + size.height + (index > 0 ? Triptych.separatorWidth : 0)
            if index > 0 && newWidth * newHeight > maximumPixels { return index }
            width = newWidth
            height = newHeight
        }
        return sizes.count
    }
}

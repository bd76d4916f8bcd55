import Pixels

/// Three images side by side — expected | actual | difference — in one image, for a failure report.
///
/// Every panel is as wide as the widest image and as tall as the tallest; each image sits at its
/// panel's top-left corner, the rest of a panel stays transparent. Panels are separated by
/// `separatorWidth` columns of `separatorColor`, so the result is `3 * panelWidth + 2 * separatorWidth`
/// pixels wide: panel `k` starts at column `k * (panelWidth + separatorWidth)`.
public enum Triptych {
    /// The width, in pixels, of the band between two panels.
    public static let separatorWidth = 2
    /// The colour of the band between two panels: opaque magenta, rare in user interfaces.
    public static let separatorColor = RGBA8(r: 255, g: 0, b: 255)

    /// The expected, actual and difference images side by side.
    public static func make(expected: PixelImage, actual: PixelImage, diff: PixelImage) -> PixelImage {
        let panels = [expected, actual, diff]
        let panelWidth = panels.map(\.width).max() ?? 0
        let panelHeight = panels.map(\.height).max() ?? 0
        var result = PixelImage(width: 3 * panelWidth + 2 * separatorWidth, height: panelHeight)
        for (index, panel) in panels.enumerated() {
            let left = index * (panelWidth + separatorWidth)
            for y in 0..<panel.height {
                for x in 0..<panel.width {
                    result[left + x, y] = panel[x, y]
                }
            }
            if index < 2 {
                for y in 0..<panelHeight {
                    for x in 0..<separatorWidth {
                        result[left + panelWidth + x, y] = separatorColor
                    }
                }
            }
        }
        return result
    }
}

import Compose
import DisplayList
import Geometry
import Raster

/// Lets the composer measure text with Pango, exactly as the rasterizer will draw it.
struct PangoMeasuring: TextMeasuring {
    let measurer: TextMeasurer

    func measure(_ runs: [TextRun], width: Double?, alignment: TextAlignment, lineLimit: Int?) -> Size {
        measurer.measure(runs, width: width, alignment: alignment, lineLimit: lineLimit).size
    }

    /// The first baseline as Pango gives it; the last one as far above the bottom as the first line's
    /// descent (lines of one text share their fonts, so their heights).
    func baselines(_ runs: [TextRun], width: Double?, alignment: TextAlignment, lineLimit: Int?) -> (first: Double, last: Double)? {
        let metrics = measurer.measure(runs, width: width, alignment: alignment, lineLimit: lineLimit)
        guard metrics.lineCount > 0 else { return nil }
        let lineHeight = metrics.size.height / Double(metrics.lineCount)
        return (metrics.firstBaseline, metrics.size.height - (lineHeight - metrics.firstBaseline))
    }
}

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
}

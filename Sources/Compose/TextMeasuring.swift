import DisplayList
import Geometry

/// Measures text the way the rasterizer will draw it (Pango in production; a fake in tests).
public protocol TextMeasuring: Sendable {
    /// The size of the laid-out text: wrapped at `width` when given, at most `lineLimit` lines.
    func measure(_ runs: [TextRun], width: Double?, alignment: TextAlignment, lineLimit: Int?) -> Size
}

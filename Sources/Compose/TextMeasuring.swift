import DisplayList
import Geometry

/// Measures text the way the rasterizer will draw it (Pango in production; a fake in tests).
public protocol TextMeasuring: Sendable {
    /// The size of the laid-out text: wrapped at `width` when given, at most `lineLimit` lines.
    func measure(_ runs: [TextRun], width: Double?, alignment: TextAlignment, lineLimit: Int?) -> Size
    /// The distances from the top of the laid-out text to its first and last lines' baselines; nil when
    /// the measurer does not know them (a stack then aligns the text's bottom edge).
    func baselines(_ runs: [TextRun], width: Double?, alignment: TextAlignment, lineLimit: Int?) -> (first: Double, last: Double)?
}

extension TextMeasuring {
    public func baselines(_ runs: [TextRun], width: Double?, alignment: TextAlignment, lineLimit: Int?) -> (first: Double, last: Double)? {
        nil
    }
}

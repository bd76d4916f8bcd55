import Geometry

/// The size and first baseline of laid-out text, in points.
public struct TextMetrics: Sendable, Equatable {
    /// The logical extents of the layout (advance widths and line heights, not ink).
    public var size: Size
    /// The distance from the top of the layout box to the first line's baseline.
    public var firstBaseline: Double
    /// The number of lines after wrapping and line limiting.
    public var lineCount: Int

    /// Metrics from their parts.
    public init(size: Size, firstBaseline: Double, lineCount: Int) {
        self.size = size
        self.firstBaseline = firstBaseline
        self.lineCount = lineCount
    }

    /// The metrics of no text at all.
    public static let zero = TextMetrics(size: .zero, firstBaseline: 0, lineCount: 0)
}

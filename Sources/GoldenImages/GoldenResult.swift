/// What `GoldenFile.verify` found: a match, a newly recorded golden, or a failure to report.
public enum GoldenResult: Sendable, Equatable {
    /// The image matches the golden within the tolerance.
    case matched(ComparisonSummary)
    /// The golden was missing or recording was asked for, and the image was written at `path`.
    case recorded(path: String)
    /// The image does not match, or the golden could not be read or recorded; `message` says why and
    /// names any files written for inspection.
    case failed(message: String)

    /// The failure message, or `nil` when the result is not a failure.
    public var failureMessage: String? {
        if case .failed(let message) = self { return message }
        return nil
    }
}

/// The numbers of an `ImageComparison`, without its difference image.
public struct ComparisonSummary: Sendable, Equatable {
    /// Pixels that differ beyond the tolerance and count against it.
    public let differentPixels: Int
    /// Differing pixels that look like anti-aliased edges.
    public let antialiasedPixels: Int
    /// The number of pixels compared.
    public let totalPixels: Int
    /// The largest difference of one channel, seen over white (see `ImageComparison`).
    public let maxChannelDifference: Int

    /// The numbers of `comparison`.
    public init(_ comparison: ImageComparison) {
        differentPixels = comparison.differentPixels
        antialiasedPixels = comparison.antialiasedPixels
        totalPixels = comparison.totalPixels
        maxChannelDifference = comparison.maxChannelDifference
    }
}

import Pixels

/// The three pictures of a failed comparison: expected, actual, and their difference image.
struct MismatchPanels: Sendable {
    let expected: PixelImage
    let actual: PixelImage
    /// The comparison's difference image; solid red when the sizes differ.
    let diff: PixelImage
    let summary: ComparisonSummary

    init(expected: PixelImage, actual: PixelImage, comparison: ImageComparison) {
        self.expected = expected
        self.actual = actual
        summary = ComparisonSummary(comparison)
        diff = comparison.diffImage ?? PixelImage(
            width: max(expected.width, actual.width), height: max(expected.height, actual.height),
            fill: DiffPalette.different)
    }
}

import Pixels

/// Compares two images by their decoded pixels, pixelmatch-style.
///
/// Identical bytes match at once. Otherwise each pixel is compared by perceptual (YIQ) distance of its
/// colour over white; a pixel beyond the tolerance's channel level that looks like an anti-aliased edge
/// in either image is reported apart and, with `ignoreAntialiasing`, not counted.
public enum ImageComparator {
    /// Compares `actual` with `expected` and makes the difference image under `tolerance`.
    public static func compare(expected: PixelImage, actual: PixelImage, tolerance: ImageTolerance) -> ImageComparison {
        let levelCount = ChannelLevel.beyondAll + 1
        guard expected.width == actual.width, expected.height == actual.height else {
            let totalPixels = max(expected.width, actual.width) * max(expected.height, actual.height)
            return ImageComparison(
                differentPixels: totalPixels, antialiasedPixels: 0, totalPixels: totalPixels,
                maxChannelDifference: 0, sizeMismatch: true, tolerance: tolerance, diffImage: nil,
                plainPixelsByLevel: Array(repeating: 0, count: levelCount),
                antialiasedPixelsByLevel: Array(repeating: 0, count: levelCount))
        }
        let totalPixels = expected.width * expected.height
        guard expected.pixels != actual.pixels else {
            return ImageComparison(
                differentPixels: 0, antialiasedPixels: 0, totalPixels: totalPixels,
                maxChannelDifference: 0, sizeMismatch: false, tolerance: tolerance, diffImage: nil,
                plainPixelsByLevel: Array(repeating: 0, count: levelCount),
                antialiasedPixelsByLevel: Array(repeating: 0, count: levelCount))
        }

        let expectedSide = ComparedImage(expected)
        let actualSide = ComparedImage(actual)
        var diff = PixelImage(width: expected.width, height: expected.height)
        var plainPixelsByLevel = Array(repeating: 0, count: levelCount)
        var antialiasedPixelsByLevel = Array(repeating: 0, count: levelCount)
        var differentPixels = 0
        var antialiasedPixels = 0
        var maxChannelDifference = 0

        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let offset = expectedSide.offset(x, y)
                let expectedColor = expectedSide.visibleColor(at: offset)
                let actualColor = actualSide.visibleColor(at: offset)
                let distance = expectedColor.yiqDistance(to: actualColor)
                guard distance > 0 else {
                    diff[x, y] = DiffPalette.faded(expected[x, y])
                    continue
                }
                maxChannelDifference = max(maxChannelDifference, expectedColor.largestChannelDifference(to: actualColor))
                let level = ChannelLevel.level(ignoring: distance)
                let looksAntialiased = expectedSide.isAntialiased(x: x, y: y, comparedWith: actualSide)
                    || actualSide.isAntialiased(x: x, y: y, comparedWith: expectedSide)
                if looksAntialiased {
                    antialiasedPixelsByLevel[level] += 1
                } else {
                    plainPixelsByLevel[level] += 1
                }
                guard level > tolerance.channelLevel else {
                    diff[x, y] = DiffPalette.faded(expected[x, y])
                    continue
                }
                if looksAntialiased { antialiasedPixels += 1 }
                if looksAntialiased && tolerance.ignoreAntialiasing {
                    diff[x, y] = DiffPalette.antialiased
                } else {
                    differentPixels += 1
                    diff[x, y] = DiffPalette.different
                }
            }
        }
        return ImageComparison(
            differentPixels: differentPixels, antialiasedPixels: antialiasedPixels, totalPixels: totalPixels,
            maxChannelDifference: maxChannelDifference, sizeMismatch: false, tolerance: tolerance, diffImage: diff,
            plainPixelsByLevel: plainPixelsByLevel, antialiasedPixelsByLevel: antialiasedPixelsByLevel)
    }
}

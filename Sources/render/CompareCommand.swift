import ArgumentParser
import Flipbook
import Foundation
import GoldenImages

/// `render compare EXPECTED.png ACTUAL.png`: the golden comparison of the Swift API, for any CI.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two PNG images the way golden tests do.",
        discussion: """
            Exit status: 0 the images match, 1 they do not, 2 bad input (an unreadable PNG, a bad option).
            The default tolerance ignores 2 levels per channel and anti-aliased edge pixels, and allows
            2 differing pixels (docs/golden-tests.md).
            """)

    @Argument(help: "The golden (expected) PNG.", completion: .file(extensions: ["png"]))
    var expected: String

    @Argument(help: "The PNG to check.", completion: .file(extensions: ["png"]))
    var actual: String

    @Option(help: "Write the difference image here (red: counted, yellow: anti-aliased edges, grey: same).")
    var diff: String?

    @Option(help: "Write expected | actual | difference side by side here.")
    var triptych: String?

    @Option(help: "Levels per channel ignored in a pixel (0-255). Default: 2.")
    var channel: Int = ImageTolerance.default.channel

    @Option(help: "Pixels allowed to differ. Default: 2.")
    var maxPixels: Int = ImageTolerance.default.maxDifferentPixels

    @Option(help: "Share of the pixels (0-1) allowed to differ, when more than --max-pixels. Default: 0.")
    var maxFraction: Double = ImageTolerance.default.maxDifferentFraction

    @Flag(help: "Count pixels on anti-aliased edges too.")
    var countAntialiasing = false

    func validate() throws {
        if !(0...255).contains(channel) { throw ValidationError("--channel must be between 0 and 255") }
        if maxPixels < 0 { throw ValidationError("--max-pixels must be 0 or more") }
        if !(maxFraction >= 0 && maxFraction <= 1) { throw ValidationError("--max-fraction must be between 0 and 1") }
    }

    func run() throws {
        let tolerance = ImageTolerance(channel: channel, maxDifferentFraction: maxFraction,
                                       maxDifferentPixels: maxPixels, ignoreAntialiasing: !countAntialiasing)
        // Everything that can be refused is checked before a pixel is decoded or a byte written: both
        // inputs (regular files, their headers within the pixel limit, their chunks whole), both outputs
        // (new files or complete PNGs, never an input), and the size of the images to make.
        let expectedFile: PNGImageFile, actualFile: PNGImageFile
        let diffOutput: PNGOutputFile?, triptychOutput: PNGOutputFile?
        do {
            expectedFile = try PNGImageFile(path: expected)
            actualFile = try PNGImageFile(path: actual)
            diffOutput = try diff.map { try PNGOutputFile.prepare($0, notOver: [expectedFile, actualFile]) }
            triptychOutput = try triptych.map { try PNGOutputFile.prepare($0, notOver: [expectedFile, actualFile]) }
            if let diffOutput, let triptychOutput, diffOutput.isSameTarget(as: triptychOutput) {
                throw RenderError.output("--diff and --triptych name the same file: \(triptychOutput.path)")
            }
            let width = max(expectedFile.width, actualFile.width), height = max(expectedFile.height, actualFile.height)
            for (output, what, pixels) in [(diffOutput, "difference image", Double(width) * Double(height)),
                                           (triptychOutput, "triptych", Double(3 * width + 2 * Triptych.separatorWidth) * Double(height))]
            where output != nil && pixels > Double(PNGImageFile.maxPixels) {
                throw RenderError.output("cannot write \(output!.path): the \(what) of a \(expectedFile.width) x \(expectedFile.height) "
                    + "and a \(actualFile.width) x \(actualFile.height) px image would have \(Int(pixels)) pixels, over the limit "
                    + "of \(PNGImageFile.maxPixels)")
            }
        } catch {
            printError("error: \(error)")
            throw GoldenStatus.badInput
        }
        let sizesDiffer = expectedFile.width != actualFile.width || expectedFile.height != actualFile.height
        if sizesDiffer && triptychOutput == nil {
            // Nothing to compare pixel by pixel, and nothing that needs the pixels: the difference image
            // of two sizes is solid red.
            do {
                try diffOutput?.write(PixelImage(width: max(expectedFile.width, actualFile.width),
                                                 height: max(expectedFile.height, actualFile.height), fill: DiffPalette.different))
            } catch {
                printError("error: \(error)")
                throw GoldenStatus.badInput
            }
            print("mismatch: " + GoldenFile.describeSizes(expected: (expectedFile.width, expectedFile.height),
                                                          actual: (actualFile.width, actualFile.height)))
            throw GoldenStatus.mismatch
        }
        let expectedImage: PixelImage
        let actualImage: PixelImage
        do {
            expectedImage = try expectedFile.decode()
            actualImage = try actualFile.decode()
        } catch {
            printError("error: \(error)")
            throw GoldenStatus.badInput
        }
        let comparison = ImageComparator.compare(expected: expectedImage, actual: actualImage, tolerance: tolerance)
        let difference = comparison.diffImage ?? differenceWithoutChanges(comparison, expectedImage, actualImage)
        do {
            try diffOutput?.write(difference)
            try triptychOutput?.write(Triptych.make(expected: expectedImage, actual: actualImage, diff: difference))
        } catch {
            printError("error: \(error)")
            throw GoldenStatus.badInput
        }
        let matches = comparison.passes(tolerance)
        print((matches ? "match: " : "mismatch: ") + GoldenFile.describe(comparison, expected: expectedImage, actual: actualImage))
        if !matches { throw GoldenStatus.mismatch }
    }
}

/// The difference image when the comparator made none: solid red for different sizes, else the faded
/// expected image (the bytes are identical).
private func differenceWithoutChanges(_ comparison: ImageComparison, _ expected: PixelImage, _ actual: PixelImage) -> PixelImage {
    guard !comparison.sizeMismatch else {
        return PixelImage(width: max(expected.width, actual.width), height: max(expected.height, actual.height),
                          fill: DiffPalette.different)
    }
    var image = expected
    for y in 0..<expected.height {
        for x in 0..<expected.width { image[x, y] = DiffPalette.faded(expected[x, y]) }
    }
    return image
}

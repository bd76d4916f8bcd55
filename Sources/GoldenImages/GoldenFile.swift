import Flipbook
import Foundation
import Pixels
import Raster

/// Checks a rendered image against a golden PNG committed with the tests.
///
/// Workflow:
/// - Record locally: run `FLIPBOOK_RECORD=1 swift test`. Every golden is (re)written from the current
///   rendering; a golden that does not exist yet is recorded even without the variable. Look at the new
///   PNGs and commit them. `FLIPBOOK_RECORD=failed` rewrites only the goldens that fail (see `RecordMode`),
///   leaving the ones that match untouched.
/// - CI never records: when `CI` is set (`true`, `1` or `yes`, as CI services do), a missing golden is a
///   failure and `FLIPBOOK_RECORD` is refused, so a test cannot pass by writing its own expectation.
/// - On a mismatch, `<artifacts>/<name>.triptych.png` (expected | actual | difference, see `Triptych`)
///   and `<artifacts>/<name>.actual.png` are written and the failure message names them. The artifacts
///   folder is `artifactsDirectory`, else `$FLIPBOOK_ARTIFACTS`, else `<tmp>/flipbook-golden-failures-<uid>` (private, checked);
///   `<name>` is `artifactName(forGoldenPath:)`. Upload that folder from CI to see what changed; a later
///   match removes the golden's stale artifacts.
///
/// Relative paths are resolved against the current directory (`swift test` runs in the package root).
/// Pixels are compared, never file bytes (see `ImageComparator`).
public enum GoldenFile {
    /// Compares `actual` with the golden PNG at `goldenPath`, or records it there (see the type's workflow).
    public static func verify(
        _ actual: PixelImage,
        goldenPath: String,
        tolerance: ImageTolerance = .default,
        artifactsDirectory: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> GoldenResult {
        check(actual, goldenPath: goldenPath, tolerance: tolerance, artifactsDirectory: artifactsDirectory,
              environment: environment).result
    }

    /// The environment key through which `render test` names its own record command for the messages.
    public static let recordCommandKey = "FLIPBOOK_RECORD_COMMAND"
    /// The environment key through which `render test` names the flag that asked for recording
    /// (`--record`, `--record-failed`), for the message that refuses it on CI.
    public static let recordFlagKey = "FLIPBOOK_RECORD_FLAG"

    /// What one check found, with what a report needs besides the result.
    public struct Check: Sendable {
        public var result: GoldenResult
        /// The expected, actual and difference images of a mismatch (also when it was recorded over).
        var mismatch: MismatchPanels?
        /// The triptych written for a mismatch, when it could be written.
        public var triptychPath: String?

        /// The golden, the image checked and their difference image, when they were compared and differ.
        public var images: (expected: PixelImage, actual: PixelImage, difference: PixelImage)? {
            mismatch.map { ($0.expected, $0.actual, $0.diff) }
        }
    }

    /// `verify`, also handing back the expected, actual and difference images of a mismatch.
    public static func check(
        _ actual: PixelImage,
        goldenPath: String,
        tolerance: ImageTolerance = .default,
        artifactsDirectory: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Check {
        _ = RunStart.date  // fixed before this check writes anything (see `FailureArtifacts.removeStale`)
        let onCI = isSet(environment["CI"])
        let mode = RecordMode(environment: environment)
        let goldenExists = FileManager.default.fileExists(atPath: goldenPath)
        // How the user records: `render test` sets its own command; the Swift assertions are run by `swift test`.
        let cli = environment[recordCommandKey]
        let recordCommand = cli ?? "FLIPBOOK_RECORD=1 swift test"

        if onCI && !goldenExists {
            return Check(result: .failed(message: """
                Missing golden image \(goldenPath); recording is refused on CI (CI=\(environment["CI"] ?? "")). \
                Record it locally with \(recordCommand) and commit it.
                """))
        }
        if onCI && mode != .missing {
            let flag = environment[recordFlagKey]
            return Check(result: .failed(message: """
                \(flag.map { "\($0) is given" } ?? "FLIPBOOK_RECORD is set") on CI (CI=\(environment["CI"] ?? "")): recording \
                is refused there, so \(goldenPath) was neither compared nor rewritten. \
                \(flag.map { "Drop \($0) from the CI command." } ?? "Remove FLIPBOOK_RECORD from the CI environment.")
                """))
        }
        if !goldenExists || mode == .all {
            return Check(result: record(actual, at: goldenPath))
        }

        // Read only if it is a regular PNG file within the pixel limit, checked before it is decoded.
        let expected: PixelImage
        do {
            expected = try PNGImageFile(path: goldenPath).decode()
        } catch {
            if mode == .failed { return Check(result: record(actual, at: goldenPath)) }
            let reason = (error as? RasterError)?.message ?? "\(error)"
            return Check(result: .failed(message: "Cannot read the golden image \(goldenPath): \(reason)"))
        }
        let comparison = ImageComparator.compare(expected: expected, actual: actual, tolerance: tolerance)
        let artifacts = FailureArtifacts(
            directory: artifactsDirectory ?? environment["FLIPBOOK_ARTIFACTS"] ?? defaultArtifactsDirectory,
            name: artifactName(forGoldenPath: goldenPath))
        if comparison.passes(tolerance) {
            artifacts.removeStale()
            return Check(result: .matched(ComparisonSummary(comparison)))
        }
        if mode == .failed {
            artifacts.removeStale()
            return Check(result: record(actual, at: goldenPath))
        }
        var message = "Golden image mismatch: \(goldenPath)\n  " + describe(comparison, expected: expected, actual: actual)
        // Images of very different sizes make no triptych: its panels (as wide as the widest, as high as the
        // highest) could be far larger than either image.
        let width = max(expected.width, actual.width), height = max(expected.height, actual.height)
        let triptychPixels = Double(3 * width + 2 * Triptych.separatorWidth) * Double(height)
        let panels = triptychPixels <= Double(PNGImageFile.maxPixels)
            ? MismatchPanels(expected: expected, actual: actual, comparison: comparison) : nil
        var triptychPath: String?
        do {
            try artifacts.write(actual: actual, panels: panels)
            if panels != nil {
                triptychPath = artifacts.triptychPath
                message += "\n  expected | actual | difference: \(artifacts.triptychPath)"
            } else {
                message += "\n  (no triptych: it would have \(Int(triptychPixels)) pixels)"
            }
            message += "\n  actual: \(artifacts.actualPath)"
        } catch {
            message += "\n  (could not write the failure images to \(artifacts.directory): \(error))"
        }
        message += "\n  If the change is intended, record again with \(recordCommand) and commit the golden."
        return Check(result: .failed(message: message), mismatch: panels, triptychPath: triptychPath)
    }

    /// The file-name stem of a golden's failure artifacts: its path (relative to the current directory
    /// when inside it) without the `.png` extension, folders joined by `_`.
    ///
    /// `Tests/Goldens/seek/0.35.png` gives `Tests_Goldens_seek_0.35`.
    public static func artifactName(forGoldenPath goldenPath: String) -> String {
        var path = goldenPath
        let currentDirectory = FileManager.default.currentDirectoryPath
        if path.hasPrefix(currentDirectory + "/") { path.removeFirst(currentDirectory.count + 1) }
        var components = path.split(separator: "/").map(String.init).filter { $0 != "." }
        if let last = components.last, last.lowercased().hasSuffix(".png") {
            components[components.count - 1] = String(last.dropLast(4))
        }
        let name = components.joined(separator: "_")
        return name.isEmpty ? "golden" : name
    }

    /// `<tmp>/flipbook-golden-failures-<uid>`: a folder of this user's own, created with mode 0700 and
    /// checked before each use (never a symbolic link or another user's folder; see `FailureArtifacts`).
    public static var defaultArtifactsDirectory: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-golden-failures-\(geteuid())").path
    }

    /// Whether an environment variable is set to a true value (`1`, `true` or `yes`, any case).
    static func isSet(_ value: String?) -> Bool {
        guard let value else { return false }
        return ["1", "true", "yes"].contains(value.lowercased())
    }

    /// Writes `image` as the golden at `path`, creating its folder.
    private static func record(_ image: PixelImage, at path: String) -> GoldenResult {
        do {
            try FailureArtifacts.writePNG(image, to: path)
            return .recorded(path: path)
        } catch {
            return .failed(message: "Cannot record the golden image \(path): \(error)")
        }
    }

    /// The numbers of a comparison, in one line: how many pixels differ, how many are allowed, and why.
    public static func describe(_ comparison: ImageComparison, expected: PixelImage, actual: PixelImage) -> String {
        if comparison.sizeMismatch {
            return describeSizes(expected: (expected.width, expected.height), actual: (actual.width, actual.height))
        }
        let tolerance = comparison.tolerance
        let share = percent(Double(comparison.differentPixels) / Double(max(comparison.totalPixels, 1)))
        var line = "\(comparison.differentPixels) of \(comparison.totalPixels) pixels differ (\(share)) beyond "
            + "\(tolerance.channelLevel) levels per channel; allowed \(tolerance.allowedDifferentPixels(of: comparison.totalPixels)); "
            + "largest channel difference \(comparison.maxChannelDifference)"
        if comparison.antialiasedPixels > 0 {
            line += tolerance.ignoreAntialiasing
                ? "; \(comparison.antialiasedPixels) anti-aliased edge pixels ignored"
                : "; \(comparison.antialiasedPixels) of them on anti-aliased edges"
        }
        return line
    }

    /// The line for two images of different sizes (width, height), which are not compared pixel by pixel.
    public static func describeSizes(expected: (Int, Int), actual: (Int, Int)) -> String {
        "size differs: golden is \(expected.0) x \(expected.1), actual is \(actual.0) x \(actual.1)"
    }

    /// `fraction` as a percentage with up to three decimals.
    private static func percent(_ fraction: Double) -> String {
        let thousandths = (fraction * 100_000).rounded() / 1000
        return "\(thousandths)%"
    }
}

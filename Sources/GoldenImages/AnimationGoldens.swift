import Flipbook
import Foundation
import Pixels

/// One frame of an animation check: its time, its golden, and what the check found.
public struct FrameGoldenResult: Sendable, Equatable {
    public let time: Double
    public let goldenPath: String
    public let result: GoldenResult
    /// The comparison's numbers, when the golden was read and compared.
    public let summary: ComparisonSummary?
    /// The triptych (expected | actual | difference) written for a mismatch.
    public let triptychPath: String?
}

/// What checking an animation against its goldens found, frame by frame.
public struct AnimationGoldenResult: Sendable, Equatable {
    /// Every checked frame, in the order of the times given.
    public let frames: [FrameGoldenResult]
    /// The contact sheet of the failing frames (expected | actual | difference per row), when any failed
    /// and it could be written.
    public let contactSheetPath: String?
    /// How many failing frames the contact sheet shows (the first ones; see `ContactSheet.maximumPixels`).
    public let contactSheetRows: Int
    /// When frames failed: what differs between this machine and the goldens' environment stamp
    /// (`GoldenEnvironment`), one sentence each.
    public var environmentNotes: [String] = []
    /// The font families the scene asks for that this machine does not have (they resolve to a fallback).
    public var fontWarnings: [String] = []

    /// The frames that failed.
    public var failures: [FrameGoldenResult] { frames.filter { $0.result.failureMessage != nil } }

    /// One message for all failing frames, or `nil` when none failed.
    public var failureMessage: String? {
        let failures = failures
        guard !failures.isEmpty else { return nil }
        let times = failures.map { AnimationGoldens.fileStem(forTime: $0.time) + " s" }.joined(separator: ", ")
        var message = "\(failures.count) of \(frames.count) frames do not match their goldens (at \(times))"
        if let contactSheetPath {
            message += "\n  contact sheet (expected | actual | difference, one row per failing frame"
            message += contactSheetRows < failures.count ? ", the first \(contactSheetRows)): " : "): "
            message += contactSheetPath
        }
        for failure in failures {
            message += "\n" + (failure.result.failureMessage ?? "")
        }
        for note in environmentNotes + fontWarnings { message += "\n  " + note }
        return message
    }
}

/// Checks many frames of an animation against goldens in one folder, named by time (`0.45.png`, `2.png`).
///
/// Each frame goes through `GoldenFile.verify` (same recording rules, same per-frame triptychs); when
/// any fails, one contact sheet of all failing frames is written to the artifacts folder as
/// `<golden folder's artifact name>.contact-sheet.png`, and removed again once they all match.
public enum AnimationGoldens {
    /// Renders `player` at `times` (on `jobs` threads) and checks each frame against
    /// `<goldenDirectory>/<time>.png`.
    public static func verify(
        _ player: Player,
        times: [Double],
        goldenDirectory: String,
        tolerance: ImageTolerance = .default,
        artifactsDirectory: String? = nil,
        jobs: Int = FramePipeline.defaultJobs,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> AnimationGoldenResult {
        _ = RunStart.date  // fixed before this check writes anything
        var frames: [FrameGoldenResult] = []
        var rows: [PixelImage] = []
        var rowSizes: [(width: Int, height: Int)] = []
        try FramePipeline(player: player, jobs: jobs).run(times: times, process: { $0 }) { index, image in
            let goldenPath = URL(fileURLWithPath: goldenDirectory).appendingPathComponent(fileName(forTime: times[index])).path
            let check = GoldenFile.check(
                image, goldenPath: goldenPath, tolerance: tolerance, artifactsDirectory: artifactsDirectory,
                environment: environment)
            let result = check.result
            // A mismatch recorded over (`FLIPBOOK_RECORD=failed`) is not a failure: no contact-sheet row.
            let mismatch = result.failureMessage == nil ? nil : check.mismatch
            var summary = mismatch?.summary
            if case .matched(let matched) = result { summary = matched }
            frames.append(FrameGoldenResult(time: times[index], goldenPath: goldenPath, result: result, summary: summary,
                                            triptychPath: check.triptychPath))
            // Keep only the rows the sheet will show, so a long failing animation does not pile up frames.
            if let mismatch, ContactSheet.rowsThatFit(rowSizes + [triptychSize(mismatch)]) > rowSizes.count {
                rows.append(Triptych.make(expected: mismatch.expected, actual: mismatch.actual, diff: mismatch.diff))
                rowSizes.append(triptychSize(mismatch))
            }
        }
        let directory = artifactsDirectory ?? environment["FLIPBOOK_ARTIFACTS"] ?? GoldenFile.defaultArtifactsDirectory
        let sheetPath = URL(fileURLWithPath: directory)
            .appendingPathComponent(GoldenFile.artifactName(forGoldenPath: goldenDirectory) + ".contact-sheet.png").path
        var result: AnimationGoldenResult
        if rows.isEmpty {
            // An earlier run's sheet only: one this run wrote belongs to another check of these goldens.
            if frames.allSatisfy({ $0.result.failureMessage == nil }), (try? FailureArtifacts.checkPrivate(directory)) != nil {
                RunStart.removeIfFromAnEarlierRun(sheetPath)
            }
            result = AnimationGoldenResult(frames: frames, contactSheetPath: nil, contactSheetRows: 0)
        } else if (try? FailureArtifacts.writePNG(ContactSheet.make(rows: rows), to: sheetPath)) != nil {
            result = AnimationGoldenResult(frames: frames, contactSheetPath: sheetPath, contactSheetRows: rows.count)
        } else {
            result = AnimationGoldenResult(frames: frames, contactSheetPath: nil, contactSheetRows: 0)
        }
        stampEnvironment(&result, player: player, times: times, goldenDirectory: goldenDirectory)
        return result
    }

    /// The most frames whose text is walked for the font families a scene asks for.
    static let maxFontSampleFrames = 16

    /// When goldens were recorded, writes the environment stamp beside them; when frames failed, names
    /// what differs from the stamp; either way, warns about font families that resolve to a fallback.
    /// A run where every frame matched costs nothing here.
    private static func stampEnvironment(_ result: inout AnimationGoldenResult, player: Player, times: [Double],
                                         goldenDirectory: String) {
        let recorded = result.frames.contains { if case .recorded = $0.result { return true } else { return false } }
        let failed = !result.failures.isEmpty
        guard recorded || failed else { return }
        // Families of up to `maxFontSampleFrames` frames spread over the checked times.
        let step = max(1, (times.count + maxFontSampleFrames - 1) / maxFontSampleFrames)
        let sample = stride(from: 0, to: times.count, by: step).map { times[$0] }
        let current = GoldenEnvironment.current(families: GoldenEnvironment.families(of: player, at: sample))
        result.fontWarnings = GoldenEnvironment.fallbackWarnings(current)
        if failed, let stamp = GoldenEnvironment.read(folder: goldenDirectory) {
            result.environmentNotes = stamp.differences(from: current)
        }
        if recorded { try? current.write(folder: goldenDirectory) }
    }

    /// The times of frames 0, n, 2n, ... of `scene` at its frame rate.
    public static func times(everyNthFrame n: Int, of scene: Scene) -> [Double] {
        stride(from: 0, to: scene.frameCount, by: max(n, 1)).map(scene.time(ofFrame:))
    }

    /// The golden file name of the frame at `time`: `0.45.png`, `2.png` (up to six decimals).
    public static func fileName(forTime time: Double) -> String {
        fileStem(forTime: time) + ".png"
    }

    /// `time` with up to six decimals and no trailing zeros: `0.45`, `2`.
    static func fileStem(forTime time: Double) -> String {
        var text = String(format: "%.6f", time)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    private static func triptychSize(_ panels: MismatchPanels) -> (width: Int, height: Int) {
        let width = max(panels.expected.width, panels.actual.width, panels.diff.width)
        let height = max(panels.expected.height, panels.actual.height, panels.diff.height)
        return (3 * width + 2 * Triptych.separatorWidth, height)
    }
}

import Flipbook
import Foundation
import GoldenImages
import SnapshotTesting
import Testing

extension Diffing where Value == PixelImage {
    /// PNG files compared pixel by pixel under `tolerance` (the golden-test comparison of FlipbookTesting).
    ///
    /// A failure attaches *expected | actual | difference* (snapshot-testing shows attachments only in
    /// Xcode) and also writes it as a file, `SnapshotTriptych.write`, whose path the failure message names:
    /// on Linux and on the command line that file is where the difference is seen.
    public static func flipbookImage(tolerance: ImageTolerance = .default) -> Diffing<PixelImage> {
        flipbookImage(tolerance: tolerance, label: "frame")
    }

    /// `flipbookImage(tolerance:)` whose triptych file is named with `label` (the strategy's times).
    static func flipbookImage(tolerance: ImageTolerance, label: String) -> Diffing<PixelImage> {
        .diff(
            toData: { image in Data((try? PNGFile.encode(image)) ?? []) },
            fromData: { data in (try? PNGFile.decode(Array(data))) ?? PixelImage(width: 0, height: 0) },
            diffV2: { expected, actual in
                let comparison = ImageComparator.compare(expected: expected, actual: actual, tolerance: tolerance)
                guard !comparison.passes(tolerance) else { return nil }
                var message = "Frames do not match: " + GoldenFile.describe(comparison, expected: expected, actual: actual)
                guard let diff = comparison.diffImage,
                      let triptych = try? PNGFile.encode(Triptych.make(expected: expected, actual: actual, diff: diff))
                else { return (message, []) }
                switch SnapshotTriptych.write(triptych, label: label) {
                case .success(let path): message += "\ntriptych (expected | actual | difference): \(path)"
                case .failure(let error): message += "\n(the triptych could not be written: \(error))"
                }
                return (message, [.data(Data(triptych), name: "expected | actual | difference")])
            })
    }
}

/// Where a failing snapshot's triptych is written: beside the failed snapshot that swift-snapshot-testing
/// writes, in its artifacts folder (`$SNAPSHOT_ARTIFACTS`, else the temporary folder), in the subfolder
/// named after the test file, as `<test>.<label>.triptych.png`: `pulse.frame-at-0-35.triptych.png` for
/// `.frame(at: 0.35)`, `pulse.frames-at-0-0-35.triptych.png` for `.frames(at: [0, 0.35])`, and for
/// `.eachFrame(at:)` the snapshot's own name, `pulse.0-35.triptych.png` beside `pulse.0-35.png`.
///
/// snapshot-testing attaches images only when Xcode runs the tests (its `verifySnapshot` checks
/// `__XCODE_BUILT_PRODUCTS_DIR_PATHS`, and never on Linux), so without this file a failure on Linux would
/// show no image. The test file and test name come from Swift Testing's current test; under XCTest,
/// which does not publish its current test, the subfolder is `flipbook-snapshots` and the name is the label.
enum SnapshotTriptych {
    static func write(_ png: [UInt8], label: String) -> Result<String, Error> {
        let root = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        var folder = "flipbook-snapshots"
        var name = sanitized(label)
        if let test = Test.current {
            // snapshot-testing's folder: the test file's name without its extension.
            folder = URL(fileURLWithPath: test.sourceLocation.fileName).deletingPathExtension().lastPathComponent
            name = sanitized(test.name) + "." + name
        }
        let directory = URL(fileURLWithPath: root, isDirectory: true).appendingPathComponent(folder)
        let file = directory.appendingPathComponent(name + ".triptych.png")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(png).write(to: file, options: .atomic)
            return .success(file.path)
        } catch {
            return .failure(error)
        }
    }

    /// A file name as snapshot-testing makes one from a test or snapshot name: every run of characters
    /// other than letters, digits and `_` becomes `-`, and none is left at either end.
    static func sanitized(_ string: String) -> String {
        string.replacingOccurrences(of: "\\W+", with: "-", options: .regularExpression)
            .replacingOccurrences(of: "^-|-$", with: "", options: .regularExpression)
    }

    /// The label of frames at `times`: `frame-at-0.35`, `frames-at-0-0.35-0.5` (`write` sanitizes it).
    static func label(_ kind: String, times: [Double]) -> String {
        kind + "-at-" + times.map { String(AnimationGoldens.fileName(forTime: $0).dropLast(4)) }.joined(separator: "-")
    }
}

extension Snapshotting where Value == PixelImage, Format == PixelImage {
    /// A frame stored as a PNG snapshot, compared under the golden-test default tolerance.
    public static var frame: Snapshotting<PixelImage, PixelImage> { frame(tolerance: .default) }

    /// A frame stored as a PNG snapshot, compared under `tolerance`.
    public static func frame(tolerance: ImageTolerance) -> Snapshotting<PixelImage, PixelImage> {
        frame(tolerance: tolerance, label: "frame")
    }

    static func frame(tolerance: ImageTolerance, label: String) -> Snapshotting<PixelImage, PixelImage> {
        Snapshotting(pathExtension: "png", diffing: .flipbookImage(tolerance: tolerance, label: label))
    }
}

extension Snapshotting where Value == Player, Format == PixelImage {
    /// The player's frame at `time`, stored as a PNG snapshot: `assertSnapshot(of: player, as: .frame(at: 0.35))`.
    ///
    /// A frame that cannot be drawn becomes an empty image, which never matches a stored snapshot.
    public static func frame(at time: Double, tolerance: ImageTolerance = .default) -> Snapshotting<Player, PixelImage> {
        frame(at: time, tolerance: tolerance, label: SnapshotTriptych.label("frame", times: [time]))
    }

    static func frame(at time: Double, tolerance: ImageTolerance, label: String) -> Snapshotting<Player, PixelImage> {
        Snapshotting<PixelImage, PixelImage>.frame(tolerance: tolerance, label: label)
            .pullback { player in
                (try? player.frame(at: time)) ?? PixelImage(width: 0, height: 0)
            }
    }

    /// The player's frames at `times` in one PNG snapshot, top to bottom, separated by
    /// `Triptych.separatorWidth` rows of `Triptych.separatorColor` (a film strip).
    public static func frames(at times: [Double], tolerance: ImageTolerance = .default) -> Snapshotting<Player, PixelImage> {
        Snapshotting<PixelImage, PixelImage>.frame(tolerance: tolerance, label: SnapshotTriptych.label("frames", times: times))
            .pullback { player in
                let frames = times.map { (try? player.frame(at: $0)) ?? PixelImage(width: 0, height: 0) }
                return ContactSheet.make(rows: frames)
            }
    }

    /// One snapshot per time, keyed by the time (`"0"`, `"0.35"`); see `Dictionary.eachFrame(at:tolerance:)`.
    public static func eachFrame(at times: [Double], tolerance: ImageTolerance = .default) -> [String: Snapshotting<Player, PixelImage>] {
        .eachFrame(at: times, tolerance: tolerance)
    }
}

extension Dictionary where Key == String, Value == Snapshotting<Player, PixelImage> {
    /// One snapshot per time, for `assertSnapshots(of: player, as: .eachFrame(at: [0, 0.35]))`.
    ///
    /// Each key is the time as `assertGoldens` writes it (`"0"`, `"0.35"`), which the failure message
    /// quotes (`Snapshot "0.35" does not match reference.`). snapshot-testing turns each run of characters
    /// other than letters, digits and `_` in a name into `-`, so the files are `<test>.0.png` and
    /// `<test>.0-35.png`.
    public static func eachFrame(at times: [Double], tolerance: ImageTolerance = .default) -> [String: Snapshotting<Player, PixelImage>] {
        var strategies: [String: Snapshotting<Player, PixelImage>] = [:]
        for time in times {
            let name = String(AnimationGoldens.fileName(forTime: time).dropLast(4))
            strategies[name] = .frame(at: time, tolerance: tolerance, label: name)
        }
        return strategies
    }
}

import Flipbook
import Foundation
import GoldenImages
import SnapshotTesting

extension Diffing where Value == PixelImage {
    /// PNG files compared pixel by pixel under `tolerance` (the golden-test comparison of FlipbookTesting);
    /// a failure attaches expected | actual | difference.
    public static func flipbookImage(tolerance: ImageTolerance = .default) -> Diffing<PixelImage> {
        .diff(
            toData: { image in Data((try? PNGFile.encode(image)) ?? []) },
            fromData: { data in (try? PNGFile.decode(Array(data))) ?? PixelImage(width: 0, height: 0) },
            diffV2: { expected, actual in
                let comparison = ImageComparator.compare(expected: expected, actual: actual, tolerance: tolerance)
                guard !comparison.passes(tolerance) else { return nil }
                let message = "Frames do not match: " + GoldenFile.describe(comparison, expected: expected, actual: actual)
                guard let diff = comparison.diffImage,
                      let triptych = try? PNGFile.encode(Triptych.make(expected: expected, actual: actual, diff: diff))
                else { return (message, []) }
                return (message, [.data(Data(triptych), name: "expected | actual | difference")])
            })
    }
}

extension Snapshotting where Value == PixelImage, Format == PixelImage {
    /// A frame stored as a PNG snapshot, compared under the golden-test default tolerance.
    public static var frame: Snapshotting<PixelImage, PixelImage> { frame(tolerance: .default) }

    /// A frame stored as a PNG snapshot, compared under `tolerance`.
    public static func frame(tolerance: ImageTolerance) -> Snapshotting<PixelImage, PixelImage> {
        Snapshotting(pathExtension: "png", diffing: .flipbookImage(tolerance: tolerance))
    }
}

extension Snapshotting where Value == Player, Format == PixelImage {
    /// The player's frame at `time`, stored as a PNG snapshot: `assertSnapshot(of: player, as: .frame(at: 0.35))`.
    ///
    /// A frame that cannot be drawn becomes an empty image, which never matches a stored snapshot.
    public static func frame(at time: Double, tolerance: ImageTolerance = .default) -> Snapshotting<Player, PixelImage> {
        Snapshotting<PixelImage, PixelImage>.frame(tolerance: tolerance).pullback { player in
            (try? player.frame(at: time)) ?? PixelImage(width: 0, height: 0)
        }
    }

    /// The player's frames at `times` in one PNG snapshot, top to bottom, separated by
    /// `Triptych.separatorWidth` rows of `Triptych.separatorColor` (a film strip).
    public static func frames(at times: [Double], tolerance: ImageTolerance = .default) -> Snapshotting<Player, PixelImage> {
        Snapshotting<PixelImage, PixelImage>.frame(tolerance: tolerance).pullback { player in
            let frames = times.map { (try? player.frame(at: $0)) ?? PixelImage(width: 0, height: 0) }
            return ContactSheet.make(rows: frames)
        }
    }

    /// One snapshot per time, named by the time, for `assertSnapshots(of: player, as: .eachFrame(at: [0, 0.5]))`:
    /// files `<test>.0.png`, `<test>.0.5.png`.
    public static func eachFrame(at times: [Double], tolerance: ImageTolerance = .default) -> [String: Snapshotting<Player, PixelImage>] {
        var strategies: [String: Snapshotting<Player, PixelImage>] = [:]
        for time in times {
            strategies[String(AnimationGoldens.fileName(forTime: time).dropLast(4))] = .frame(at: time, tolerance: tolerance)
        }
        return strategies
    }
}

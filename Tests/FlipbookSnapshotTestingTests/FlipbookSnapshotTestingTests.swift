import Flipbook
import FlipbookSnapshotTesting
import Foundation
import SnapshotTesting
import Testing

/// Tests the strategies for pointfreeco/swift-snapshot-testing.
@Suite struct FlipbookSnapshotTestingTests {
    let seek: Player
    let snapshots: String

    init() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        seek = try Player(scene: SceneFile.load(path: root.appendingPathComponent("scenes/seek.json").path))
        snapshots = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-snapshots-\(UUID().uuidString)").path
    }

    /// The committed snapshot `__Snapshots__/FlipbookSnapshotTestingTests/seekAtHalfASecond.1.png`, as
    /// swift-snapshot-testing stores it; it fails this test if the frame changes.
    @Test func seekAtHalfASecond() {
        assertSnapshot(of: seek, as: .frame(at: 0.5))
    }

    @Test func aMissingSnapshotIsRecordedThenMatchedThenAChangeFails() throws {
        defer { try? FileManager.default.removeItem(atPath: snapshots) }
        let first = verifySnapshot(of: seek, as: .frame(at: 0.5), named: "seek", record: .missing,
                                   snapshotDirectory: snapshots, testName: "frame")
        #expect(first?.contains("recorded") == true, "snapshot-testing fails the run that records")
        // Stored as snapshot-testing stores it: <directory>/<test name>.<name>.png; the same pixels as the
        // project's golden of seek at 0.5 s.
        let stored = try PNGFile.read(path: snapshots + "/frame.seek.png")
        let golden = try PNGFile.read(path: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Goldens/seek/0.5.png").path)
        #expect(ImageComparator.compare(expected: golden, actual: stored, tolerance: .exact).passesItsTolerance)

        #expect(verifySnapshot(of: seek, as: .frame(at: 0.5), named: "seek", record: .never,
                               snapshotDirectory: snapshots, testName: "frame") == nil)
        let changed = verifySnapshot(of: seek, as: .frame(at: 0.45), named: "seek", record: .never,
                                     snapshotDirectory: snapshots, testName: "frame")
        #expect(changed?.contains("Frames do not match") == true, "\(changed ?? "no failure")")
    }

    @Test func framesAreOneFilmStrip() throws {
        defer { try? FileManager.default.removeItem(atPath: snapshots) }
        _ = verifySnapshot(of: seek, as: .frames(at: [0, 0.5]), named: "strip", record: .all,
                           snapshotDirectory: snapshots, testName: "frames")
        let strip = try PNGFile.read(path: snapshots + "/frames.strip.png")
        #expect(strip.width == 960)
        #expect(strip.height == 2 * 400 + Triptych.separatorWidth)
        let atHalf = try seek.frame(at: 0.5)
        #expect(strip[640, 402 + 140] == atHalf[640, 140])
        #expect(verifySnapshot(of: seek, as: .frames(at: [0, 0.5]), named: "strip", record: .never,
                               snapshotDirectory: snapshots, testName: "frames") == nil)
        #expect(verifySnapshot(of: seek, as: .frames(at: [0, 0.45]), named: "strip", record: .never,
                               snapshotDirectory: snapshots, testName: "frames") != nil)
    }

    @Test func eachFrameNamesTheSnapshotsByTime() {
        #expect(Set(Snapshotting<Player, PixelImage>.eachFrame(at: [0, 0.5, 2]).keys) == ["0", "0.5", "2"])
    }

    @Test func pngDataRoundTrips() throws {
        let frame = try seek.frame(at: 0.5)
        let diffing = Diffing<PixelImage>.flipbookImage()
        #expect(diffing.fromData(diffing.toData(frame)) == frame)
        #expect(diffing.fromData(Data("not a png".utf8)).width == 0, "unreadable data never matches a frame")
    }
}

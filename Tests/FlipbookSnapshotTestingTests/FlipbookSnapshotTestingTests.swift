import Flipbook
import FlipbookSnapshotTesting
import GoldenImages
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
        // `assertSnapshots(of:as:)` takes a dictionary: the documented `.eachFrame(at:)` resolves on it.
        let strategies: [String: Snapshotting<Player, PixelImage>] = .eachFrame(at: [0, 0.35])
        #expect(Set(strategies.keys) == ["0", "0.35"])
    }

    @Test func eachFrameFilesAreNamedAsDocumented() throws {
        defer { try? FileManager.default.removeItem(atPath: snapshots) }
        for (name, strategy) in [String: Snapshotting<Player, PixelImage>].eachFrame(at: [0, 0.35]) {
            _ = verifySnapshot(of: seek, as: strategy, named: name, record: .all,
                               snapshotDirectory: snapshots, testName: "seekButton")
        }
        // snapshot-testing turns "0.35" into "0-35" (docs/golden-tests.md).
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: snapshots)) == ["seekButton.0.png", "seekButton.0-35.png"])
    }

    /// On Linux snapshot-testing attaches nothing, so a failure writes its triptych and names it.
    @Test func aFailureWritesItsTriptychAndNamesIt() throws {
        defer { try? FileManager.default.removeItem(atPath: snapshots) }
        _ = verifySnapshot(of: seek, as: .frame(at: 0.5), named: "seek", record: .all,
                           snapshotDirectory: snapshots, testName: "frame")
        let failure = try #require(verifySnapshot(of: seek, as: .frame(at: 0.45), named: "seek", record: .never,
                                                  snapshotDirectory: snapshots, testName: "frame"))
        let line = try #require(failure.split(separator: "\n").first { $0.hasPrefix("triptych (expected | actual | difference): ") })
        let path = String(line.dropFirst("triptych (expected | actual | difference): ".count))
        // In the artifacts folder, in the test file's subfolder, named after this test and the strategy.
        let artifacts = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        #expect(path == URL(fileURLWithPath: artifacts).appendingPathComponent(
            "FlipbookSnapshotTestingTests/aFailureWritesItsTriptychAndNamesIt.frame-at-0-45.triptych.png").path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let triptych = try PNGFile.read(path: path)
        let expected = try seek.frame(at: 0.5), actual = try seek.frame(at: 0.45)
        // expected | actual | difference, side by side with two separators.
        #expect(triptych.width == 3 * expected.width + 2 * Triptych.separatorWidth)
        #expect(triptych.height == expected.height)
        #expect(triptych[100, 140] == expected[100, 140])
        #expect(triptych[expected.width + Triptych.separatorWidth + 640, 140] == actual[640, 140])
    }

    @Test func pngDataRoundTrips() throws {
        let frame = try seek.frame(at: 0.5)
        let diffing = Diffing<PixelImage>.flipbookImage()
        #expect(diffing.fromData(diffing.toData(frame)) == frame)
        #expect(diffing.fromData(Data("not a png".utf8)).width == 0, "unreadable data never matches a frame")
    }
}

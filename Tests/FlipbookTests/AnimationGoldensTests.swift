import Flipbook
import FlipbookTesting
import GoldenImages
import Foundation
import Testing

/// Whole-animation checks: many times against one folder of goldens, one contact sheet of the failures.
@Suite struct AnimationGoldensTests {
    let seek: Player

    init() throws {
        seek = try Player(scene: SceneFile.load(path: repoPath("scenes/seek.json")))
    }

    /// A temporary folder with copies of seek's goldens at 0, 0.45 and 0.5 s, the last two swapped.
    func swappedGoldens() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-anim-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/goldens", withIntermediateDirectories: true)
        for (source, target) in [("0", "0"), ("0.45", "0.5"), ("0.5", "0.45")] {
            try FileManager.default.copyItem(atPath: repoPath("Tests/Goldens/seek/\(source).png"),
                                             toPath: folder + "/goldens/\(target).png")
        }
        return folder
    }

    @Test func theProjectGoldensMatch() {
        assertGoldens(seek, times: [0, 0.45, 0.5], in: repoPath("Tests/Goldens/seek"))
    }

    @Test func failingFramesGoToOneContactSheet() throws {
        let folder = try swappedGoldens()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try AnimationGoldens.verify(
            seek, times: [0, 0.45, 0.5], goldenDirectory: folder + "/goldens", artifactsDirectory: folder + "/artifacts",
            jobs: 2, environment: [:])
        #expect(result.frames.map(\.time) == [0, 0.45, 0.5])
        #expect(result.failures.map(\.time) == [0.45, 0.5])
        #expect(result.contactSheetRows == 2)
        let path = try #require(result.contactSheetPath)
        #expect(path.hasSuffix(".contact-sheet.png"))
        #expect(result.failureMessage?.contains("2 of 3 frames do not match their goldens (at 0.45 s, 0.5 s)") == true)

        // Two rows of 960 x 400 triptychs: 3 panels and 2 bands of 2 px across, one band of 2 px between rows.
        let sheet = try PNGFile.read(path: path)
        #expect(sheet.width == 3 * 960 + 2 * 2)
        #expect(sheet.height == 2 * 400 + 2)
        // Row 1's expected panel is the golden file named 0.5.png (seek's 0.45 s frame), its actual panel
        // the frame at 0.5 s; row 2 starts 402 px down with the golden named 0.45.png.
        let goldenOf045 = try PNGFile.read(path: repoPath("Tests/Goldens/seek/0.45.png"))
        let goldenOf05 = try PNGFile.read(path: repoPath("Tests/Goldens/seek/0.5.png"))
        let frameAt05 = try seek.frame(at: 0.5)
        for (x, y) in [(100, 100), (620, 140), (790, 140), (300, 300)] {
            #expect(sheet[x, y] == goldenOf05[x, y])
            #expect(sheet[x, 402 + y] == goldenOf045[x, y])
            #expect(sheet[962 + x, 402 + y] == frameAt05[x, y])
        }
        #expect(sheet[960, 0] == Triptych.separatorColor)
        #expect(sheet[0, 400] == Triptych.separatorColor)

        // A check of the same goldens that matches leaves this run's sheet (another test's failure) alone...
        let matching = try AnimationGoldens.verify(
            seek, times: [0], goldenDirectory: folder + "/goldens", artifactsDirectory: folder + "/artifacts", environment: [:])
        #expect(matching.failureMessage == nil)
        #expect(FileManager.default.fileExists(atPath: path))
        // ...and removes a sheet an earlier run wrote.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceReferenceDate: 0)], ofItemAtPath: path)
        let again = try AnimationGoldens.verify(
            seek, times: [0], goldenDirectory: folder + "/goldens", artifactsDirectory: folder + "/artifacts", environment: [:])
        #expect(again.failureMessage == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func assertGoldensReportsOneIssueForTheAnimation() throws {
        let folder = try swappedGoldens()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue {
            assertGoldens(seek, times: [0, 0.45, 0.5], in: folder + "/goldens", artifactsDirectory: folder + "/artifacts")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("2 of 3 frames do not match")
        }
    }

    @Test func everyNthFrameTakesFramesZeroNTwoN() {
        // seek: 5.2 s at 50 fps = 260 frames; every 10th: frames 0, 10, ..., 250, at k * 10 / 50 s.
        let times = AnimationGoldens.times(everyNthFrame: 10, of: seek.scene)
        #expect(times.count == 26)
        for (k, t) in times.enumerated() { #expect(abs(t - Double(k * 10) / 50) < 1e-12) }
    }

    @Test func goldenFileNamesAreTheTimeWithUpToSixDecimals() {
        #expect(AnimationGoldens.fileName(forTime: 0) == "0.png")
        #expect(AnimationGoldens.fileName(forTime: 2) == "2.png")
        #expect(AnimationGoldens.fileName(forTime: 0.45) == "0.45.png")
        #expect(AnimationGoldens.fileName(forTime: 7.0 / 30) == "0.233333.png")
    }

    @Test func theContactSheetKeepsTheRowsThatFit() {
        // 2,000 x 2,000 rows: 4,000,000 pixels each, so 16,000,000 holds 3 (with 2 px bands), not 4.
        let sizes = Array(repeating: (width: 2000, height: 2000), count: 5)
        #expect(ContactSheet.rowsThatFit(sizes) == 3)
        #expect(ContactSheet.rowsThatFit([(width: 5000, height: 5000)]) == 1, "one row always fits")
        #expect(ContactSheet.rowsThatFit([]) == 0)
    }
}

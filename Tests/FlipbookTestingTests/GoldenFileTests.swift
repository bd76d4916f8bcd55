import FlipbookTesting
import Foundation
@testable import GoldenImages
import Pixels
import Raster
import XCTest

final class GoldenFileTests: XCTestCase {
    private var directory = ""
    private var artifacts: String { directory + "/artifacts" }
    private let local: [String: String] = [:]

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("flipbook-golden-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    // MARK: recording

    func testRecordWritesTheGoldenCreatingFolders() throws {
        let golden = directory + "/Goldens/seek/0.35.png"
        let image = square(at: 10)
        let result = GoldenFile.verify(image, goldenPath: golden, artifactsDirectory: artifacts,
                                       environment: ["FLIPBOOK_RECORD": "1"])
        XCTAssertEqual(result, .recorded(path: golden))
        XCTAssertEqual(try PNGFile.read(path: golden), image)

        let again = GoldenFile.verify(image, goldenPath: golden, artifactsDirectory: artifacts, environment: local)
        guard case .matched(let summary) = again else { return XCTFail("expected a match, got \(again)") }
        XCTAssertEqual(summary.differentPixels, 0)
        XCTAssertEqual(summary.totalPixels, 48 * 48)
    }

    func testRecordReplacesAnExistingGolden() throws {
        let golden = directory + "/golden.png"
        try PNGFile.write(square(at: 10), to: golden)
        let result = GoldenFile.verify(square(at: 20), goldenPath: golden, artifactsDirectory: artifacts,
                                       environment: ["FLIPBOOK_RECORD": "1"])
        XCTAssertEqual(result, .recorded(path: golden))
        XCTAssertEqual(try PNGFile.read(path: golden), square(at: 20))
    }

    func testMissingGoldenIsRecordedLocally() {
        let golden = directory + "/new.png"
        let result = GoldenFile.verify(square(at: 10), goldenPath: golden, artifactsDirectory: artifacts, environment: local)
        XCTAssertEqual(result, .recorded(path: golden))
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden))
    }

    func testMissingGoldenFailsOnCIAndWritesNothing() throws {
        let golden = directory + "/Goldens/missing.png"
        let result = GoldenFile.verify(square(at: 10), goldenPath: golden, artifactsDirectory: artifacts,
                                       environment: ["CI": "true", "FLIPBOOK_RECORD": "1"])
        let message = try XCTUnwrap(result.failureMessage)
        XCTAssertTrue(message.contains(golden), message)
        XCTAssertTrue(message.contains("FLIPBOOK_RECORD=1"), message)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [])
    }

    func testRecordingIsRefusedOnCI() throws {
        let golden = directory + "/golden.png"
        try PNGFile.write(square(at: 10), to: golden)
        let result = GoldenFile.verify(square(at: 20), goldenPath: golden, artifactsDirectory: artifacts,
                                       environment: ["CI": "true", "FLIPBOOK_RECORD": "1"])
        XCTAssertNotNil(result.failureMessage)
        XCTAssertEqual(try PNGFile.read(path: golden), square(at: 10), "the golden is untouched")
    }

    /// `FLIPBOOK_RECORD=failed`: a golden that matches is left byte for byte; one that fails is rewritten.
    func testRecordFailedRewritesOnlyAFailingGolden() throws {
        let matching = directory + "/matching.png", failing = directory + "/failing.png"
        try PNGFile.write(square(at: 10), to: matching)
        try PNGFile.write(square(at: 10), to: failing)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: matching))
        let environment = ["FLIPBOOK_RECORD": "failed"]
        guard case .matched = GoldenFile.verify(square(at: 10), goldenPath: matching, artifactsDirectory: artifacts,
                                                environment: environment) else { return XCTFail("expected a match") }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: matching)), bytes)
        XCTAssertEqual(GoldenFile.verify(square(at: 20), goldenPath: failing, artifactsDirectory: artifacts,
                                         environment: environment), .recorded(path: failing))
        XCTAssertEqual(try PNGFile.read(path: failing), square(at: 20))
        XCTAssertEqual(RecordMode(environment: ["FLIPBOOK_RECORD": "Failed"]), .failed)
        XCTAssertEqual(RecordMode(environment: ["FLIPBOOK_RECORD": "yes"]), .all)
        XCTAssertEqual(RecordMode(environment: [:]), .missing)
        let refused = GoldenFile.verify(square(at: 20), goldenPath: matching, artifactsDirectory: artifacts,
                                        environment: ["CI": "true", "FLIPBOOK_RECORD": "failed"])
        XCTAssertTrue(refused.failureMessage?.contains("Remove FLIPBOOK_RECORD from the CI environment.") ?? false, "\(refused)")
    }

    // MARK: comparing

    func testMismatchWritesTriptychAndActualAndNamesThem() throws {
        let golden = directory + "/Goldens/frame.png"
        let expected = square(at: 10)
        let actual = square(at: 12)
        try FileManager.default.createDirectory(atPath: directory + "/Goldens", withIntermediateDirectories: true)
        try PNGFile.write(expected, to: golden)

        let result = GoldenFile.verify(actual, goldenPath: golden, artifactsDirectory: artifacts, environment: ["CI": "true"])
        let message = try XCTUnwrap(result.failureMessage)
        // Columns 10-11 and 26-27 of a 16-row square changed: 64 pixels.
        XCTAssertTrue(message.contains("64 of 2304 pixels differ"), message)

        let triptychPath = try XCTUnwrap(path(endingWith: ".triptych.png", in: message))
        let triptych = try PNGFile.read(path: triptychPath)
        XCTAssertEqual(triptych.width, 3 * 48 + 2 * Triptych.separatorWidth)
        XCTAssertEqual(triptych.height, 48)
        let actualPanel = 48 + Triptych.separatorWidth
        let diffPanel = 2 * actualPanel
        for (x, y) in [(10, 20), (11, 12), (27, 25), (0, 0), (20, 20)] {
            XCTAssertEqual(triptych[x, y], expected[x, y])
            XCTAssertEqual(triptych[actualPanel + x, y], actual[x, y])
        }
        XCTAssertEqual(triptych[diffPanel + 10, 20], RGBA8(r: 255, g: 0, b: 0))
        XCTAssertEqual(triptych[diffPanel + 27, 25], RGBA8(r: 255, g: 0, b: 0))

        let actualPath = try XCTUnwrap(path(endingWith: ".actual.png", in: message))
        XCTAssertEqual(try PNGFile.read(path: actualPath), actual)
        XCTAssertEqual(try PNGFile.read(path: golden), expected, "a failure never rewrites the golden")
    }

    func testSizeMismatchFailsClearly() throws {
        let golden = directory + "/golden.png"
        try PNGFile.write(PixelImage.canvas(48, 48), to: golden)
        let result = GoldenFile.verify(PixelImage.canvas(40, 48), goldenPath: golden, artifactsDirectory: artifacts,
                                       environment: local)
        let message = try XCTUnwrap(result.failureMessage)
        XCTAssertTrue(message.contains("golden is 48 x 48, actual is 40 x 48"), message)
        let triptychPath = try XCTUnwrap(path(endingWith: ".triptych.png", in: message))
        XCTAssertEqual(try PNGFile.read(path: triptychPath).width, 3 * 48 + 2 * Triptych.separatorWidth)
    }

    func testArtifactsGoToFlipbookArtifactsByDefault() throws {
        let golden = directory + "/golden.png"
        try PNGFile.write(square(at: 10), to: golden)
        let chosen = directory + "/from-environment"
        let result = GoldenFile.verify(square(at: 30), goldenPath: golden, environment: ["FLIPBOOK_ARTIFACTS": chosen])
        let message = try XCTUnwrap(result.failureMessage)
        let triptychPath = try XCTUnwrap(path(endingWith: ".triptych.png", in: message))
        XCTAssertTrue(triptychPath.hasPrefix(chosen + "/"), triptychPath)
    }

    func testAMatchRemovesAnEarlierRunsArtifacts() throws {
        let golden = directory + "/golden.png"
        try PNGFile.write(square(at: 10), to: golden)
        let failure = GoldenFile.verify(square(at: 30), goldenPath: golden, artifactsDirectory: artifacts, environment: local)
        let triptychPath = try XCTUnwrap(path(endingWith: ".triptych.png", in: try XCTUnwrap(failure.failureMessage)))
        let actualPath = try XCTUnwrap(path(endingWith: ".actual.png", in: try XCTUnwrap(failure.failureMessage)))
        // As if an earlier run had written them: an hour before this process started.
        let earlier = RunStart.date.addingTimeInterval(-3600)
        for file in [triptychPath, actualPath] {
            try FileManager.default.setAttributes([.modificationDate: earlier], ofItemAtPath: file)
        }

        let success = GoldenFile.verify(square(at: 10), goldenPath: golden, artifactsDirectory: artifacts, environment: local)
        XCTAssertNil(success.failureMessage)
        XCTAssertFalse(FileManager.default.fileExists(atPath: triptychPath))
        XCTAssertFalse(FileManager.default.fileExists(atPath: actualPath))
    }

    /// Two tests on one golden running at the same time, one failing and one matching: the match must not
    /// erase the failure's triptych, which this run wrote.
    func testAMatchKeepsTheFailureImagesOfThisRun() throws {
        let golden = directory + "/golden.png"
        try PNGFile.write(square(at: 10), to: golden)
        let failure = GoldenFile.verify(square(at: 30), goldenPath: golden, artifactsDirectory: artifacts, environment: local)
        let message = try XCTUnwrap(failure.failureMessage)
        let triptychPath = try XCTUnwrap(path(endingWith: ".triptych.png", in: message))
        let actualPath = try XCTUnwrap(path(endingWith: ".actual.png", in: message))

        let success = GoldenFile.verify(square(at: 10), goldenPath: golden, artifactsDirectory: artifacts, environment: local)
        XCTAssertNil(success.failureMessage)
        XCTAssertTrue(FileManager.default.fileExists(atPath: triptychPath), "the failing check's triptych stays")
        XCTAssertTrue(FileManager.default.fileExists(atPath: actualPath))
    }

    /// The process's start, from the kernel: before this test ran, and not before the machine booted.
    func testTheRunStartsWhenTheProcessStarted() throws {
        let start = RunStart.date
        XCTAssertLessThan(start, Date())
        #if os(Linux)
        let uptime = try String(contentsOfFile: "/proc/uptime", encoding: .utf8).split(separator: " ")
        let booted = Date().addingTimeInterval(-(Double(uptime[0]) ?? 0) - 1)
        XCTAssertGreaterThan(start, booted)
        XCTAssertNotNil(RunStart.processStart(), "read from /proc/self/stat")
        #endif
    }

    func testUnreadableGoldenFails() throws {
        let golden = directory + "/broken.png"
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: golden))
        let result = GoldenFile.verify(square(at: 10), goldenPath: golden, artifactsDirectory: artifacts, environment: local)
        let message = try XCTUnwrap(result.failureMessage)
        XCTAssertTrue(message.contains("Cannot read the golden image"), message)
    }

    func testArtifactNameKeepsTheGoldensFolders() {
        XCTAssertEqual(GoldenFile.artifactName(forGoldenPath: "Tests/Goldens/seek/0.35.png"), "Tests_Goldens_seek_0.35")
        XCTAssertEqual(GoldenFile.artifactName(forGoldenPath: "./wheel.PNG"), "wheel")
    }

    func testAssertGoldenPassesOnAMatch() throws {
        let golden = directory + "/golden.png"
        try PNGFile.write(square(at: 10), to: golden)
        assertGolden(square(at: 10), golden, artifactsDirectory: artifacts)
    }

    // MARK: helpers

    /// A 48 x 48 white image with a 16 x 16 blue square whose left edge is at column `x`, top at row 16.
    private func square(at x: Int) -> PixelImage {
        var image = PixelImage.canvas(48, 48)
        image.fillRect(x: x, y: 16, width: 16, height: 16, color: .blue)
        return image
    }

    /// The first whitespace-separated word of `message` ending with `suffix`, if it names an existing file.
    private func path(endingWith suffix: String, in message: String) -> String? {
        message.split(whereSeparator: \.isWhitespace).map(String.init)
            .first { $0.hasSuffix(suffix) && FileManager.default.fileExists(atPath: $0) }
    }
}


import FlipbookTesting
import Foundation
import Pixels
import Raster
import Testing
import XCTest

/// A folder with a 32 x 32 golden (white, a blue 12 x 12 square) and pictures that match it or not.
struct ReportingFixture {
    let directory: String
    let goldenPath: String

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("flipbook-reporting-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        goldenPath = directory + "/golden.png"
        try PNGFile.write(Self.picture(squareAt: 10), to: goldenPath)
    }

    /// The golden's picture with its square's left edge at column `x`.
    static func picture(squareAt x: Int) -> PixelImage {
        var image = PixelImage(width: 32, height: 32, fill: RGBA8(r: 255, g: 255, b: 255))
        image.fillRect(x: x, y: 10, width: 12, height: 12, color: RGBA8(r: 0, g: 0, b: 255))
        return image
    }

    /// The same picture as the golden.
    var matching: PixelImage { Self.picture(squareAt: 10) }
    /// The square moved 3 pixels: 72 pixels differ, far beyond any tolerance.
    var mismatching: PixelImage { Self.picture(squareAt: 13) }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}

// MARK: - Swift Testing

/// Under Swift Testing, a mismatch records an issue at the assertion's line and a match records none.
@Suite struct AssertGoldenUnderSwiftTesting {
    @Test func theRunningFrameworkIsSwiftTesting() {
        #expect(TestFailure.currentFramework == .swiftTesting)
    }

    /// `withKnownIssue` fails this test unless the assertion records an issue that the matcher accepts.
    @Test func aMismatchRecordsAnIssueAtTheCallSite() throws {
        let fixture = try ReportingFixture()
        defer { fixture.remove() }
        let expectedLine = #line + 2
        withKnownIssue {
            assertGolden(fixture.mismatching, fixture.goldenPath, artifactsDirectory: fixture.directory)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("Golden image mismatch: \(fixture.goldenPath)")
                && issue.sourceLocation?.line == expectedLine
                && issue.sourceLocation?.fileID == #fileID
        }
    }

    /// Any issue recorded here would fail the test.
    @Test func aMatchRecordsNoIssue() throws {
        let fixture = try ReportingFixture()
        defer { fixture.remove() }
        assertGolden(fixture.matching, fixture.goldenPath, artifactsDirectory: fixture.directory)
    }

    @Test func theReporterRecordsTheMessageAndColumn() {
        withKnownIssue {
            TestFailure.report("a reported failure", at: CallSite(fileID: "Module/File.swift", filePath: "/x/File.swift", line: 12, column: 7))
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["a reported failure"]
                && issue.sourceLocation?.fileID == "Module/File.swift"
                && issue.sourceLocation?.line == 12 && issue.sourceLocation?.column == 7
        }
    }
}

// MARK: - XCTest

/// Under XCTest, a mismatch fails through `XCTFail` at the assertion's line, and a match does not.
///
/// swift-corelibs-xctest has no `XCTExpectFailure`; this case overrides `recordFailure`, through which
/// every `XCTFail` of the running test passes, and keeps the failures to check them instead of failing.
final class AssertGoldenUnderXCTestTests: XCTestCase {
    private var recorded: [(description: String, file: String, line: Int)] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing {
            recorded.append((description, filePath, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    /// Runs `body` keeping the failures it records.
    private func capturingFailures(_ body: () -> Void) -> [(description: String, file: String, line: Int)] {
        recorded = []
        capturing = true
        body()
        capturing = false
        return recorded
    }

    func testTheRunningFrameworkIsXCTest() {
        XCTAssertEqual(TestFailure.currentFramework, .xcTest)
    }

    func testAMismatchFailsAtTheCallSite() throws {
        let fixture = try ReportingFixture()
        defer { fixture.remove() }
        var expectedLine = 0
        let failures = capturingFailures {
            expectedLine = #line + 1
            assertGolden(fixture.mismatching, fixture.goldenPath, artifactsDirectory: fixture.directory)
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("Golden image mismatch: \(fixture.goldenPath)") ?? false,
                      failures.first?.description ?? "no failure")
        XCTAssertEqual(failures.first?.line, expectedLine)
        XCTAssertEqual(failures.first?.file, "\(#filePath)")
    }

    func testAMatchDoesNotFail() throws {
        let fixture = try ReportingFixture()
        defer { fixture.remove() }
        let failures = capturingFailures {
            assertGolden(fixture.matching, fixture.goldenPath, artifactsDirectory: fixture.directory)
        }
        XCTAssertEqual(failures.count, 0)
    }
}

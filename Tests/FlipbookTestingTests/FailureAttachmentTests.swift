import FlipbookTesting
import Foundation
import Pixels
import Raster
import Testing
import XCTest

/// Under Swift Testing a mismatch attaches expected, actual and difference: run this bundle's probe in a
/// child process with `--attachments-path`, and read back the PNGs Swift Testing saved.
final class FailureAttachmentTests: XCTestCase {
    func testAMismatchAttachesTheThreeImages() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-attachments-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--testing-library", "swift-testing", "--filter", "AttachmentProbe",
                             "--attachments-path", folder.path]
        var environment = ProcessInfo.processInfo.environment
        environment[AttachmentProbe.key] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)

        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        func image(_ label: String) throws -> PixelImage {
            let name = try XCTUnwrap(files.first { $0.hasSuffix(".\(label).png") }, "\(label) in \(files)")
            return try PNGFile.read(path: folder.appendingPathComponent(name).path)
        }
        XCTAssertEqual(try image("expected"), ReportingFixture.picture(squareAt: 10))
        XCTAssertEqual(try image("actual"), ReportingFixture.picture(squareAt: 13))
        // The difference image: red where the square moved (column 10 is blue in the golden only).
        XCTAssertEqual(try image("difference")[10, 15], RGBA8(r: 255, g: 0, b: 0))
    }
}

/// Disabled unless `FailureAttachmentTests` runs it in a child process.
@Suite struct AttachmentProbe {
    static let key = "FLIPBOOK_ATTACHMENT_PROBE"

    @Test(.enabled(if: ProcessInfo.processInfo.environment[key] != nil))
    func mismatch() throws {
        let fixture = try ReportingFixture()
        defer { fixture.remove() }
        withKnownIssue {
            assertGolden(fixture.mismatching, fixture.goldenPath, artifactsDirectory: fixture.directory)
        }
    }
}

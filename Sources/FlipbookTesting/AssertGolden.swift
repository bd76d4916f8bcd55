import Foundation
import GoldenImages
import Pixels

/// Fails the current test when `image` does not match the golden PNG at `goldenPath`.
///
/// Works under Swift Testing and XCTest alike (see `TestFailure`). A thin wrapper over
/// `GoldenFile.verify` (see its workflow): a mismatch fails with the message naming the triptych; a
/// recorded golden is announced on standard output and does not fail. Under Swift Testing a mismatch
/// also attaches the expected, actual and difference images to the test (see `FailureAttachments`).
public func assertGolden(
    _ image: PixelImage,
    _ goldenPath: String,
    tolerance: ImageTolerance = .default,
    artifactsDirectory: String? = nil,
    fileID: String = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let site = CallSite(fileID: fileID, filePath: file, line: line, column: column)
    let check = GoldenFile.check(image, goldenPath: goldenPath, tolerance: tolerance, artifactsDirectory: artifactsDirectory)
    // The environment stamp beside the golden: written when it is recorded, compared when it fails.
    let folder = URL(fileURLWithPath: goldenPath).deletingLastPathComponent().path
    switch check.result {
    case .matched:
        report(check.result, at: site)
    case .recorded:
        try? GoldenEnvironment.current(families: []).write(folder: folder)
        report(check.result, at: site)
    case .failed(let message):
        FailureAttachments.attach(check, name: GoldenFile.artifactName(forGoldenPath: goldenPath), at: site)
        let notes = GoldenEnvironment.read(folder: folder)?.differences(from: .current(families: [])) ?? []
        report(.failed(message: message + notes.map { "\n  " + $0 }.joined()), at: site)
    }
}

/// Announces a recorded golden, or reports a failure at `site`; a match says nothing.
func report(_ result: GoldenResult, at site: CallSite) {
    switch result {
    case .matched:
        break
    case .recorded(let path):
        print("Recorded golden image \(path)")
    case .failed(let message):
        TestFailure.report(message, at: site)
    }
}

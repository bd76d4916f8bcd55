import Foundation
import Pixels
import XCTest

/// Fails the current XCTest test when `image` does not match the golden PNG at `goldenPath`.
///
/// A thin wrapper over `GoldenFile.verify` (see its workflow): a mismatch fails with the message
/// naming the triptych; a recorded golden is announced on standard output and does not fail.
public func assertGolden(
    _ image: PixelImage,
    _ goldenPath: String,
    tolerance: ImageTolerance = .default,
    artifactsDirectory: String? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    switch GoldenFile.verify(image, goldenPath: goldenPath, tolerance: tolerance, artifactsDirectory: artifactsDirectory) {
    case .matched:
        break
    case .recorded(let path):
        print("Recorded golden image \(path)")
    case .failed(let message):
        XCTFail(message, file: file, line: line)
    }
}

import Flipbook
import Foundation
import GoldenImages

/// Fails the current test when any frame of `player` at `times` does not match its golden in
/// `goldenDirectory` (`<time>.png`, e.g. `0.45.png`), writing one contact sheet of the failing frames.
///
/// Works under Swift Testing and XCTest alike; one failure names every failing time and the sheet (see
/// `AnimationGoldens`). A rendering error fails the test too.
public func assertGoldens(
    _ player: Player,
    times: [Double],
    in goldenDirectory: String,
    tolerance: ImageTolerance = .default,
    artifactsDirectory: String? = nil,
    fileID: String = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let site = CallSite(fileID: fileID, filePath: file, line: line, column: column)
    do {
        let result = try AnimationGoldens.verify(
            player, times: times, goldenDirectory: goldenDirectory, tolerance: tolerance,
            artifactsDirectory: artifactsDirectory)
        for frame in result.frames {
            if case .recorded(let path) = frame.result { print("Recorded golden image \(path)") }
        }
        // A failure's message carries the warnings; a recording announces them.
        if result.failureMessage == nil { for warning in result.fontWarnings { print("warning: \(warning)") } }
        if let message = result.failureMessage {
            if let sheet = result.contactSheetPath { FailureAttachments.attachFile(sheet, at: site) }
            TestFailure.report(message, at: site)
        }
    } catch {
        TestFailure.report("Cannot render \(player.scene.name) for its goldens: \(error)", at: site)
    }
}

/// `assertGoldens(_:times:in:...)` on frames 0, n, 2n, ... of the scene at its frame rate.
public func assertGoldens(
    _ player: Player,
    everyNthFrame n: Int,
    in goldenDirectory: String,
    tolerance: ImageTolerance = .default,
    artifactsDirectory: String? = nil,
    fileID: String = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    assertGoldens(player, times: AnimationGoldens.times(everyNthFrame: n, of: player.scene), in: goldenDirectory,
                  tolerance: tolerance, artifactsDirectory: artifactsDirectory,
                  fileID: fileID, file: file, line: line, column: column)
}

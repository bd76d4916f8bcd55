import XCTest
@testable import Flipbook

/// The progress display's time left comes from the work estimate's shares: the work before the first frame
/// (a GIF's palette samples) is done when frames start, the work after the last (an APNG's compression at
/// the end) is still to do when they end, and the frames share the rest.
final class RenderProgressTests: XCTestCase {
    func testWithoutSharesTheTimeLeftIsTheFrameRates() {
        // 30 of 120 frames in 6 s: 90 frames at 5 a second.
        XCTAssertEqual(RenderProgress(framesDone: 30, frameCount: 120, elapsedSeconds: 6).secondsLeft, 18, accuracy: 1e-9)
    }

    func testTheWorkBeforeAndAfterTheFramesCounts() {
        // A fifth of the work before the frames, three tenths after: 30 of 120 frames is
        // 0.2 + 0.5 * 0.25 = 0.325 of the work in 6 s, so 0.675 of it takes 6 * 0.675 / 0.325 s.
        let progress = RenderProgress(framesDone: 30, frameCount: 120, elapsedSeconds: 6, shareBefore: 0.2, shareAfter: 0.3)
        XCTAssertEqual(progress.shareDone, 0.325, accuracy: 1e-12)
        XCTAssertEqual(progress.secondsLeft, 6 * 0.675 / 0.325, accuracy: 1e-9)
    }

    func testTheLastFrameLeavesTheFinishingWork() {
        // Every frame in 12 s is 60 % of the work; the 40 % left takes 8 s more, where the frame rate says 0.
        let progress = RenderProgress(framesDone: 120, frameCount: 120, elapsedSeconds: 12, shareAfter: 0.4)
        XCTAssertEqual(progress.secondsLeft, 8, accuracy: 1e-9)
    }

    func testNothingDoneHasNoEstimate() {
        XCTAssertEqual(RenderProgress(framesDone: 0, frameCount: 120, elapsedSeconds: 1).secondsLeft, .infinity)
    }

}

import XCTest
@testable import GIF

final class FrameTimingTests: XCTestCase {
    /// At fps <= 50: every prefix of delays is within half a centisecond of its exact duration, and no delay < 2.
    private func assertCarried(fps: Double, frames: Int, file: StaticString = #filePath, line: UInt = #line) {
        let delays = FrameTiming.delays(frameCount: frames, fps: fps)
        XCTAssertEqual(delays.count, frames, file: file, line: line)
        var sum = 0
        for (n, delay) in delays.enumerated() {
            sum += delay
            XCTAssertGreaterThanOrEqual(delay, 2, file: file, line: line)
            let exact = Double(n + 1) * 100 / fps
            XCTAssertLessThanOrEqual(abs(Double(sum) - exact), 0.5 + 1e-9, "after \(n + 1) frames", file: file, line: line)
        }
    }

    func testThirtyFPSCarriesTheRoundingError() {
        // Cumulative 3.33, 6.67, 10, 13.33, 16.67, 20 cs round to 3, 7, 10, 13, 17, 20.
        XCTAssertEqual(FrameTiming.delays(frameCount: 6, fps: 30), [3, 4, 3, 3, 4, 3])
        XCTAssertEqual(FrameTiming.delays(frameCount: 30, fps: 30).reduce(0, +), 100)
        assertCarried(fps: 30, frames: 300)
    }

    func testTwentyFourFPS() {
        // Cumulative 4.17, 8.33, 12.5, 16.67, 20.83, 25 round to 4, 8, 13, 17, 21, 25.
        XCTAssertEqual(FrameTiming.delays(frameCount: 6, fps: 24), [4, 4, 5, 4, 4, 4])
        XCTAssertEqual(FrameTiming.delays(frameCount: 24, fps: 24).reduce(0, +), 100)
        assertCarried(fps: 24, frames: 240)
    }

    func testFiftyFPSIsTwoCentisecondsEach() {
        XCTAssertEqual(FrameTiming.delays(frameCount: 100, fps: 50), Array(repeating: 2, count: 100))
    }

    func testSixtyFPSNeverGoesUnderTwoCentiseconds() {
        // 1.67 cs per frame is not representable: every frame gets the 2 cs minimum (documented slowdown).
        let delays = FrameTiming.delays(frameCount: 60, fps: 60)
        XCTAssertEqual(delays, Array(repeating: 2, count: 60))
        XCTAssertGreaterThan(FrameTiming.maxFPS, 0)
        XCTAssertLessThanOrEqual(FrameTiming.maxFPS, 50)
    }

    func testOddRatesAndEmpty() {
        assertCarried(fps: 45, frames: 200)
        assertCarried(fps: 12.5, frames: 50)
        assertCarried(fps: 7, frames: 70)
        XCTAssertEqual(FrameTiming.delays(frameCount: 0, fps: 30), [])
    }
}

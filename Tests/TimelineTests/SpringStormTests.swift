import XCTest
@testable import Timeline

/// A retargeting spring takes over the springs still running and stops them, so while changes come in
/// time order only the last spring can run when the next change comes: 20,000 spring changes, 1 ms
/// apart, are added in linear time (they took quadratic time, looking at every earlier motion each).
final class SpringStormTests: XCTestCase {
    func testManySpringChangesInTimeOrderAreAddedQuicklyAndHandOver() {
        let spring = Animation.spring(duration: 0.5, bounce: 0)
        var track = MotionTrack()
        let start = ContinuousClock.now
        for k in 0..<20_000 {
            track.add(time: Double(k) * 0.001, old: [Double(k)], new: [Double(k + 1)], animation: spring)
        }
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
        // Each spring ends where the next starts; the last runs on.
        for k in 0..<19_999 { XCTAssertEqual(track.motions[k].end, track.motions[k + 1].start) }
        XCTAssertGreaterThan(track.motions[19_999].end, 19.999)
        // Two changes, the second while the first runs: the second starts from the first's offset plus
        // its own step, so the value does not jump (offset(0.1) just before = first alone).
        var two = MotionTrack()
        two.add(time: 0, old: [0], new: [1], animation: spring)
        let before = two.offset(at: 0.1)![0]
        two.add(time: 0.1, old: [1], new: [2], animation: spring)
        XCTAssertEqual(two.offset(at: 0.1)![0], before + (1 - 2), accuracy: 1e-12)
    }

    /// Out of time order every earlier spring is looked at, as before.
    func testChangesOutOfOrderStillStopTheSpringsRunning() {
        let spring = Animation.spring(duration: 0.5, bounce: 0)
        var track = MotionTrack()
        track.add(time: 1, old: [0], new: [1], animation: spring)
        track.add(time: 0, old: [0], new: [1], animation: spring)
        track.add(time: 1.1, old: [1], new: [2], animation: spring)
        // The spring at 1 and the one at 0 (still running at 1.1? it settles by 0.735 s: no) — the one at 1 stops.
        XCTAssertEqual(track.motions[0].end, 1.1)
    }
}

import Flipbook
import SceneFormat
import XCTest

/// A signal that comes while the script is simulated or the animations planned stops them (the renderer
/// asks `Interruption` through `isCancelled`): a long simulation does not run on to its end first.
final class CancelledPlayerTests: XCTestCase {
    /// 10,000 timer ticks, each an animated change: simulating and planning them takes seconds.
    let scene = #"""
        {"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 100, "state": {"x": 0},
         "root": {"shape": "circle", "offset": {"x": "x"}, "frame": {"width": 10, "height": 10},
                  "onAppear": [{"timer": 0.01, "do": [{"withAnimation": ".linear(duration: 0.5)", "do": [{"set": {"x": "x + 1"}}]}]}]}}
        """#

    func testACancelledPlayerStopsAtOnceWithInterrupted() throws {
        let start = Date()
        XCTAssertThrowsError(try Player(scene: SceneDecoder.decode(Array(scene.utf8)), isCancelled: { true })) { error in
            XCTAssertTrue("\(error)".contains("interrupted"), "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1, "stopped within the first events")
    }

    func testTheSimulationRunsWhenNotCancelled() throws {
        let player = try Player(scene: SceneDecoder.decode(Array(scene.utf8)), isCancelled: { false })
        XCTAssertGreaterThan(player.timeline.transactions.count, 1000)
    }
}

// The XCTest sample of the FlipbookTesting getting-started article, as it is written there.
import FlipbookTesting
import XCTest

final class PulseTests: XCTestCase {
    func testPulse() throws {
        let player = try Player(scene: SceneFile.load(path: "scenes/pulse.json"))
        assertGolden(try player.frame(at: 0.3), "Tests/Goldens/pulse/0.3.png")
    }

    // The same sample on the scene moved 3 px to the right, against a copy of the golden: must fail
    // (checked by `run`).
    func testPulseShifted() throws {
        let player = try Player(scene: SceneFile.load(path: "scenes/pulse-shifted.json"))
        assertGolden(try player.frame(at: 0.3), "Tests/Goldens/pulse-shifted/0.3.png")
    }
}

import FlipbookSnapshotTesting
import SnapshotTesting
import XCTest

// The snapshot-testing strategy under XCTest, on the scene moved 3 px, against the snapshot of the
// unmoved scene: must fail and name the triptych it wrote (checked by `run`).
final class PulseSnapshotTests: XCTestCase {
    func testPulseShifted() throws {
        let player = try Player(scene: SceneFile.load(path: "scenes/pulse-shifted.json"))
        assertSnapshot(of: player, as: .frame(at: 0.35))
    }
}

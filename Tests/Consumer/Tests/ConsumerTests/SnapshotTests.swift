// The swift-snapshot-testing sample of docs/golden-tests.md, as it is written there (on the pulse scene).
import FlipbookSnapshotTesting
import SnapshotTesting
import Testing

@Test func pulseSnapshots() throws {
    let player = try Player(scene: SceneFile.load(path: "scenes/pulse.json"))
    assertSnapshot(of: player, as: .frame(at: 0.35))                // __Snapshots__/<file>/pulseSnapshots.1.png
    assertSnapshot(of: player, as: .frames(at: [0, 0.35, 0.5]))     // one film strip, frames top to bottom
    assertSnapshots(of: player, as: .eachFrame(at: [0, 0.35]))      // pulseSnapshots.0.png, pulseSnapshots.0-35.png
}

// The same sample on the scene moved 3 px to the right, against copies of the same snapshots: every
// snapshot must fail (checked by `run`).
@Test func pulseShiftedSnapshots() throws {
    let player = try Player(scene: SceneFile.load(path: "scenes/pulse-shifted.json"))
    assertSnapshot(of: player, as: .frame(at: 0.35))
    assertSnapshot(of: player, as: .frames(at: [0, 0.35, 0.5]))
    assertSnapshots(of: player, as: .eachFrame(at: [0, 0.35]))
}

// The Swift Testing sample of the FlipbookTesting getting-started article, as it is written there.
import FlipbookTesting
import Testing

@Test func pulse() throws {
    let player = try Player(scene: SceneFile.load(path: "scenes/pulse.json"))
    assertGolden(try player.frame(at: 0.3), "Tests/Goldens/pulse/0.3.png")
    assertGoldens(player, times: [0, 0.2, 0.4, 0.8], in: "Tests/Goldens/pulse")
}

// The same sample on the scene moved 3 px to the right, against a copy of the goldens (a golden that
// matches in another test would remove these failures' images): both assertions must fail (checked by `run`).
@Test func pulseShifted() throws {
    let player = try Player(scene: SceneFile.load(path: "scenes/pulse-shifted.json"))
    assertGolden(try player.frame(at: 0.3), "Tests/Goldens/pulse-shifted/0.3.png")
    assertGoldens(player, times: [0, 0.2, 0.4, 0.8], in: "Tests/Goldens/pulse-shifted")
}

// An assertion in a detached task, where `Test.current` is nil: the mismatch must still fail the run.
@Test func pulseShiftedInADetachedTask() async throws {
    await Task.detached {
        let player = try! Player(scene: SceneFile.load(path: "scenes/pulse-shifted.json"))
        assertGolden(try! player.frame(at: 0.3), "Tests/Goldens/pulse-shifted/0.3.png")
    }.value
}

// The same in a `Task { }`, which keeps the test's context: the failure is this test's own.
@Test func pulseShiftedInATask() async throws {
    await Task {
        let player = try! Player(scene: SceneFile.load(path: "scenes/pulse-shifted.json"))
        assertGolden(try! player.frame(at: 0.3), "Tests/Goldens/pulse-shifted/0.3.png")
    }.value
}

// Goldens whose environment stamp says 'Inter' resolved to DejaVu Sans where they were recorded: the
// failure must name the font.
@Test func labelRecordedWithAnotherFont() throws {
    let player = try Player(scene: SceneFile.load(path: "scenes/label.json"))
    assertGoldens(player, times: [0], in: "Tests/Goldens/label")
}

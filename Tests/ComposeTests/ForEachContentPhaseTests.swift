import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// A `phaseAnimator` written directly in a `forEach`'s content: each item is its own view with its own
/// animator, as each SwiftUI `ForEach` item is, so an item inserted later starts its cycle at the first
/// phase while the others go on with theirs.
final class ForEachContentPhaseTests: XCTestCase {
    /// Items of 20-point squares in an hstack with spacing 10, centred in a 200 x 100 frame: each square's
    /// top is 40 before its offset, the phase (0, then 10, each step `.linear(duration: 1)`).
    func scene(trigger: String = "", script: String) throws -> Scene {
        let json = """
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 4, "state": {"items": [1, 2, 3], "taps": 0},
             "root": {"hstack": [{"forEach": "items", "as": "i", "content": {"shape": "rectangle",
                         "frame": {"width": 20, "height": 20}, "offset": {"y": "phase"},
                         "phaseAnimator": {"phases": [0, 10]\(trigger), "animation": ".linear(duration: 1)"}}}],
                      "spacing": 10, "frame": {"width": 200, "height": 100}},
             "script": \(script)}
            """
        return try SceneDecoder.decode(Array(json.utf8))
    }

    /// Item 4, appended at 0.5 s, starts its own cycle then: at 1.0 s the first three are at the end of
    /// their first step (10) while it is half way (5); at 1.5 s they are half way back while it ends its first.
    func testAnItemAppendedLaterStartsItsOwnCycle() throws {
        let s = try scene(script: #"[{"at": 0.5, "do": [{"set": {"items": "[1, 2, 3, 4]"}}]}]"#)
        let early = try tops(s, at: 0.25)
        XCTAssertEqual(early.count, 3)
        for top in early { XCTAssertEqual(top, 40 + 10 * 0.25, accuracy: 1e-9) }
        for t in [1.0, 1.5, 2.25] {
            let got = try tops(s, at: t)
            XCTAssertEqual(got.count, 4)
            for top in got.prefix(3) { XCTAssertEqual(top, 40 + looping(from: 0, at: t), accuracy: 1e-9, "at \(t)") }
            XCTAssertEqual(got[3], 40 + looping(from: 0.5, at: t), accuracy: 1e-9, "at \(t)")
        }
        // The values the brief states, by hand: the first items at the end of their first step, the new one half way.
        let one = try tops(s, at: 1.0)
        XCTAssertEqual(one[0], 40 + 10, accuracy: 1e-9)
        XCTAssertEqual(one[3], 40 + 5, accuracy: 1e-9)
    }

    /// An item removed at 1.25 s and added again at 2.25 s starts a new animator then, from the first phase.
    func testAnItemAddedAgainStartsAfresh() throws {
        try assertTheMiddleOneStartsAfresh(try scene(script: removedAndAddedAgain))
    }

    /// A trigger: each item runs its own cycle from the change, and an item appended by the change itself
    /// starts resting at the first phase (its trigger's first value is the new one), as a new SwiftUI view does.
    func testATriggerCyclesTheItemsThereWhenItChanges() throws {
        let s = try scene(trigger: #", "trigger": "taps""#, script: """
            [{"at": 0.5, "do": [{"set": {"taps": "taps + 1", "items": "[1, 2, 3, 4]"}}]}]
            """)
        for (t, cycle) in [(0.25, 0.0), (1.0, 10 * 0.5), (2.0, 10 * (1 - 0.5)), (3.0, 0.0)] {
            let got = try tops(s, at: t)
            for top in got.prefix(3) { XCTAssertEqual(top, 40 + cycle, accuracy: 1e-9, "at \(t)") }
            if got.count == 4 { XCTAssertEqual(got[3], 40, accuracy: 1e-9, "at \(t)") }
        }
    }

    /// In a `forEach` nested in another's content (the inner one may read the outer element) the animator
    /// keeps one phase for all items, as before: every square moves in step, and a row added at 0.5 s goes on
    /// with the others (at 1.75 s, 2.5 back from 10, where its own cycle would be at 7.5).
    func testAnAnimatorInANestedForEachKeepsOnePhase() throws {
        let json = """
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 2, "state": {"rows": [1, 2]},
             "root": {"vstack": [{"forEach": "rows", "as": "r", "content": {"hstack": [{"forEach": "0..<r", "as": "k",
                        "content": {"shape": "rectangle", "frame": {"width": 10, "height": 10}, "offset": {"x": "phase"},
                                    "phaseAnimator": {"phases": [0, 10], "animation": ".linear(duration: 1)"}}}], "spacing": 0}}],
                      "spacing": 0, "frame": {"width": 200, "height": 100}},
             "script": [{"at": 0.5, "do": [{"set": {"rows": "[1, 2, 3]"}}]}]}
            """
        let s = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: s).run()
        let composer = Composer(scene: s, measurer: FixedMeasurer())
        let presentation = try PresentationIndex(composer: composer, timeline: timeline)
        func lefts(at t: Double) throws -> [Double] {
            try canvasBounds(composer.displayList(for: timeline.snapshot(at: t), presentation: presentation).items).map(\.minX)
        }
        // Without the offset, each row of n 10-point squares is centred: its lefts are 100 - 5n + 10k, k < n.
        for (t, still) in [(0.25, [95.0, 90, 100]), (1.75, [95.0, 90, 100, 85, 95, 105])] {
            XCTAssertEqual(try lefts(at: t).sorted(), still.sorted().map { $0 + looping(from: 0, at: t) }, "at \(t)")
        }
    }
}

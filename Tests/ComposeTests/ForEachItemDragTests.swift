import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// The script drags a `forEach` item's view by its item id (`"drag": "card-1"`): the item whose view has
/// the id when the finger touches down takes the drag, and its `onDrag` actions see its element.
final class ForEachItemDragTests: XCTestCase {
    /// Three 20-point squares in an hstack with spacing 10, centred in a 200-point frame: 80 points wide,
    /// so they sit at x = 60, 90 and 120 before any offset. Each square's x offset is `offsets[c]`, and
    /// its drag writes the translation's width there.
    func scene(script: String, state: String = #"{"cards": [0, 1, 2], "offsets": [0, 0, 0], "locked": -1}"#) throws -> Scene {
        let json = """
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 4, "state": \(state),
             "root": {"hstack": [{"forEach": "cards", "as": "c", "content":
                {"shape": "rectangle", "frame": {"width": 20, "height": 20}, "id": "card-${c}",
                 "offset": {"x": "offsets[c]"}, "disabled": "locked == c",
                 "onDrag": {"onChanged": [{"set": {"offsets[c]": "translation.width"}}]}}}],
                      "spacing": 10, "frame": {"width": 200, "height": 100}},
             "script": \(script)}
            """
        return try SceneDecoder.decode(Array(json.utf8))
    }

    func xs(_ scene: Scene, at t: Double) throws -> [Double] {
        let timeline = try Simulator(scene: scene).run()
        let composer = Composer(scene: scene, measurer: FixedMeasurer())
        return try canvasBounds(composer.displayList(for: timeline.snapshot(at: t)).items).map(\.minX)
    }

    /// A drag of card-1 from (0, 0) to (60, -8) over 0.5 s from t = 1: the finger moves at constant speed,
    /// sampled every 1/60 s, so at 1.25 s (sample 15 of 30) the translation is half of it, (30, -4).
    func testTheDraggedItemMovesByTheTranslationAndTheOthersStay() throws {
        let s = try scene(script: #"[{"at": 1, "drag": "card-1", "points": [[0, 0], [60, -8]], "duration": 0.5}]"#)
        let base = [60.0, 90, 120]
        for (t, dx) in [(0.5, 0.0), (1.25, 30), (2, 60)] {
            let got = try xs(s, at: t)
            XCTAssertEqual(got.count, 3)
            for i in 0..<3 {
                XCTAssertEqual(got[i], base[i] + (i == 1 ? dx : 0), accuracy: 1e-9, "card \(i) at t = \(t)")
            }
        }
    }

    /// The item is found when the finger touches down: after the list is reordered to [2, 0, 1] at 0.5 s,
    /// card-0 is the middle square (x = 90) and it alone moves.
    func testTheItemIsTheOneWithTheIdAtTouchDown() throws {
        let s = try scene(script: """
            [{"at": 0.5, "do": [{"set": {"cards": "[2, 0, 1]"}}]},
             {"at": 1, "drag": "card-0", "points": [[5, 5], [-35, 5]], "duration": 0.25}]
            """)
        let got = try xs(s, at: 2)
        // Stack order after the reorder: card 2 at 60, card 0 at 90, card 1 at 120; card 0 moves by -40.
        XCTAssertEqual(got, [60, 90 - 40, 120])
    }

    /// An item disabled when the finger touches down (`.disabled(locked == c)`) does not move; the same
    /// drag on an item that is not disabled does.
    func testADisabledItemIsNotDragged() throws {
        let s = try scene(script: #"[{"at": 1, "drag": "card-1", "points": [[0, 0], [60, -8]], "duration": 0.5}]"#,
                          state: #"{"cards": [0, 1, 2], "offsets": [0, 0, 0], "locked": 1}"#)
        XCTAssertEqual(try xs(s, at: 2), [60, 90, 120])
        let free = try scene(script: #"[{"at": 1, "drag": "card-1", "points": [[0, 0], [60, -8]], "duration": 0.5}]"#,
                             state: #"{"cards": [0, 1, 2], "offsets": [0, 0, 0], "locked": 0}"#)
        XCTAssertEqual(try xs(free, at: 2), [60, 150, 120])
    }

    func testAnIdNoItemHasWhenTheDragStartsIsAnError() throws {
        let s = try scene(script: #"[{"at": 1, "drag": "card-7", "points": [[0, 0], [10, 0]], "duration": 0.5}]"#)
        XCTAssertThrowsError(try Simulator(scene: s).run()) { error in
            XCTAssertEqual("\(error)", #"script[0].drag: at t = 1 s no item has the id "card-7" to drag (the items' ids are "card-0", "card-1", "card-2")"#)
        }
    }

    func testADragTargetNoTemplateCanNameIsRefusedAtLoad() throws {
        XCTAssertThrowsError(try scene(script: #"[{"at": 1, "drag": "tile-1", "points": [[0, 0], [10, 0]], "duration": 0.5}]"#)) { error in
            XCTAssertTrue("\(error)".contains("tile-1"), "\(error)")
        }
    }
}

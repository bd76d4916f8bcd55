import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// A component with state as a `forEach` item keeps one state per item, by the item's id, as SwiftUI keeps
/// a `ForEach` row's `@State` with the row's identity: a tap on one row changes that row only, an inserted
/// row starts with the initial values, a row that leaves and comes back starts afresh, a reordered row
/// keeps its state.
final class ForEachItemStateTests: XCTestCase {
    /// Rows of 20-point squares in an hstack with spacing 10, centred in a 200 x 100 frame: each square's
    /// top is at y = 40 before its offset, which is the row's own state `drop`; a tap on `row-<n>` sets
    /// it to 10 (through `onTap` as written in `tap`).
    func scene(_ items: String, tap: String = #"[{"set": {"drop": 10}}]"#, disabled: String = "false", script: String) throws -> Scene {
        let json = """
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 4, "state": {"items": \(items)},
             "components": {"Row": {"params": {"n": null}, "state": {"drop": 0},
                "body": {"shape": "rectangle", "frame": {"width": 20, "height": 20}, "id": "row-${n}",
                         "offset": {"y": "drop"}, "disabled": "\(disabled)", "onTap": \(tap)}}},
             "root": {"hstack": [{"forEach": "items", "as": "i", "content": {"use": "Row", "args": {"n": "i"}}}],
                      "spacing": 10, "frame": {"width": 200, "height": 100}},
             "script": \(script)}
            """
        return try SceneDecoder.decode(Array(json.utf8))
    }

    func testATapChangesTheTappedRowOnly() throws {
        let s = try scene("[1, 2, 3]", script: #"[{"at": 0.5, "tap": "row-2"}]"#)
        XCTAssertEqual(try tops(s, at: 0.25), [40, 40, 40])
        XCTAssertEqual(try tops(s, at: 1), [40, 50, 40])
    }

    func testARowInsertedAtTheFrontStartsFreshAndTheTappedRowKeepsItsState() throws {
        let s = try scene("[1, 2, 3]", script: """
            [{"at": 0.5, "tap": "row-2"}, {"at": 1, "do": [{"set": {"items": "[0, 1, 2, 3]"}}]},
             {"at": 1.5, "tap": "row-0"}, {"at": 2, "tap": "row-0"}]
            """)
        // Four rows: row 2 (third from the left) keeps its drop; row 0 is new, with drop 0.
        XCTAssertEqual(try tops(s, at: 1.25), [40, 40, 50, 40])
        // Row 0's own taps reach its own state.
        XCTAssertEqual(try tops(s, at: 1.75), [50, 40, 50, 40])
    }

    func testAReorderedRowKeepsItsState() throws {
        let s = try scene("[1, 2, 3]", script: """
            [{"at": 0.5, "tap": "row-2"}, {"at": 1, "do": [{"set": {"items": "[2, 3, 1]"}}]}]
            """)
        XCTAssertEqual(try tops(s, at: 2), [50, 40, 40])
    }

    func testARowRemovedAndAddedAgainStartsFresh() throws {
        let s = try scene("[1, 2, 3]", script: """
            [{"at": 0.5, "tap": "row-2"}, {"at": 1, "do": [{"set": {"items": "[1, 3]"}}]},
             {"at": 1.5, "do": [{"set": {"items": "[1, 2, 3]"}}]}]
            """)
        XCTAssertEqual(try tops(s, at: 0.75), [40, 50, 40])
        XCTAssertEqual(try tops(s, at: 1.25), [40, 40])
        XCTAssertEqual(try tops(s, at: 2), [40, 40, 40])
    }

    /// `withAnimation(.linear(duration: 1))` in row 2's tap at 0.5 s: at 1 s the row is half way, its
    /// drop 10 * 0.5; the other rows do not move.
    func testAnAnimatedChangeMovesThatRowOnly() throws {
        let s = try scene("[1, 2, 3]", tap: #"[{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"drop": 10}}]}]"#,
                          script: #"[{"at": 0.5, "tap": "row-2"}]"#)
        let got = try tops(s, at: 1)
        XCTAssertEqual(got.count, 3)
        XCTAssertEqual(got[0], 40, accuracy: 1e-9)
        XCTAssertEqual(got[1], 40 + 10 * 0.5, accuracy: 1e-9)
        XCTAssertEqual(got[2], 40, accuracy: 1e-9)
        XCTAssertEqual(try tops(s, at: 2), [40, 50, 40])
    }

    /// A row removed with an animation keeps its state while its removal transition draws it: at 1.5 s,
    /// half way through the removal from 1 s, the leaving row 2 is still drawn 10 points down, where it was.
    func testARowLeavingThroughItsTransitionKeepsItsState() throws {
        let s = try scene("[1, 2, 3]", script: """
            [{"at": 0.5, "tap": "row-2"},
             {"at": 1, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"items": "[1, 3]"}}]}]}]
            """)
        let timeline = try Simulator(scene: s).run()
        let composer = Composer(scene: s, measurer: FixedMeasurer())
        let presentation = try PresentationIndex(composer: composer, timeline: timeline)
        let rects = try canvasBounds(composer.displayList(for: timeline.snapshot(at: 1.5), presentation: presentation).items)
        // Three squares drawn: the two staying (top 40) and the leaving one (top 50).
        XCTAssertEqual(rects.map(\.minY).sorted(), [40, 40, 50])
    }

    /// `.disabled(drop > 0)` in the body reads the row's own state: row 2's second tap (adding 10 more)
    /// does nothing, while row 1, not disabled, takes its taps.
    func testDisabledReadsTheRowsOwnState() throws {
        let s = try scene("[1, 2, 3]", tap: #"[{"set": {"drop": "drop + 10"}}]"#, disabled: "drop > 0",
                          script: #"[{"at": 0.5, "tap": "row-2"}, {"at": 1, "tap": "row-2"}, {"at": 1.5, "tap": "row-1"}]"#)
        XCTAssertEqual(try tops(s, at: 2), [50, 50, 40])
    }

    /// The row's action slot, filled where the forEach writes the use, sees the item's element: a tap on
    /// row 2 runs `{"set": {"last": "i"}}` with i = 2, and sets row 2's own state.
    func testAnActionSlotFilledByTheCallerSeesTheItem() throws {
        let json = """
            {"canvas": {"width": 200, "height": 100}, "duration": 2, "state": {"items": [1, 2, 3], "last": 0},
             "components": {"Row": {"params": {"n": null}, "actions": {"changed": []}, "state": {"drop": 0},
                "body": {"shape": "rectangle", "frame": {"width": 20, "height": 20}, "id": "row-${n}",
                         "onTap": [{"set": {"drop": 10}}, {"run": "changed"}]}}},
             "root": {"hstack": [{"forEach": "items", "as": "i", "content":
                {"use": "Row", "args": {"n": "i"}, "actions": {"changed": [{"set": {"last": "i * 100"}}]}}}]},
             "script": [{"at": 0.5, "tap": "row-2"}]}
            """
        let timeline = try Simulator(scene: try SceneDecoder.decode(Array(json.utf8))).run()
        let values = timeline.snapshot(at: 1).values
        XCTAssertEqual(values["last"], .number(200))
        XCTAssertEqual(values.filter { $0.key.hasSuffix(".drop") }.values.sorted { "\($0)" < "\($1)" },
                       [.number(0), .number(0), .number(10)])
    }

    /// State through a component the item's body uses: `Outer` (no state) holds `Inner` (state `drop`),
    /// with no id; each item's `Inner` has its own, and a tap on cell-2 moves that square only.
    func testStateThroughAComponentInTheItemsBodyIsPerItem() throws {
        let json = """
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 2, "state": {"items": [1, 2, 3]},
             "components": {
                "Inner": {"params": {"m": null}, "state": {"drop": 0},
                  "body": {"shape": "rectangle", "frame": {"width": 20, "height": 20}, "id": "cell-${m}",
                           "offset": {"y": "drop"}, "onTap": [{"set": {"drop": 10}}]}},
                "Outer": {"params": {"n": null}, "body": {"zstack": [{"use": "Inner", "args": {"m": "n"}}]}}},
             "root": {"hstack": [{"forEach": "items", "as": "i", "content": {"use": "Outer", "args": {"n": "i"}}}],
                      "spacing": 10, "frame": {"width": 200, "height": 100}},
             "script": [{"at": 0.5, "tap": "cell-2"}]}
            """
        let s = try SceneDecoder.decode(Array(json.utf8))
        XCTAssertEqual(try tops(s, at: 0.25), [40, 40, 40])
        XCTAssertEqual(try tops(s, at: 1), [40, 50, 40])
    }

    /// An `if` in the row's body over the row's state: row 2's tap at 0.5 s inserts its dot (10 points,
    /// drawn inside the square) through `.opacity`; the other rows never show one.
    func testAConditionalViewInTheBodyReadsTheRowsState() throws {
        let json = """
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 2, "state": {"items": [1, 2, 3]},
             "components": {"Row": {"params": {"n": null}, "state": {"on": false},
                "body": {"zstack": [{"shape": "rectangle", "frame": {"width": 20, "height": 20}},
                                    {"if": "on", "shape": "circle", "frame": {"width": 10, "height": 10}}],
                         "id": "row-${n}", "onTap": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"on": true}}]}]}}},
             "root": {"hstack": [{"forEach": "items", "as": "i", "content": {"use": "Row", "args": {"n": "i"}}}],
                      "spacing": 10, "frame": {"width": 200, "height": 100}},
             "script": [{"at": 0.5, "tap": "row-2"}]}
            """
        let s = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: s).run()
        let composer = Composer(scene: s, measurer: FixedMeasurer())
        let presentation = try PresentationIndex(composer: composer, timeline: timeline)
        for t in [0.25, 1.0, 1.75] {
            let rects = try canvasBounds(composer.displayList(for: timeline.snapshot(at: t), presentation: presentation).items)
            // The squares at x = 60, 90, 120; a dot is the 10-point circle centred in row 2's square.
            let dots = rects.filter { $0.width == 10 }.map(\.minX)
            XCTAssertEqual(dots, t < 0.5 ? [] : [95], "at t = \(t)")
            XCTAssertEqual(rects.filter { $0.width == 20 }.count, 3)
        }
    }

    /// A `CABasicAnimation` on the row's own `drop` (from 0 to 20, linear, 2 s), added by row 2's tap at
    /// 0.5 s: at 1.5 s row 2 shows 0 + 20 * (1 / 2) = 10; the others show their model value 0. After the end
    /// (2.5 s) it is removed and row 2 shows its model value again, 0; `animationDidStop` sets row 2's drop
    /// to 5, and only row 2's.
    func testACoreAnimationAddedByARowsTapAnimatesThatRowOnly() throws {
        let tap = #"[{"caAnimation": {"keyPath": "drop", "fromValue": 0, "toValue": 20, "duration": 2, "#
            + #""animationDidStop": [{"set": {"drop": 5}}]}}]"#
        let s = try scene("[1, 2, 3]", tap: tap, script: #"[{"at": 0.5, "tap": "row-2"}]"#)
        XCTAssertEqual(try tops(s, at: 0.25), [40, 40, 40])
        let during = try tops(s, at: 1.5)
        XCTAssertEqual(during.count, 3)
        XCTAssertEqual(during[0], 40, accuracy: 1e-9)
        let fraction: Double = (1.5 - 0.5) / 2
        let drop: Double = 0 + (20 - 0) * fraction
        XCTAssertEqual(during[1], 40 + drop, accuracy: 1e-9)
        XCTAssertEqual(during[2], 40, accuracy: 1e-9)
        XCTAssertEqual(try tops(s, at: 3), [40, 45, 40])
    }

    /// Two rows' Core Animations run at once, each on its own row's state.
    func testCoreAnimationsOfTwoRowsRunSideBySide() throws {
        let tap = #"[{"caAnimation": {"keyPath": "drop", "fromValue": 0, "toValue": 20, "duration": 2}}]"#
        let s = try scene("[1, 2, 3]", tap: tap, script: #"[{"at": 0.5, "tap": "row-1"}, {"at": 1, "tap": "row-3"}]"#)
        let got = try tops(s, at: 1.5)
        XCTAssertEqual(got.count, 3)
        let first: Double = 20 * (1.5 - 0.5) / 2
        let third: Double = 20 * (1.5 - 1) / 2
        XCTAssertEqual(got[0], 40 + first, accuracy: 1e-9)
        XCTAssertEqual(got[1], 40, accuracy: 1e-9)
        XCTAssertEqual(got[2], 40 + third, accuracy: 1e-9)
    }
}

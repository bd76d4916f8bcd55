import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// `onAppear` and `onDisappear` in the body of a component with state used as a `forEach` item: as
/// SwiftUI runs each `ForEach` row's `onAppear` when that row appears (at the start for the rows there at
/// 0, at the insertion transaction for rows added later) and its `onDisappear` when it is removed, each
/// row's actions run once, on that row's own `@State`, with the outer state beside it.
final class ForEachRowAppearanceTests: XCTestCase {
    /// Rows of 20-point squares in an hstack with spacing 10, centred in a 200 x 100 frame: each square's
    /// top is 40 before its offset, the row's own state `drop`; `row-<n>`'s tap sets it to 10.
    func scene(_ items: String, body: String, outer: String = "", script: String) throws -> Scene {
        let json = """
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 4,
             "state": {"items": \(items)\(outer)},
             "components": {"Row": {"params": {"n": null}, "state": {"drop": 0, "count": 0},
                "body": {"shape": "rectangle", "frame": {"width": 20, "height": 20}, "id": "row-${n}",
                         "offset": {"y": "drop"}, "onTap": [{"set": {"drop": 10}}]\(body)}}},
             "root": {"hstack": [{"forEach": "items", "as": "i", "content": {"use": "Row", "args": {"n": "i"}}}],
                      "spacing": 10, "frame": {"width": 200, "height": 100}},
             "script": \(script)}
            """
        return try SceneDecoder.decode(Array(json.utf8))
    }

    /// Each row's `onAppear` sets its own drop from its parameter, at 0 for the rows there, and at the
    /// insertion for row 4 (added at 1 s): the others keep theirs.
    func testEachRowsOnAppearSetsItsOwnState() throws {
        let s = try scene("[1, 2, 3]", body: #", "onAppear": [{"set": {"drop": "n * 5"}}]"#,
                          script: #"[{"at": 1, "do": [{"set": {"items": "[1, 2, 3, 4]"}}]}]"#)
        XCTAssertEqual(try tops(s, at: 0.5), [1, 2, 3].map { 40 + Double($0) * 5 })
        XCTAssertEqual(try tops(s, at: 1.5), [1, 2, 3, 4].map { 40 + Double($0) * 5 })
    }

    /// A row's `onAppear` runs once for that row: `count + 1` on the row's own count, so each row has 1,
    /// and a row added later starts at 0 and has 1 as well (one shared count would reach 3, then 4).
    func testEachRowsOnAppearRunsOnceOnItsOwnState() throws {
        let s = try scene("[1, 2, 3]", body: #", "modifiers": [{"offset": {"y": "count * 10"}}], "onAppear": [{"set": {"count": "count + 1"}}]"#,
                          script: #"[{"at": 1, "do": [{"set": {"items": "[1, 2, 3, 4]"}}]}]"#)
        XCTAssertEqual(try tops(s, at: 0.5), [50, 50, 50])
        XCTAssertEqual(try tops(s, at: 1.5), [50, 50, 50, 50])
    }

    /// A row removed and added again starts afresh, and its `onAppear` runs again on the fresh state: its
    /// count is 1 again, not 2.
    func testARowAddedAgainRunsOnAppearOnFreshState() throws {
        let s = try scene("[1, 2, 3]", body: #", "modifiers": [{"offset": {"y": "count * 10"}}], "onAppear": [{"set": {"count": "count + 1"}}]"#,
                          script: #"[{"at": 1, "do": [{"set": {"items": "[1, 3]"}}]}, {"at": 2, "do": [{"set": {"items": "[1, 2, 3]"}}]}]"#)
        XCTAssertEqual(try tops(s, at: 1.5), [50, 50])
        XCTAssertEqual(try tops(s, at: 2.5), [50, 50, 50])
    }

    /// The rows' actions set outer state with the row's parameter and own state: `onAppear` appends each
    /// row's n as a decimal digit (123 at 0, then 4 at its insertion); `onDisappear` of row 2, tapped to a
    /// drop of 10 before its removal at 1 s, records n * 100 + its drop, read from its own state.
    func testRowActionsSetOuterStateWithTheRowsValues() throws {
        let s = try scene("[1, 2, 3]",
                          body: #", "onAppear": [{"set": {"seen": "seen * 10 + n"}}], "onDisappear": [{"set": {"gone": "n * 100 + drop"}}]"#,
                          outer: #", "seen": 0, "gone": 0"#,
                          script: #"[{"at": 0.5, "tap": "row-2"}, {"at": 1, "do": [{"set": {"items": "[1, 3, 4]"}}]}]"#)
        let timeline = try Simulator(scene: s).run()
        XCTAssertEqual(timeline.modelValue("seen", at: 0.25), .number(123))
        XCTAssertEqual(timeline.modelValue("gone", at: 0.75), .number(0))
        XCTAssertEqual(timeline.modelValue("seen", at: 1.5), .number(1234))
        XCTAssertEqual(timeline.modelValue("gone", at: 1.5), .number(2 * 100 + 10))
    }

    /// A view in the row's body under an `if` over the row's own state appears when that row's state
    /// turns it on: row 2's tap at 0.5 s shows its dot, whose `onAppear` adds n to the outer `hits`.
    func testAConditionalViewInTheRowAppearsWithTheRowsState() throws {
        let json = """
            {"canvas": {"width": 200, "height": 100}, "duration": 2, "state": {"items": [1, 2, 3], "hits": 0},
             "components": {"Row": {"params": {"n": null}, "state": {"on": false},
                "body": {"zstack": [{"shape": "rectangle", "frame": {"width": 20, "height": 20}},
                                    {"if": "on", "shape": "circle", "frame": {"width": 10, "height": 10},
                                     "onAppear": [{"set": {"hits": "hits + n"}}]}],
                         "id": "row-${n}", "onTap": [{"set": {"on": true}}]}}},
             "root": {"hstack": [{"forEach": "items", "as": "i", "content": {"use": "Row", "args": {"n": "i"}}}]},
             "script": [{"at": 0.5, "tap": "row-2"}, {"at": 1, "tap": "row-3"}]}
            """
        let timeline = try Simulator(scene: try SceneDecoder.decode(Array(json.utf8))).run()
        XCTAssertEqual(timeline.modelValue("hits", at: 0.25), .number(0))
        XCTAssertEqual(timeline.modelValue("hits", at: 0.75), .number(2))
        XCTAssertEqual(timeline.modelValue("hits", at: 1.5), .number(2 + 3))
    }

    func loadError(_ json: String) -> String? {
        do { _ = try SceneDecoder.decode(Array(json.utf8)); return nil } catch { return "\(error)" }
    }

    /// The line:column of `marker`'s first character in `json`.
    func position(of marker: String, in json: String) -> String {
        for (n, line) in json.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: marker) {
                return "\(n + 1):\(line.distance(from: line.startIndex, to: range.lowerBound) + 1):"
            }
        }
        return "not found"
    }

    /// `onAppear` inside a `forEach` nested in a row's body would need each inner item's actions on the
    /// row's state: refused at its line:column, with what to write instead.
    func testOnAppearInAForEachInsideARowsBodyIsRefusedWithItsPosition() throws {
        let json = """
            {"canvas": {"width": 200, "height": 100}, "duration": 1, "state": {"items": [1, 2]},
             "components": {"Row": {"params": {"n": null}, "state": {"on": false},
                "body": {"vstack": [{"forEach": "0..<n", "as": "k", "content": {"shape": "circle",
                   "onAppear": [{"set": {"on": true}}]}}]}}},
             "root": {"hstack": [{"forEach": "items", "as": "i", "content": {"use": "Row", "args": {"n": "i"}}}]}}
            """
        let text = try XCTUnwrap(loadError(json))
        XCTAssertTrue(text.hasPrefix(position(of: #"[{"set": {"on": true}}]"#, in: json)), text)
        XCTAssertTrue(text.contains(#""onAppear" inside a forEach in the body of a component with state used as a forEach item is not supported; put it on the stack that holds the forEach"#), text)
    }
}

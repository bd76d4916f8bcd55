import Expressions
import Flipbook
import SceneFormat
import XCTest

/// `onGeometryChange` on a view inside `forEach` content: each item is a view of its own, as in SwiftUI,
/// so each item's action runs at its first layout and when its own watched value changes, with its own
/// element named and, in the body of a row with state, on that row's own state. The widths are worked
/// out here: each row is a rectangle 40 times its element wide.
final class ForEachGeometryChangeTests: XCTestCase {
    func player(_ json: String) throws -> Player {
        try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    func numbers(_ player: Player, _ name: String, at t: Double) -> [Double]? {
        guard case .list(let items)? = player.snapshot(at: t).values[name] else { return nil }
        return items.map { if case .number(let n) = $0 { return n } else { return .nan } }
    }

    func number(_ player: Player, _ name: String, at t: Double) -> Double? {
        if case .number(let n)? = player.snapshot(at: t).values[name] { return n }
        return nil
    }

    /// Rows 40 * n wide in an hstack; each row's action writes its width into `widths[n]` (and its old
    /// value into `olds[n]`) and counts itself in `reports`.
    func listScene(items: String, script: String) -> String {
        """
        {"canvas": {"width": 600, "height": 100}, "duration": 3,
         "state": {"items": \(items), "widths": [-1, -1, -1, -1, -1, -1], "olds": [-1, -1, -1, -1, -1, -1], "reports": 0},
         "root": {"hstack": [{"forEach": "items", "as": "n", "content": {"shape": "rectangle", "frame": {"width": "40 * n", "height": 10},
            "onGeometryChange": {"of": "width", "action": [{"set": {"widths[n]": "newValue", "olds[n]": "oldValue", "reports": "reports + 1"}}]}}}],
          "spacing": 0},
         "script": \(script)}
        """
    }

    func testEachItemReportsItsOwnWidthAndAnAppendedItemReportsOnce() throws {
        let player = try player(listScene(items: "[1, 2, 3]", script: #"[{"at": 1, "do": [{"set": {"items": "[1, 2, 3, 4]"}}]}]"#))
        // At the first layout each item reports its width once, its old value the same.
        XCTAssertEqual(numbers(player, "widths", at: 0.5), [-1, 40 * 1, 40 * 2, 40 * 3, -1, -1])
        XCTAssertEqual(numbers(player, "olds", at: 0.5), [-1, 40 * 1, 40 * 2, 40 * 3, -1, -1])
        XCTAssertEqual(number(player, "reports", at: 0.5), 3)
        // The appended item reports its first width; the others did not change, so they do not report.
        XCTAssertEqual(numbers(player, "widths", at: 1.5), [-1, 40, 80, 120, 40 * 4, -1])
        XCTAssertEqual(number(player, "reports", at: 1.5), 4)
    }

    func testAChangedElementIsANewItemAndTheItemThatLeftKeepsItsLastValue() throws {
        let player = try player(listScene(items: "[1, 2, 3]", script: """
            [{"at": 1, "do": [{"set": {"items": "[1, 5, 3]"}}]}, {"at": 2, "do": [{"set": {"items": "[1, 2, 3]"}}]}]
            """))
        // Item 5 is new (its id is its element): it reports 200; item 2 left and reports nothing.
        XCTAssertEqual(numbers(player, "widths", at: 1.5), [-1, 40, 80, 120, -1, 40 * 5])
        XCTAssertEqual(number(player, "reports", at: 1.5), 4)
        // Item 2 comes back as wide as it was last reported: no report.
        XCTAssertEqual(number(player, "reports", at: 2.5), 4)
    }

    /// Items by index over a list of sizes: item 1 keeps its id while its width changes from 80 to 200.
    func testAnItemWhoseWidthChangesReportsNewAndOldValues() throws {
        let player = try player("""
            {"canvas": {"width": 600, "height": 100}, "duration": 2,
             "state": {"sizes": [1, 2, 3], "widths": [-1, -1, -1], "olds": [-1, -1, -1], "reports": 0},
             "root": {"hstack": [{"forEach": "0..<3", "as": "i", "content": {"shape": "rectangle", "frame": {"width": "40 * sizes[i]", "height": 10},
                "onGeometryChange": {"of": "width", "action": [{"set": {"widths[i]": "newValue", "olds[i]": "oldValue", "reports": "reports + 1"}}]}}}],
              "spacing": 0},
             "script": [{"at": 1, "do": [{"set": {"sizes[1]": 5}}]}]}
            """)
        XCTAssertEqual(numbers(player, "widths", at: 0.5), [40, 80, 120])
        XCTAssertEqual(numbers(player, "widths", at: 1.5), [40, 40 * 5, 120])
        XCTAssertEqual(numbers(player, "olds", at: 1.5), [40, 80, 120])
        XCTAssertEqual(number(player, "reports", at: 1.5), 4)
    }

    /// Each item's minX: the hstack (spacing 0) is centred on the 600-wide canvas, so item k starts at
    /// (600 - total) / 2 plus the widths before it; appending an item moves them all.
    func testEachItemWatchesItsOwnPosition() throws {
        let player = try player("""
            {"canvas": {"width": 600, "height": 100}, "duration": 2,
             "state": {"items": [1, 2, 3], "xs": [-1, -1, -1, -1, -1]},
             "root": {"hstack": [{"forEach": "items", "as": "n", "content": {"shape": "rectangle", "frame": {"width": "40 * n", "height": 10},
                "onGeometryChange": {"of": "minX", "action": [{"set": {"xs[n]": "newValue"}}]}}}], "spacing": 0},
             "script": [{"at": 1, "do": [{"set": {"items": "[1, 2, 3, 4]"}}]}]}
            """)
        func minXs(_ elements: [Double]) -> [Double] {
            let total = elements.reduce(0) { $0 + 40 * $1 }
            var x = (600 - total) / 2, result: [Double] = []
            for n in elements {
                result.append(x)
                x += 40 * n
            }
            return result
        }
        XCTAssertEqual(numbers(player, "xs", at: 0.5), [-1] + minXs([1, 2, 3]) + [-1])
        XCTAssertEqual(numbers(player, "xs", at: 1.5), [-1] + minXs([1, 2, 3, 4]))
    }

    /// A row component with state: each row sets its own `measured` from its width, and shows it as its
    /// height, 10 + measured / 10, so row n is 10 + 4n high.
    func testARowsActionSetsThatRowsOwnState() throws {
        let player = try player("""
            {"canvas": {"width": 600, "height": 100}, "duration": 3, "state": {"items": [1, 2, 3]},
             "components": {"Row": {"params": {"n": null}, "state": {"measured": 0},
                "body": {"shape": "rectangle", "frame": {"width": "40 * n", "height": "10 + measured / 10"}, "id": "row-${n}",
                         "onGeometryChange": {"of": "width", "action": [{"set": {"measured": "newValue"}}]}}}},
             "root": {"hstack": [{"forEach": "items", "as": "i", "content": {"use": "Row", "args": {"n": "i"}}}], "spacing": 0},
             "script": [{"at": 1, "do": [{"set": {"items": "[1, 2, 3, 4]"}}]}, {"at": 2, "do": [{"set": {"items": "[1, 5, 3]"}}]}]}
            """)
        func heights(at t: Double) throws -> [String: Double] {
            Dictionary(try player.views(at: t).map { ($0.id, $0.view.frame.height) }, uniquingKeysWith: { a, _ in a })
        }
        func expected(_ elements: [Double]) -> [String: Double] {
            Dictionary(uniqueKeysWithValues: elements.map { ("row-\(Int($0))", 10 + 40 * $0 / 10) })
        }
        XCTAssertEqual(try heights(at: 0.5), expected([1, 2, 3]))
        XCTAssertEqual(try heights(at: 1.5), expected([1, 2, 3, 4]))
        XCTAssertEqual(try heights(at: 2.5), expected([1, 5, 3]))
    }

    /// In the body of a component without state used as an item, and in a view an item passes for a
    /// component's slot: each item reports its own, through the parameter or the element.
    func testAComponentsBodyAndASlotsViewInAnItemReportPerItem() throws {
        let player = try player("""
            {"canvas": {"width": 600, "height": 100}, "duration": 2,
             "state": {"items": [1, 2, 3], "bars": [-1, -1, -1, -1, -1], "slotted": [-1, -1, -1, -1, -1]},
             "components": {
               "Bar": {"params": {"k": null}, "body": {"shape": "rectangle", "frame": {"width": "40 * k", "height": 10},
                  "onGeometryChange": {"of": "width", "action": [{"set": {"bars[k]": "newValue"}}]}}},
               "Card": {"views": ["content"], "body": {"vstack": [{"slot": "content"}]}}},
             "root": {"vstack": [
               {"hstack": [{"forEach": "items", "as": "n", "content": {"use": "Bar", "args": {"k": "n"}}}], "spacing": 0},
               {"hstack": [{"forEach": "items", "as": "n", "content": {"use": "Card", "views": {"content":
                  {"shape": "rectangle", "frame": {"width": "10 * n", "height": 10},
                   "onGeometryChange": {"of": "width", "action": [{"set": {"slotted[n]": "newValue"}}]}}}}}], "spacing": 0}]},
             "script": [{"at": 1, "do": [{"set": {"items": "[1, 4]"}}]}]}
            """)
        XCTAssertEqual(numbers(player, "bars", at: 0.5), [-1, 40, 80, 120, -1])
        XCTAssertEqual(numbers(player, "slotted", at: 0.5), [-1, 10, 20, 30, -1])
        // Items 2 and 3 left and keep their last values; item 4 is new.
        XCTAssertEqual(numbers(player, "bars", at: 1.5), [-1, 40, 80, 120, 160])
        XCTAssertEqual(numbers(player, "slotted", at: 1.5), [-1, 10, 20, 30, 40])
    }

    /// An item whose view an `if` hides reports nothing, and reports its width when it shows.
    func testAnItemsHiddenViewReportsWhenItShows() throws {
        let player = try player("""
            {"canvas": {"width": 600, "height": 100}, "duration": 2,
             "state": {"items": [1, 2, 3], "hidden": 2, "widths": [-1, -1, -1, -1]},
             "root": {"hstack": [{"forEach": "items", "as": "n", "content": {"if": "n != hidden", "shape": "rectangle",
                "frame": {"width": "40 * n", "height": 10},
                "onGeometryChange": {"of": "width", "action": [{"set": {"widths[n]": "newValue"}}]}}}], "spacing": 0},
             "script": [{"at": 1, "do": [{"set": {"hidden": 0}}]}]}
            """)
        XCTAssertEqual(numbers(player, "widths", at: 0.5), [-1, 40, -1, 120])
        XCTAssertEqual(numbers(player, "widths", at: 1.5), [-1, 40, 80, 120])
    }

    /// Column of `"of": "width"` in `line`, 1-based.
    func column(of needle: String, in line: Substring) -> Int {
        (line.range(of: needle)?.lowerBound.utf16Offset(in: line) ?? -2) + 1
    }

    func testAForEachNestedInAnotherIsRefusedWithItsPlace() {
        let json = """
            {"canvas": {"width": 200, "height": 100}, "duration": 1, "state": {"seen": 0},
             "root": {"vstack": [{"forEach": "0..<2", "as": "r", "content": {"hstack": [{"forEach": "0..<2", "as": "c", "content":
                {"shape": "rectangle", "frame": {"width": 20, "height": 20},
                 "onGeometryChange": {"of": "width", "action": [{"set": {"seen": "newValue"}}]}}}]}}]}}
            """
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8))) { error in
            let text = "\(error)"
            let line = json.split(separator: "\n")[3]
            XCTAssertTrue(text.contains("4:\(column(of: #""width", "action""#, in: line)):"), text)
            XCTAssertTrue(text.contains(#""onGeometryChange" inside a forEach nested in another is not supported; put it on a view of the outer item"#), text)
        }
    }

    /// A forEach in a component's body used as an outer forEach's item is nested too.
    func testAForEachInAComponentUsedInAForEachIsRefused() {
        let json = """
            {"canvas": {"width": 200, "height": 100}, "duration": 1, "state": {"seen": 0},
             "components": {"Cells": {"params": {"k": null}, "body": {"hstack": [{"forEach": "0..<k", "as": "c", "content":
                {"shape": "rectangle", "frame": {"width": 20, "height": 20},
                 "onGeometryChange": {"of": "width", "action": [{"set": {"seen": "newValue"}}]}}}]}}},
             "root": {"vstack": [{"forEach": "0..<2", "as": "r", "content": {"use": "Cells", "args": {"k": "r + 1"}}}]}}
            """
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8))) { error in
            let text = "\(error)"
            let line = json.split(separator: "\n")[3]
            XCTAssertTrue(text.contains("4:\(column(of: #""width", "action""#, in: line)):"), text)
            XCTAssertTrue(text.contains("inside a forEach nested in another is not supported"), text)
        }
    }

    func testAViewPassedForASlotPlacedInAForEachIsRefused() {
        let json = """
            {"canvas": {"width": 200, "height": 100}, "duration": 1, "state": {"seen": 0},
             "components": {"Repeat": {"views": ["content"], "body": {"hstack": [{"forEach": "0..<3", "as": "c", "content": {"slot": "content"}}]}}},
             "root": {"use": "Repeat", "views": {"content": {"shape": "rectangle", "frame": {"width": 20, "height": 20},
                "onGeometryChange": {"of": "width", "action": [{"set": {"seen": "newValue"}}]}}}}}
            """
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8))) { error in
            let text = "\(error)"
            let line = json.split(separator: "\n")[3]
            XCTAssertTrue(text.contains("4:\(column(of: #""width", "action""#, in: line)):"), text)
            XCTAssertTrue(text.contains(#"which component "Repeat" places inside a forEach, is not supported"#), text)
        }
    }
}

import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// `onAppear` and `onDisappear` inside `forEach` content: once per item, at its insertion or removal,
/// with the item's element named, as each `ForEach` item's view runs its own.
final class ForEachAppearanceTests: XCTestCase {
    func timeline(_ content: String, state: String, script: String = "[]", source: String = "items") throws -> Timeline {
        let json = """
        {"canvas": {"width": 10, "height": 10}, "duration": 3, "state": \(state),
         "root": {"hstack": [{"forEach": "\(source)", "as": "i", "content": \(content)}]}, "script": \(script)}
        """
        return try Simulator(scene: SceneDecoder.decode(Array(json.utf8))).run()
    }

    func value(_ timeline: Timeline, _ key: String, at t: Double) -> Value? { timeline.modelValue(key, at: t) }

    /// Three items at the start run their actions three times at 0, in order, each with its element; a
    /// change of the list runs the new items' onAppear and the gone items' onDisappear (with the element
    /// they had), and leaves the items that stay alone.
    func testEachItemRunsItsActionsAtItsInsertionAndRemoval() throws {
        let t = try timeline(#"{"shape": "circle", "onAppear": [{"set": {"seen": "seen * 10 + i"}}], "onDisappear": [{"set": {"gone": "gone * 10 + i"}}]}"#,
                             state: #"{"items": [1, 2, 3], "seen": 0, "gone": 0}"#,
                             script: #"[{"at": 1, "do": [{"set": {"items": "[2, 3, 5, 7]"}}]}, {"at": 2, "do": [{"set": {"items": "[]"}}]}]"#)
        // The elements each run saw, in order, as decimal digits.
        XCTAssertEqual(value(t, "seen", at: 0.5), .number(123))
        XCTAssertEqual(value(t, "gone", at: 0.5), .number(0))
        XCTAssertEqual(value(t, "seen", at: 1.5), .number(12357))
        XCTAssertEqual(value(t, "gone", at: 1.5), .number(1))
        XCTAssertEqual(value(t, "gone", at: 2.5), .number(12357))
    }

    /// In the body of a component without state used as the item, the actions read the component's
    /// parameter, whose argument reads the element: items 1, 2, 3 passing `n = i * 2` add 2 + 4 + 6, and
    /// item 5 added at 1 s adds 10 on its insertion; its removal at 2 s adds 100 * 10.
    func testAStatelessComponentsActionsReadItsArgumentsOverTheElement() throws {
        let json = """
        {"canvas": {"width": 10, "height": 10}, "duration": 3, "state": {"items": [1, 2, 3], "sum": 0},
         "components": {"Row": {"params": {"n": 0}, "body": {"shape": "circle",
            "onAppear": [{"set": {"sum": "sum + n"}}], "onDisappear": [{"set": {"sum": "sum + 100 * n"}}]}}},
         "root": {"hstack": [{"forEach": "items", "as": "i", "content": {"use": "Row", "args": {"n": "i * 2"}}}]},
         "script": [{"at": 1, "do": [{"set": {"items": "[1, 2, 3, 5]"}}]}, {"at": 2, "do": [{"set": {"items": "[1, 2, 3]"}}]}]}
        """
        let t = try Simulator(scene: SceneDecoder.decode(Array(json.utf8))).run()
        XCTAssertEqual(value(t, "sum", at: 0.5), .number(12))
        XCTAssertEqual(value(t, "sum", at: 1.5), .number(22))
        XCTAssertEqual(value(t, "sum", at: 2.5), .number(1022))
    }

    /// Items inside a range keep their identity: growing `0..<count` from 2 to 4 inserts items 2 and 3 only.
    func testARangeInsertsOnlyTheNewItems() throws {
        let t = try timeline(#"{"shape": "circle", "onAppear": [{"set": {"sum": "sum + i", "n": "n + 1"}}]}"#,
                             state: #"{"count": 2, "sum": 0, "n": 0}"#,
                             script: #"[{"at": 1, "do": [{"set": {"count": 4}}]}]"#, source: "0..<count")
        XCTAssertEqual(value(t, "n", at: 0.5), .number(2))
        XCTAssertEqual(value(t, "sum", at: 0.5), .number(0 + 1))
        XCTAssertEqual(value(t, "n", at: 1.5), .number(4))
        XCTAssertEqual(value(t, "sum", at: 1.5), .number(0 + 1 + 2 + 3))
    }

    /// An item's onAppear may start its own animation after a delay that depends on the element
    /// (`.onAppear { withAnimation(.easeOut.delay(Double(i) * 0.1)) { ... } }`): the actions see `i`.
    func testActionsSeeTheElementInAfterAndAnimations() throws {
        let t = try timeline(#"{"shape": "circle", "onAppear": [{"after": "i * 0.5", "do": [{"set": {"last": "i"}}]}]}"#,
                             state: #"{"last": -1}"#, source: "0..<3")
        XCTAssertEqual(value(t, "last", at: 0.25), .number(0))
        XCTAssertEqual(value(t, "last", at: 0.75), .number(1))
        XCTAssertEqual(value(t, "last", at: 1.25), .number(2))
    }

    /// A view inside the item with its own `if`: its actions run when the item is there and the
    /// condition holds for that item's element.
    func testConditionsInsideAnItemSeeItsElement() throws {
        let t = try timeline(#"{"zstack": [{"shape": "circle", "if": "i >= limit", "onAppear": [{"set": {"n": "n + 1"}}]}]}"#,
                             state: #"{"limit": 2, "n": 0}"#,
                             script: #"[{"at": 1, "do": [{"set": {"limit": 0}}]}]"#, source: "0..<4")
        XCTAssertEqual(value(t, "n", at: 0.5), .number(2))  // items 2 and 3
        XCTAssertEqual(value(t, "n", at: 1.5), .number(4))  // then items 0 and 1
    }
}

import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// Ids of `forEach` items (`"id": "tab-${option}"`): a tap reaches the one item whose element gives that
/// id when the tap comes, and runs its actions with its element named.
final class ForEachItemIDTests: XCTestCase {
    func scene(_ content: String, state: String, script: String, source: String = "options") throws -> Scene {
        let json = """
        {"canvas": {"width": 10, "height": 10}, "duration": 3, "state": \(state),
         "root": {"hstack": [{"forEach": "\(source)", "as": "option", "content": \(content)}]}, "script": \(script)}
        """
        return try SceneDecoder.decode(Array(json.utf8))
    }

    let tab = #"{"text": "${option}", "id": "tab-${option}", "onTap": [{"set": {"selected": "option"}}]}"#

    /// Tapping tab-Settings selects "Settings"; tapping tab-Home later selects "Home".
    func testATapReachesTheItemItsIdNames() throws {
        let s = try scene(tab, state: #"{"options": ["Home", "Search", "Settings"], "selected": "Home"}"#,
                          script: #"[{"at": 1, "tap": "tab-Settings"}, {"at": 2, "tap": "tab-Home"}]"#)
        let t = try Simulator(scene: s).run()
        XCTAssertEqual(t.modelValue("selected", at: 0.5), .string("Home"))
        XCTAssertEqual(t.modelValue("selected", at: 1.5), .string("Settings"))
        XCTAssertEqual(t.modelValue("selected", at: 2.5), .string("Home"))
    }

    /// The ids are the items' when the tap comes: an item added at 1 s can be tapped at 2 s; a tap before it
    /// exists is an error naming the ids there are.
    func testTheIdsAreTheItemsWhenTheTapComes() throws {
        let state = #"{"options": ["A"], "selected": ""}"#
        let grow = #"{"at": 1, "do": [{"set": {"options": "['A', 'B']"}}]}"#
        let t = try Simulator(scene: scene(tab, state: state, script: "[\(grow), {\"at\": 2, \"tap\": \"tab-B\"}]")).run()
        XCTAssertEqual(t.modelValue("selected", at: 2.5), .string("B"))
        let early = try scene(tab, state: state, script: "[\(grow), {\"at\": 0.5, \"tap\": \"tab-B\"}]")
        XCTAssertThrowsError(try Simulator(scene: early).run()) { error in
            XCTAssertEqual("\(error)", #"script[1].tap: at t = 0.5 s no item has the id "tab-B" to tap (the items' ids are "tab-A")"#)
        }
    }

    /// A template that gives two items one id is an error at the time it happens, at the id's place.
    func testDuplicateIdsAreAnErrorWhenTheyHappen() throws {
        let content = #"{"shape": "circle", "id": "dot-${option % 2}", "onTap": [{"set": {"n": "option"}}]}"#
        let s = try scene(content, state: #"{"count": 2, "n": 0}"#,
                          script: #"[{"at": 1.5, "do": [{"set": {"count": 3}}]}]"#, source: "0..<count")
        XCTAssertThrowsError(try Simulator(scene: s).run()) { error in
            XCTAssertEqual("\(error)", #"2:100: root.hstack[0].content.id: at t = 1.5 s: the id "dot-${option % 2}" is "dot-0" for two items (0 and 2); each item's id must be its own"#)
        }
    }

    /// At load: a target no template could give, a template outside a forEach, a plain id inside one.
    func testLoadErrors() {
        XCTAssertThrowsError(try scene(tab, state: #"{"options": ["A"], "selected": ""}"#, script: #"[{"at": 1, "tap": "tub-A"}]"#)) { error in
            XCTAssertTrue("\(error)".contains(#"tap target "tub-A" is not the id of any view"#), "\(error)")
        }
        let outside = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"a": 1}, "root": {"shape": "circle", "id": "x-${a}"}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(outside.utf8))) { error in
            XCTAssertEqual("\(error)", #"1:109: root.id: an id with ${...} names each item of a forEach; outside a forEach's content write a plain id"#)
        }
        XCTAssertThrowsError(try scene(#"{"shape": "circle", "id": "dot"}"#, state: #"{"options": []}"#, script: "[]")) { error in
            XCTAssertTrue("\(error)".contains(#"write one over the element, as "row-${option}""#), "\(error)")
        }
    }
}

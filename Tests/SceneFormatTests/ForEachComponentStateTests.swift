import SceneFormat
import XCTest

/// A component with state (its own, or through a component its body uses) as a forEach item keeps its
/// state per item (by the item's id), so its use needs no id; what per-item state cannot do is refused at
/// the use or the view, with what to write instead.
final class ForEachComponentStateTests: XCTestCase {
    func scene(_ components: String, content: String) -> String {
        """
        {"canvas": {"width": 100, "height": 40}, "duration": 1, "state": {"cards": [0, 1, 2]},
         "components": \(components),
         "root": {"hstack": [{"forEach": "cards", "as": "c", "content": \(content)}]}}
        """
    }

    let inner = #""Inner": {"state": {"on": false}, "body": {"shape": "rectangle", "fill": "on ? red : blue"}}"#

    func error(_ json: String) -> SceneError? {
        do { _ = try SceneDecoder.decode(Array(json.utf8)); return nil } catch { return error }
    }

    func testAStatefulComponentIsAnItemWithoutAnId() throws {
        XCTAssertNil(error(scene("{\(inner)}", content: #"{"use": "Inner"}"#)))
        // Through another component, whose use of it needs no id either.
        XCTAssertNil(error(scene("{\(inner), \"Outer\": {\"body\": {\"use\": \"Inner\"}}}", content: #"{"use": "Outer"}"#)))
    }

    func testAPlainIdInsideTheBodyOfAnItemIsRefused() throws {
        let json = scene("{\(inner), \"Outer\": {\"body\": {\"use\": \"Inner\", \"id\": \"x\"}}}", content: #"{"use": "Outer"}"#)
        let e = try XCTUnwrap(error(json))
        XCTAssertTrue(e.message.hasPrefix("a view inside forEach content cannot have an id that each item would repeat"), e.message)
    }

    func testAStatefulItemInANestedForEachIsRefusedAtItsUse() throws {
        let json = """
            {"canvas": {"width": 100, "height": 40}, "duration": 1, "state": {"cards": [0, 1, 2]},
             "components": {\(inner)},
             "root": {"hstack": [{"forEach": "cards", "as": "c", "content":
                {"vstack": [{"forEach": "cards", "as": "d", "content": {"use": "Inner"}}]}}]}}
            """
        let e = try XCTUnwrap(error(json))
        XCTAssertEqual(e.path.description, "root.hstack[0].content.vstack[0].content.use")
        XCTAssertTrue(e.message.hasPrefix(#"component "Inner" has state, and its state per item is not supported in a forEach nested"#),
                      e.message)
    }

    /// `onAppear` and `onDisappear` in the body of a row with state run per row (ForEachRowAppearanceTests).
    func testOnAppearInTheBodyOfAStatefulItemIsAccepted() throws {
        let c = #""Inner": {"state": {"on": false}, "body": {"shape": "rectangle", "onAppear": [{"set": {"on": true}}], "onDisappear": []}}"#
        XCTAssertNil(error(scene("{\(c)}", content: #"{"use": "Inner"}"#)))
    }

    /// The line and column of `marker`'s first character in `json`, as errors print them.
    func position(of marker: String, in json: String) -> String {
        for (n, line) in json.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: marker) {
                return "\(n + 1):\(line.distance(from: line.startIndex, to: range.lowerBound) + 1):"
            }
        }
        return "not found"
    }

    /// A component with state in the body of a row with state, inside a forEach of the row's own, is
    /// refused at its `use`'s line:column, with what to write instead (not one state shared by the sub-rows).
    func testStateInAForEachInsideARowIsRefusedAtItsLineAndColumn() throws {
        let json = """
            {"canvas": {"width": 100, "height": 40}, "duration": 1, "state": {"cards": [0, 1, 2]},
             "components": {\(inner),
                "Row": {"params": {"n": null}, "state": {"open": false},
                  "body": {"vstack": [{"forEach": "0..<n", "as": "k", "content": {"use": "Inner"}}]}}},
             "root": {"hstack": [{"forEach": "cards", "as": "c", "content": {"use": "Row", "args": {"n": "c"}}}]}}
            """
        let e = try XCTUnwrap(error(json))
        XCTAssertTrue(e.description.hasPrefix(position(of: #""Inner"}}]}}}"#, in: json)), e.description)
        XCTAssertTrue(e.message.hasPrefix(#"component "Inner" has state, and its state per item is not supported in a forEach nested"#), e.message)
        XCTAssertTrue(e.message.contains("pass the item's entry to the component as a parameter"), e.message)
    }

    func testAStatelessComponentIsAnItem() throws {
        let json = scene(#"{"Card": {"params": {"n": 0}, "body": {"shape": "rectangle", "opacity": "n / 2"}}}"#,
                         content: #"{"use": "Card", "args": {"n": "c"}}"#)
        XCTAssertNil(error(json))
    }
}

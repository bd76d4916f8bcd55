import SceneFormat
import XCTest

/// A component with state (its own, or through a component its body uses) cannot be a forEach item: the
/// items would share one state, where SwiftUI keeps one per item's identity. Refused at the use.
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

    func testAStatefulComponentThroughAnotherIsRefusedAtItsUse() throws {
        let json = scene("{\(inner), \"Outer\": {\"body\": {\"use\": \"Inner\", \"id\": \"x\"}}}", content: #"{"use": "Outer"}"#)
        let e = try XCTUnwrap(error(json))
        XCTAssertEqual(e.path.description, "root.hstack[0].content.use")
        XCTAssertTrue(e.message.hasPrefix(#"component "Outer" has state (through "Inner", used in its body), and a forEach item cannot keep state"#),
                      e.message)
        // At the "use" value: line 3, after `"content": {"use": `.
        let line = json.split(separator: "\n", omittingEmptySubsequences: false)[2]
        let column = try XCTUnwrap(line.range(of: #""Outer"}"#)).lowerBound.utf16Offset(in: line) + 1
        XCTAssertEqual(e.location?.line, 3)
        XCTAssertEqual(e.location?.column, column)
    }

    func testAStatefulComponentIsRefusedEvenWithoutAnId() throws {
        let e = try XCTUnwrap(error(scene("{\(inner)}", content: #"{"use": "Inner"}"#)))
        XCTAssertTrue(e.message.hasPrefix(#"component "Inner" has state, and a forEach item"#), e.message)
    }

    func testAStatelessComponentIsAnItem() throws {
        let json = scene(#"{"Card": {"params": {"n": 0}, "body": {"shape": "rectangle", "opacity": "n / 2"}}}"#,
                         content: #"{"use": "Card", "args": {"n": "c"}}"#)
        XCTAssertNil(error(json))
    }
}

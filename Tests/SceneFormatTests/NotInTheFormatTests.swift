import Foundation
import XCTest

@testable import SceneFormat

/// Keeps docs/scene-format.md's "Not in the format" section true: its lists of what the decoder accepts
/// equal the decoder's key tables (read back from the decoder's errors), and every key its table says is
/// refused is refused, where the table says.
final class NotInTheFormatTests: XCTestCase {
    static let probe = "zzzzzzzzzzzz"

    func section() throws -> String {
        let url = SchemaTests.repository.appendingPathComponent("docs/scene-format.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "\n## Not in the format\n"), "the section exists")
        let rest = text[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    /// The backticked names on the section's line that starts with `- **<label>**:`.
    func listed(_ label: String) throws -> Set<String> {
        let line = try XCTUnwrap(try section().split(separator: "\n").first { $0.hasPrefix("- **\(label)**:") },
                                 "a line for \(label)")
        let items = line.dropFirst("- **\(label)**:".count)
        return Set(items.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
    }

    /// A scene around a view, a script event and an action list.
    func scene(root: String = #"{"spacer": {}}"#, event: String = #"{"at": 0, "do": []}"#) -> String {
        #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"a": 0}, "root": \#(root), "script": [\#(event)]}"#
    }

    /// The scene where `context` (view, paint, caAnimation, scrollView, script, action) holds `key`.
    func scene(context: String, key: String) throws -> String {
        switch context {
        case "view": return scene(root: #"{"spacer": {}, "\#(key)": 1}"#)
        case "scrollView": return scene(root: #"{"scrollView": [], "\#(key)": 1}"#)
        case "paint": return scene(root: #"{"shape": "circle", "fill": {"\#(key)": {}}}"#)
        case "caAnimation":
            return scene(event: #"{"at": 0, "do": [{"caAnimation": {"keyPath": "a", "fromValue": 0, "toValue": 1, "\#(key)": 1}}]}"#)
        case "script": return scene(event: #"{"at": 0, "\#(key)": 1}"#)
        case "action": return scene(event: #"{"at": 0, "do": [{"\#(key)": 1}]}"#)
        default:
            XCTFail("unknown context \(context)")
            throw XCTSkip()
        }
    }

    func message(_ json: String) -> String {
        do {
            _ = try SceneDecoder.decode(Array(json.utf8))
            return ""
        } catch {
            return error.message
        }
    }

    /// The keys the decoder lists as allowed where `context` holds the probe key.
    func allowed(_ context: String) throws -> Set<String> {
        let text = message(try scene(context: context, key: Self.probe))
        let prefix = "unknown key \"\(Self.probe)\" (allowed here: "
        XCTAssertTrue(text.hasPrefix(prefix), text)
        return Set(text.dropFirst(prefix.count).dropLast().components(separatedBy: ", "))
    }

    /// The quoted names in a "needs one of" message.
    func quoted(_ text: String) -> Set<String> {
        Set(text.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
    }

    func testTheListsAreTheDecodersKeyTables() throws {
        let kinds = quoted(message(scene(root: "{}")))
        XCTAssertTrue(kinds.contains("zstack"))
        XCTAssertEqual(try listed("View kinds"), kinds)
        // The keys every view takes: those allowed on a spacer and on a zstack alike.
        let spacer = try allowed("view")
        let zstack = Set(message(scene(root: #"{"zstack": [], "\#(Self.probe)": 1}"#))
            .components(separatedBy: "(allowed here: ").last?.dropLast().components(separatedBy: ", ") ?? [])
        XCTAssertEqual(try listed("Modifiers on every view"), spacer.intersection(zstack))
        XCTAssertEqual(try listed("Gradient paints"), try allowed("paint"))
        XCTAssertEqual(try listed("Actions"), quoted(message(try scene(context: "action", key: Self.probe))))
        XCTAssertEqual(try listed("`caAnimation` keys"), try allowed("caAnimation"))
        XCTAssertEqual(try listed("Script event keys"), try allowed("script"))
    }

    func testEveryKeyTheTableCallsRefusedIsRefused() throws {
        var rows = 0
        for line in try section().split(separator: "\n") where line.hasPrefix("| `") || line.hasPrefix("| Scroll") || line.hasPrefix("| Long") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertEqual(cells.count, 3, "three cells: \(line)")
            let probe = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")).split(separator: ".", maxSplits: 1)
            XCTAssertEqual(probe.count, 2, "context.key: \(cells[1])")
            guard probe.count == 2 else { continue }
            let key = String(probe[1])
            let text = message(try scene(context: String(probe[0]), key: key))
            // Refused: an unknown key, or a SwiftUI name the format lacks (the message names the closest way).
            let refused = text.hasPrefix("unknown key \"\(key)\"")
                || text.hasPrefix("\"\(key)\" is SwiftUI's .\(key); the format has no such key")
            XCTAssertTrue(refused, "\(cells[0]): \(cells[1]) is accepted now (\(text)); update docs/scene-format.md")
            rows += 1
        }
        XCTAssertGreaterThanOrEqual(rows, 15, "the table's rows were read")
    }
}

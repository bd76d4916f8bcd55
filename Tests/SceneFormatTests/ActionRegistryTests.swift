import Expressions
import Foundation
import XCTest

@testable import SceneFormat

/// The registry is the one list of actions: every key it lists decodes with the keys its unit allows beside
/// it and no others; every decoded action is checked by a unit; the schema and the docs list exactly its
/// keys; a Swift spelling of an action gets what to write instead.
final class ActionRegistryTests: XCTestCase {
    /// A valid action for each action key, written by hand with every key its unit allows beside it: a key
    /// the registry gains without a sample here fails `testEveryKeyHasASample`.
    static let samples: [String: String] = [
        "set": #"{"set": {"a": 1}, "animation": ".easeOut"}"#,
        "withAnimation": #"{"withAnimation": ".spring()", "do": [{"set": {"a": 1}}], "completionCriteria": "removed", "completion": [{"set": {"a": 1}}]}"#,
        "after": #"{"after": 0.5, "id": "x", "do": [{"set": {"a": 1}}]}"#,
        "cancel": #"{"cancel": "x"}"#,
        "if": #"{"if": "a > 0", "then": [{"set": {"a": 1}}], "else": [{"set": {"a": 1}}]}"#,
        "run": #"{"run": "tapped"}"#,
        "timer": #"{"timer": 0.5, "repeats": true, "count": 3, "until": 10, "id": "t", "do": [{"set": {"a": 1}}]}"#,
        "caAnimation": #"{"caAnimation": {"keyPath": "a", "fromValue": 0, "toValue": 1, "duration": 0.5}}"#,
        "caKeyframeAnimation": #"{"caKeyframeAnimation": {"keyPath": "a", "values": [0, 1, 0], "duration": 1}}"#,
        "caSpringAnimation": #"{"caSpringAnimation": {"keyPath": "a", "toValue": 1, "damping": 8}}"#,
        "caAnimationGroup": #"{"caAnimationGroup": {"animations": [{"caAnimation": {"keyPath": "a", "toValue": 1}}], "duration": 1}}"#,
        "uiViewAnimate": #"{"uiViewAnimate": {"withDuration": 0.3, "animations": [{"set": {"a": 1}}]}}"#,
        "uiViewAnimateKeyframes": #"{"uiViewAnimateKeyframes": {"withDuration": 1, "keyframes": [{"relativeStartTime": 0, "relativeDuration": 1, "animations": [{"set": {"a": 1}}]}]}}"#,
        "typeText": #"{"typeText": "hi", "into": "s", "interval": 0.2}"#,
    ]

    /// A scene whose component's view runs `action` when tapped (so `run` has a slot to call).
    static func scene(_ action: String) -> String {
        #"{"canvas": {"width": 40, "height": 40}, "duration": 1, "state": {"a": 0, "s": "", "count": 0}, "#
            + #""components": {"C": {"actions": {"tapped": []}, "body": {"shape": "rectangle", "id": "b", "onTap": ["#
            + action + #"]}}}, "root": {"use": "C"}}"#
    }

    func decode(_ action: String) -> SceneError? {
        do {
            _ = try SceneDecoder.decode(Array(Self.scene(action).utf8))
            return nil
        } catch {
            return error
        }
    }

    /// The column of the first character of `marker` in the scene around `action`.
    func column(of marker: String, in action: String) throws -> Int {
        let text = Self.scene(action)
        let range = try XCTUnwrap(text.range(of: marker))
        return text.distance(from: text.startIndex, to: range.lowerBound) + 1
    }

    func testEveryKeyHasASample() {
        XCTAssertEqual(Set(Self.samples.keys), Set(ActionRegistry.keys))
        XCTAssertEqual(ActionRegistry.keys.count, Set(ActionRegistry.keys).count, "each key once")
    }

    /// Each sample decodes and validates, with a comment too; the action it decodes into is checked by a
    /// unit (its own, or for `caSpringAnimation` and `typeText` the unit of the case it decodes into).
    func testEverySampleDecodesAndIsChecked() throws {
        for unit in ActionRegistry.units {
            let sample = try XCTUnwrap(Self.samples[unit.key], unit.key)
            XCTAssertNil(decode(sample), "\(unit.key): \(decode(sample).map { "\($0)" } ?? "")")
            let commented = String(sample.dropLast()) + #", "comment": "why"}"#
            XCTAssertNil(decode(commented), "\(unit.key) with a comment")
            let action = try ActionDecoder.action(JSONReader(try JSONParser.parse(sample)), depth: 0)
            XCTAssertTrue(ActionRegistry.units.contains { $0.uses(of: action) != nil }, "\(unit.key) decodes into a case no unit checks")
        }
    }

    /// An action object allows its unit's key, its companion keys and `comment`, and nothing else.
    func testAnActionAllowsItsUnitsKeysOnly() throws {
        for unit in ActionRegistry.units {
            let sample = try XCTUnwrap(Self.samples[unit.key], unit.key)
            let error = decode(String(sample.dropLast()) + #", "zzzzzzzzzz": 1}"#)
            let allowed = ([unit.key] + unit.companionKeys + ["comment"]).joined(separator: ", ")
            XCTAssertEqual(error?.message, "unknown key \"zzzzzzzzzz\" (allowed here: \(allowed))", unit.key)
        }
    }

    /// A nested action list of every unit that runs one is validated: a typo in it fails at load, in a tap
    /// the script never sends.
    func testNestedActionsAreChecked() throws {
        for (key, sample) in Self.samples where sample.contains(#"{"set": {"a": 1}}"#) {
            let typo = sample.replacingOccurrences(of: #"{"set": {"a": 1}}"#, with: #"{"set": {"a": "nope"}}"#)
            let error = decode(typo)
            XCTAssertEqual(error?.message, "unknown name 'nope'", key)
            XCTAssertEqual(error?.location?.column, try column(of: #""nope""#, in: typo), key)
        }
    }

    /// What each unit reads and writes is checked at load.
    func testReadsAndWritesAreChecked() throws {
        let checks: [(action: String, message: String)] = [
            (#"{"set": {"cont": 1}}"#, #""cont" is not a state variable here; did you mean "count"?"#),
            (#"{"set": {"a": 1}, "animation": ".linear(duration: durtion)"}"#, "unknown name 'durtion'"),
            (#"{"withAnimation": ".linear(duration: durtion)", "do": []}"#, "unknown name 'durtion'"),
            (#"{"after": "nope", "do": []}"#, "unknown name 'nope'"),
            (#"{"if": "nope", "then": []}"#, "unknown name 'nope'"),
            (#"{"run": "tap"}"#, #"no action slot "tap" here (slots: tapped)"#),
            (#"{"timer": "nope", "do": []}"#, "unknown name 'nope'"),
            (#"{"caAnimation": {"keyPath": "cont", "toValue": 1}}"#,
             #"unknown keyPath "cont": it must name a state variable here; did you mean "count"?"#),
            (#"{"caKeyframeAnimation": {"keyPath": "cont", "values": [1]}}"#,
             #"unknown keyPath "cont": it must name a state variable here; did you mean "count"?"#),
            (#"{"caKeyframeAnimation": {"keyPath": "position", "path": [["move", 0, 0], ["line", 1, 1]], "x": "a", "y": "q"}}"#,
             #"unknown state variable "q": "y" names the state variable that takes the path's y"#),
            (#"{"caSpringAnimation": {"keyPath": "a", "toValue": "nope"}}"#, "unknown name 'nope'"),
            (#"{"caAnimationGroup": {"animations": [{"caAnimation": {"keyPath": "a", "toValue": 1}}], "duration": "nope"}}"#,
             "unknown name 'nope'"),
            (#"{"uiViewAnimate": {"withDuration": "nope", "animations": []}}"#, "unknown name 'nope'"),
            (#"{"uiViewAnimateKeyframes": {"withDuration": "nope", "keyframes": [{"relativeStartTime": 0, "relativeDuration": 1, "animations": []}]}}"#,
             "unknown name 'nope'"),
            (#"{"typeText": "hi", "into": "nothing"}"#, #""nothing" is not a state variable here"#),
        ]
        for (action, message) in checks {
            XCTAssertEqual(decode(action)?.message, message, action)
        }
        // The set's own animation, with its position.
        let animated = #"{"set": {"a": 1}, "animation": ".linear(duration: durtion)"}"#
        XCTAssertEqual(decode(animated)?.location?.column, try column(of: #"".linear(duration: durtion)""#, in: animated))
        XCTAssertEqual(decode(animated)?.path.description, "components.C.body.onTap[0].animation")
    }

    // MARK: - Swift names

    /// A Swift spelling of an action is refused with what to write instead, at the key's value.
    func testSwiftNamesAreAnsweredWithAHint() throws {
        XCTAssertFalse(ActionRegistry.swiftNames.isEmpty)
        for (name, hint) in ActionRegistry.swiftNames {
            let action = #"{"\#(name)": 1}"#
            let error = decode(action)
            XCTAssertEqual(error?.message, "\"\(name)\" is not an action of the format: \(hint)", name)
            XCTAssertEqual(error?.path.description, "components.C.body.onTap[0].\(name)", name)
            XCTAssertEqual(error?.location?.column, try column(of: #""\#(name)": 1"#, in: action) + name.count + 4, name)
        }
        // A near miss of a key still gets its suggestion, and an object without a key the list of keys.
        XCTAssertEqual(decode(#"{"sett": {"a": 1}}"#)?.message, #"unknown action "sett", did you mean "set"?"#)
        XCTAssertEqual(decode(#"{"zzzzzzzzzz": 1}"#)?.message,
                       "an action needs one of " + ActionRegistry.keys.map { "\"\($0)\"" }.joined(separator: ", "))
    }

    /// A hint never names a key an action object may hold (it would never be shown, or would shadow it).
    func testNoHintNamesAnActionKey() {
        let keys = Set(ActionRegistry.units.flatMap { [$0.key] + $0.companionKeys } + ["comment"])
        for name in ActionRegistry.swiftNames.keys { XCTAssertFalse(keys.contains(name), name) }
    }

    // MARK: - Schema and docs

    /// The schema's action has one variant per registry key, allowing exactly the unit's keys.
    func testTheSchemaListsTheRegistrysKeys() throws {
        let url = SchemaTests.repository.appendingPathComponent("docs/scene.schema.json")
        let schema = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let action = try XCTUnwrap((schema["definitions"] as? [String: Any])?["action"] as? [String: Any])
        let properties = try XCTUnwrap(action["properties"] as? [String: Any])
        let variants = try XCTUnwrap(action["oneOf"] as? [[String: Any]])
        XCTAssertEqual(Set(variants.compactMap { $0["title"] as? String }), Set(ActionRegistry.keys))
        for unit in ActionRegistry.units {
            let variant = try XCTUnwrap(variants.first { $0["title"] as? String == unit.key }, unit.key)
            let forbidden = (variant["properties"] as? [String: Any] ?? [:]).filter { ($0.value as? Bool) == false }.keys
            XCTAssertEqual(Set(properties.keys).subtracting(forbidden), Set([unit.key] + unit.companionKeys + ["comment"]), unit.key)
            XCTAssertEqual(variant["required"] as? [String], [unit.key], unit.key)
        }
    }

    /// docs/scene-format.md's Actions section names the registry's keys in its opening list, its table (with
    /// each unit's companion keys) and its headings, and lists the Swift names answered with a hint.
    func testTheDocsListTheRegistry() throws {
        let url = SchemaTests.repository.appendingPathComponent("docs/scene-format.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "\n## Actions\n")).upperBound
        let end = try XCTUnwrap(text.range(of: "\n## ", range: start..<text.endIndex)).lowerBound
        let section = text[start..<end]
        func codeSpans(_ s: Substring) -> [String] {
            s.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }

        let opening = try XCTUnwrap(section.range(of: "**exactly one** of "))
        let closing = try XCTUnwrap(section.range(of: ", plus that action's keys", range: opening.upperBound..<section.endIndex))
        XCTAssertEqual(codeSpans(section[opening.upperBound..<closing.lowerBound]), ActionRegistry.keys)

        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| [`") }
        XCTAssertEqual(rows.map { codeSpans($0.split(separator: "|")[0]).first ?? "" }, ActionRegistry.keys)
        for (row, unit) in zip(rows, ActionRegistry.units) {
            XCTAssertEqual(codeSpans(row.split(separator: "|")[1]), unit.companionKeys, unit.key)
        }

        let headings = section.split(separator: "\n").filter { $0.hasPrefix("### ") }.map { String($0.dropFirst(4)) }
        XCTAssertEqual(Set(headings), Set(ActionRegistry.keys))

        let answered = try XCTUnwrap(section.split(separator: "\n").first { $0.contains("The Swift names answered this way: ") })
        let names = codeSpans(Substring(answered.components(separatedBy: "The Swift names answered this way: ")[1]))
        XCTAssertEqual(Set(names), Set(ActionRegistry.swiftNames.keys))
    }
}

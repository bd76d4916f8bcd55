import Expressions
import Foundation
import XCTest

@testable import SceneFormat

/// The registry is the one list of view kinds: every key it lists decodes, with the keys its unit allows
/// beside it and the modifiers' and no others, into the kind written here by hand; every decoded kind is
/// checked by a unit; a SwiftUI spelling of a kind gets what to write instead; the schema and the docs list
/// exactly its keys.
final class ViewKindRegistryTests: XCTestCase {
    /// A valid view of each kind, written by hand with every key its unit allows beside it (where the kind
    /// takes them together), and the kind it decodes into: a key the registry gains without a sample here
    /// fails `testEveryKeyHasASample`.
    static let samples: [String: (view: String, kind: String)] = [
        "zstack": (#"{"zstack": [{"spacer": {}}], "alignment": "topLeading"}"#, "stack z"),
        "vstack": (#"{"vstack": [{"spacer": {}}], "alignment": "leading", "spacing": 4}"#, "stack vertical"),
        "hstack": (#"{"hstack": [{"spacer": {}}], "alignment": "top", "spacing": 4}"#, "stack horizontal"),
        "shape": (#"{"shape": "roundedRectangle", "cornerRadius": 4, "fill": "red", "stroke": {"color": "blue"}, "trim": {"from": 0, "to": 0.5}}"#, "shape"),
        "path": (#"{"path": [["move", 0, 0], ["line", 10, 10]], "fill": "red", "stroke": {"color": "blue"}, "trim": {"from": 0, "to": 1}}"#, "shape"),
        "text": (#"{"text": "n = ${n}", "multilineTextAlignment": "center", "lineLimit": 2, "minimumScaleFactor": 0.5, "contentTransition": ".opacity"}"#, "text"),
        "use": (#"{"use": "D", "args": {"p": 1}, "actions": {"tapped": [{"set": {"n": 1}}]}, "views": {"inner": {"spacer": {}}}}"#, "instance"),
        "spacer": (#"{"spacer": {}, "minLength": 4}"#, "spacer"),
        "image": (#"{"image": "a.png", "resizable": true, "contentMode": "fit"}"#, "image"),
        "scrollView": (#"{"scrollView": [{"spacer": {}}], "alignment": "leading", "spacing": 4}"#, "scrollView"),
        "toggle": (#"{"toggle": "isOn", "label": "Wi-Fi", "tint": "orange", "bindingAnimation": ".spring()"}"#, "control toggle"),
        "progressView": (#"{"progressView": "v", "total": 1, "tint": "orange"}"#, "control progressView"),
        "systemImage": (#"{"systemImage": "heart.fill", "symbolEffect": {"effect": ".pulse", "isActive": "isOn"}, "variableValue": "v"}"#, "symbol"),
        "slider": (#"{"slider": "v", "in": [0, 1], "step": 0.1, "tint": "orange", "label": "Volume", "bindingAnimation": ".spring()"}"#, "control slider"),
        "stepper": (#"{"stepper": "n", "in": [0, 10], "step": 2, "label": "Count", "bindingAnimation": ".spring()"}"#, "control stepper"),
        "button": (#"{"button": "Add", "buttonStyle": "bordered", "controlSize": "large", "tint": "orange", "role": "destructive"}"#, "control button"),
        "textField": (#"{"textField": "s", "prompt": "Email", "textFieldStyle": "roundedBorder", "focused": "isOn"}"#, "control textField"),
        "timelineView": (#"{"timelineView": ".animation", "as": "tl", "content": {"spacer": {}}}"#, "stack z"),
        "canvas": (#"{"canvas": [{"fill": [["move", 0, 0], ["line", 10, 0], ["line", 0, 10]], "with": "red"}]}"#, "canvas"),
        "group": (#"{"group": [{"spacer": {}}]}"#, "stack z"),
        "slot": (#"{"slot": "content"}"#, "slot"),
        "linearGradient": (#"{"linearGradient": {"colors": ["red", "blue"], "startPoint": "top", "endPoint": "bottom"}}"#, "shape"),
        "radialGradient": (#"{"radialGradient": {"colors": ["red", "blue"], "startRadius": 0, "endRadius": 10}}"#, "shape"),
        "ellipticalGradient": (#"{"ellipticalGradient": {"colors": ["red", "blue"]}}"#, "shape"),
        "angularGradient": (#"{"angularGradient": {"colors": ["red", "blue"]}}"#, "shape"),
    ]

    /// A scene whose component `C` has `view` as its body (so a `slot` has a slot to place); `D` is the
    /// component the `use` sample uses.
    static func scene(_ view: String) -> String {
        #"{"canvas": {"width": 40, "height": 40}, "duration": 1, "state": {"isOn": false, "v": 0.5, "n": 1, "s": ""}, "#
            + #""components": {"C": {"views": ["content"], "body": "# + view + #"}, "#
            + #""D": {"params": {"p": 0}, "actions": {"tapped": []}, "views": ["inner"], "body": {"slot": "inner"}}}, "#
            + #""root": {"use": "C", "views": {"content": {"spacer": {}}}}}"#
    }

    func decode(_ view: String) -> SceneError? {
        do {
            _ = try SceneDecoder.decode(Array(Self.scene(view).utf8))
            return nil
        } catch {
            return error
        }
    }

    /// The column of the first character of `marker` in the scene around `view`.
    func column(of marker: String, in view: String) throws -> Int {
        let text = Self.scene(view)
        let range = try XCTUnwrap(text.range(of: marker))
        return text.distance(from: text.startIndex, to: range.lowerBound) + 1
    }

    /// The kind's case, named as the samples name it: a stack with its axis, a control with its control.
    func describe(_ kind: NodeKind) -> String {
        func caseName(_ value: Any) -> String { Mirror(reflecting: value).children.first?.label ?? "\(value)" }
        switch kind {
        case .stack(let stack): return "stack \(stack.axis)"
        case .control(let control): return "control \(caseName(control))"
        default: return caseName(kind)
        }
    }

    func testEveryKeyHasASample() {
        XCTAssertEqual(Set(Self.samples.keys), Set(ViewKindRegistry.keys))
        XCTAssertEqual(ViewKindRegistry.keys.count, Set(ViewKindRegistry.keys).count, "each key once")
    }

    /// Each sample decodes and validates, with a comment too, into the kind written above; the kind is
    /// checked by a unit.
    func testEverySampleDecodesIntoItsKindAndIsChecked() throws {
        for unit in ViewKindRegistry.units {
            let (view, kind) = try XCTUnwrap(Self.samples[unit.key], unit.key)
            XCTAssertNil(decode(view), "\(unit.key): \(decode(view).map { "\($0)" } ?? "")")
            let commented = String(view.dropLast()) + #", "comment": "why"}"#
            XCTAssertNil(decode(commented), "\(unit.key) with a comment")
            let node = try NodeDecoder.decode(JSONReader(try JSONParser.parse(view)))
            XCTAssertEqual(describe(node.kind), kind, unit.key)
            XCTAssertTrue(ViewKindRegistry.units.contains { $0.uses(of: node) != nil }, "\(unit.key) decodes into a kind no unit checks")
            XCTAssertEqual(node.timelineView != nil, unit.key == "timelineView", unit.key)
        }
    }

    /// A view allows its unit's key, its companion keys and the modifiers' keys, and nothing else, listed in
    /// that order.
    func testAViewAllowsItsUnitsKeysOnly() throws {
        for unit in ViewKindRegistry.units {
            let (view, _) = try XCTUnwrap(Self.samples[unit.key], unit.key)
            let error = decode(String(view.dropLast()) + #", "zzzzzzzzzz": 1}"#)
            let allowed = ([unit.key] + unit.companionKeys + ModifierRegistry.keys + ["comment", "modifiers"]).joined(separator: ", ")
            XCTAssertEqual(error?.message, "unknown key \"zzzzzzzzzz\" (allowed here: \(allowed))", unit.key)
            XCTAssertEqual(error?.path.description, "components.C.body.zzzzzzzzzz", unit.key)
        }
    }

    /// A view without a kind key lists the registry's keys in order, or names the kind key a key nearly is;
    /// two kind keys are refused by name.
    func testAViewHasExactlyOneKind() throws {
        let list = "a view needs exactly one of " + ViewKindRegistry.keys.map { "\"\($0)\"" }.joined(separator: ", ")
        XCTAssertEqual(decode(#"{"zzzzzzzzzz": 1}"#)?.message, list)
        // A modifier's key is not taken for a near miss of a kind.
        XCTAssertEqual(decode(#"{"opacity": 0.5}"#)?.message, list)
        for (typo, key) in [("vstak", "vstack"), ("Vstack", "vstack"), ("txt", "text"), ("systemImag", "systemImage")] {
            let view = #"{"opacity": 0.5, "\#(typo)": []}"#
            let error = decode(view)
            XCTAssertEqual(error?.message, "unknown view kind \"\(typo)\", did you mean \"\(key)\"?", typo)
            XCTAssertEqual(error?.path.description, "components.C.body.\(typo)", typo)
            XCTAssertEqual(error?.location?.column, try column(of: "[]", in: view), typo)
        }
        XCTAssertEqual(decode(#"{"spacer": {}, "canvas": []}"#)?.message, #"a view can be only one thing, but has "spacer" and "canvas""#)
    }

    /// What each kind reads is checked at load, at the value that reads it.
    func testWhatEachKindReadsIsChecked() throws {
        let checks: [(view: String, marker: String, message: String)] = [
            (#"{"zstack": [], "alignment": "nope ? 'top' : 'bottom'"}"#, #""nope ?"#, "unknown name 'nope'"),
            (#"{"vstack": [], "spacing": "nope"}"#, #""nope""#, "unknown name 'nope'"),
            (#"{"hstack": [{"text": "${nope}"}]}"#, #""${nope}""#, "unknown name 'nope'"),
            (#"{"shape": "roundedRectangle", "cornerRadius": "nope"}"#, #""nope""#, "unknown name 'nope'"),
            (#"{"shape": "circle", "stroke": {"lineWidth": "nope"}}"#, #""nope""#, "unknown name 'nope'"),
            (#"{"path": [["move", 0, 0], ["line", "nope", 0]]}"#, #""nope""#, "unknown name 'nope'"),
            (#"{"path": [["plot", 0, 10, 1, "x * nope"]]}"#, #""x * nope""#, "unknown name 'nope'"),
            (#"{"spacer": {}, "minLength": "nope"}"#, #""nope""#, "unknown name 'nope'"),
            (#"{"scrollView": [{"spacer": {}, "frame": {"width": "nope"}}]}"#, #""nope""#, "unknown name 'nope'"),
            (#"{"toggle": "isOn", "tint": "nope ? 'red' : 'blue'"}"#, #""nope ?"#, "unknown name 'nope'"),
            (#"{"progressView": "nope"}"#, #""nope""#, "unknown name 'nope'"),
            (#"{"systemImage": "nope ? 'heart' : 'star'"}"#, #""nope ?"#, "unknown name 'nope'"),
            (#"{"slider": "v", "label": "${nope}"}"#, #""${nope}""#, "unknown name 'nope'"),
            (#"{"stepper": "n", "label": "${nope}"}"#, #""${nope}""#, "unknown name 'nope'"),
            (#"{"button": "${nope}"}"#, #""${nope}""#, "unknown name 'nope'"),
            (#"{"textField": "s", "focused": "nope"}"#, #""nope""#, "unknown name 'nope'"),
            (#"{"timelineView": ".animation", "content": {"text": "${nope}"}}"#, #""${nope}""#, "unknown name 'nope'"),
            (#"{"canvas": [{"fill": [["move", 0, 0], ["line", "nope", 0]], "with": "red"}]}"#, #""nope""#, "unknown name 'nope'"),
            (#"{"group": [{"spacer": {}, "minLength": "nope"}]}"#, #""nope""#, "unknown name 'nope'"),
            (#"{"linearGradient": {"colors": ["red", "blue"], "startPoint": ["nope", 0.5], "endPoint": "bottom"}}"#, #""nope""#, "unknown name 'nope'"),
            (#"{"use": "Nope"}"#, #""Nope""#, #"unknown component "Nope""#),
            (#"{"slot": "nope"}"#, #""nope""#, #"the slot "nope" is not declared: add "views": ["nope"] to the component "C""#),
        ]
        for (view, marker, message) in checks {
            let error = decode(view)
            XCTAssertEqual(error?.message, message, view)
            // A unknown component is reported at the `use` key's path, without a place of its own.
            guard !view.hasPrefix(#"{"use""#) else { continue }
            XCTAssertEqual(error?.location?.column, try column(of: marker, in: view), view)
        }
    }

    /// A stepper's segments are ids of their own under the stepper's, which a tap may name.
    func testAStepperSegmentIsATapTarget() {
        let scene = #"{"canvas": {"width": 40, "height": 40}, "duration": 1, "state": {"n": 0}, "#
            + #""root": {"stepper": "n", "id": "count"}, "script": [{"at": 0.5, "tap": "count.increment"}]}"#
        XCTAssertNoThrow(try SceneDecoder.decode(Array(scene.utf8)))
        let wrong = scene.replacingOccurrences(of: "count.increment", with: "count.incremnt")
        XCTAssertThrowsError(try SceneDecoder.decode(Array(wrong.utf8))) { error in
            XCTAssertEqual((error as? SceneError)?.message,
                           #"tap target "count.incremnt" is not the id of any view; did you mean "count.increment"?"#)
        }
    }

    // MARK: - SwiftUI names

    /// A SwiftUI spelling of a kind written as a view's key is refused with what to write instead, at the key.
    func testSwiftUINamesAreAnsweredWithAHint() throws {
        XCTAssertFalse(ViewKindRegistry.swiftUINames.isEmpty)
        for (name, hint) in ViewKindRegistry.swiftUINames {
            let view = #"{"\#(name)": 1}"#
            let error = decode(view)
            XCTAssertEqual(error?.message, "\"\(name)\" is SwiftUI's \(hint)", name)
            XCTAssertEqual(error?.path.description, "components.C.body.\(name)", name)
            XCTAssertEqual(error?.location?.column, try column(of: view, in: view) + name.count + 5, name)
        }
        // Each SwiftUI view the format has by another key names that key.
        for (name, key) in ["ZStack": "zstack", "VStack": "vstack", "HStack": "hstack", "Text": "text", "Circle": "shape",
                            "Toggle": "toggle", "LinearGradient": "linearGradient", "systemName": "systemImage"] {
            XCTAssertTrue(ViewKindRegistry.swiftUINames[name]?.contains("write \"\(key)\"") == true, name)
        }
    }

    /// A hint never names a key a view may hold (it would never be shown, or would shadow it).
    func testNoHintNamesAViewKey() {
        let keys = Set(ViewKindRegistry.units.flatMap { [$0.key] + $0.companionKeys } + NodeDecoder.modifierKeys)
        for name in ViewKindRegistry.swiftUINames.keys { XCTAssertFalse(keys.contains(name), name) }
    }

    // MARK: - Schema and docs

    /// The schema's view has one variant per registry key, allowing exactly the unit's keys and the modifiers'.
    func testTheSchemaListsTheRegistrysKeys() throws {
        let url = SchemaTests.repository.appendingPathComponent("docs/scene.schema.json")
        let schema = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let node = try XCTUnwrap((schema["definitions"] as? [String: Any])?["node"] as? [String: Any])
        let properties = try XCTUnwrap(node["properties"] as? [String: Any])
        let variants = try XCTUnwrap(node["oneOf"] as? [[String: Any]])
        XCTAssertEqual(variants.compactMap { $0["title"] as? String }.sorted(), ViewKindRegistry.keys.sorted())
        for unit in ViewKindRegistry.units {
            let variant = try XCTUnwrap(variants.first { $0["title"] as? String == unit.key }, unit.key)
            let forbidden = (variant["properties"] as? [String: Any] ?? [:]).filter { ($0.value as? Bool) == false }.keys
            XCTAssertEqual(Set(properties.keys).subtracting(forbidden),
                           Set([unit.key] + unit.companionKeys + NodeDecoder.modifierKeys), unit.key)
            XCTAssertEqual(variant["required"] as? [String], [unit.key], unit.key)
        }
    }

    /// docs/scene-format.md's Views section names the registry's keys in its opening list and its table (with
    /// each unit's companion keys), in the registry's order; the summary's list of view kinds names them too.
    func testTheDocsListTheRegistry() throws {
        let url = SchemaTests.repository.appendingPathComponent("docs/scene-format.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "\n## Views\n")).upperBound
        let end = try XCTUnwrap(text.range(of: "\n### ", range: start..<text.endIndex)).lowerBound
        let section = text[start..<end]
        func codeSpans(_ s: Substring) -> [String] {
            s.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }

        let opening = try XCTUnwrap(section.range(of: "**exactly one kind key** — "))
        let closing = try XCTUnwrap(section.range(of: " — plus options", range: opening.upperBound..<section.endIndex))
        XCTAssertEqual(codeSpans(section[opening.upperBound..<closing.lowerBound]), ViewKindRegistry.keys)

        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `") }
        XCTAssertEqual(rows.map { codeSpans($0.split(separator: "|")[0]).first ?? "" }, ViewKindRegistry.keys)
        for (row, unit) in zip(rows, ViewKindRegistry.units) {
            XCTAssertEqual(codeSpans(row.split(separator: "|")[2]), unit.companionKeys, unit.key)
        }

        let summary = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("- **View kinds**: ") })
        XCTAssertEqual(codeSpans(summary), ViewKindRegistry.keys)
    }
}

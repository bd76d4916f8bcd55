import Expressions
import Foundation
import XCTest

@testable import SceneFormat

/// Keeps docs/scene.schema.json and the decoder in step: every key, choice and range the decoder accepts is
/// in the schema, and the schema offers nothing the decoder rejects.
///
/// Key lists the decoder keeps inline (canvas, frame, stroke, font, actions...) are read back from the
/// decoder itself: an unknown key with no near miss makes it list the keys allowed there.
final class SchemaTests: XCTestCase {
    /// The repository root, from this file's path.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A key no real key is close to, so the decoder lists the allowed keys instead of suggesting one.
    static let probe = "zzzzzzzzzzzz"

    var schema: [String: Any] = [:]

    override func setUpWithError() throws {
        let url = Self.repository.appendingPathComponent("docs/scene.schema.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        schema = try XCTUnwrap(object as? [String: Any], "the schema is a JSON object")
    }

    // MARK: - Schema access

    func definition(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let defs = try XCTUnwrap(schema["definitions"] as? [String: Any], file: file, line: line)
        return try XCTUnwrap(defs[name] as? [String: Any], "$defs.\(name)", file: file, line: line)
    }

    /// The property names of an object schema (those not forbidden with `false`).
    func properties(_ object: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws -> Set<String> {
        let properties = try XCTUnwrap(object["properties"] as? [String: Any], "properties", file: file, line: line)
        return Set(properties.filter { !isFalse($0.value) }.keys)
    }

    func isFalse(_ value: Any) -> Bool {
        if let flag = value as? Bool { return !flag }
        return false
    }

    /// The keys one `oneOf` variant of a node or action schema leaves allowed: all properties minus those it forbids.
    func variants(of definitionName: String) throws -> [String: Set<String>] {
        let object = try definition(definitionName)
        let all = try properties(object)
        let list = try XCTUnwrap(object["oneOf"] as? [[String: Any]], "\(definitionName).oneOf")
        var result: [String: Set<String>] = [:]
        for variant in list {
            let title = try XCTUnwrap(variant["title"] as? String, "\(definitionName) variant title")
            let forbidden = (variant["properties"] as? [String: Any] ?? [:]).filter { isFalse($0.value) }.keys
            result[title] = all.subtracting(forbidden)
            let required = try XCTUnwrap(variant["required"] as? [String], "\(title).required")
            XCTAssertTrue(required.contains(title), "the \(title) variant requires its kind key")
        }
        return result
    }

    /// The `enum` of a schema object.
    func enumeration(_ object: Any?, file: StaticString = #filePath, line: UInt = #line) throws -> Set<String> {
        var object = try XCTUnwrap(object as? [String: Any], "an object with an enum", file: file, line: line)
        // A name or an expression giving one: the names are the `anyOf` alternative with an enum.
        if let named = (object["anyOf"] as? [[String: Any]])?.first(where: { $0["enum"] != nil }) { object = named }
        let values = try XCTUnwrap(object["enum"] as? [String], "enum", file: file, line: line)
        return Set(values)
    }

    func nodeProperty(_ name: String) throws -> [String: Any] {
        let properties = try XCTUnwrap(try definition("node")["properties"] as? [String: Any])
        return try XCTUnwrap(properties[name] as? [String: Any], "node.properties.\(name)")
    }

    // MARK: - Decoder probes

    /// A scene with `root` as its root view and `extra` top-level members (a leading comma included).
    func scene(root: String = #"{"spacer": {}}"#, extra: String = "") -> String {
        #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": \#(root)\#(extra)}"#
    }

    /// The decoder's error for `json`, failing the test if it decodes.
    func decodingError(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> SceneError? {
        do {
            _ = try SceneDecoder.decode(Array(json.utf8))
            XCTFail("expected an error for \(json)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// The keys the decoder allows in the object where `json` puts the probe key.
    func decoderKeys(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> Set<String> {
        guard let error = decodingError(json, file: file, line: line) else { return [] }
        let prefix = "unknown key \"\(Self.probe)\" (allowed here: "
        guard error.message.hasPrefix(prefix), error.message.hasSuffix(")") else {
            XCTFail("unexpected message: \(error)", file: file, line: line)
            return []
        }
        let list = error.message.dropFirst(prefix.count).dropLast()
        return Set(list.components(separatedBy: ", "))
    }

    /// The choices the decoder accepts where `json` puts the probe value.
    func decoderChoices(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> Set<String> {
        guard let error = decodingError(json, file: file, line: line) else { return [] }
        let prefix = "unknown value \"\(Self.probe)\": expected one of "
        guard error.message.hasPrefix(prefix) else {
            XCTFail("unexpected message: \(error)", file: file, line: line)
            return []
        }
        let list = error.message.dropFirst(prefix.count)
        return Set(list.components(separatedBy: ", ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) })
    }

    /// The range the decoder gives in its out-of-range message for `json`.
    func decoderRange(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> (Double, Double)? {
        guard let error = decodingError(json, file: file, line: line) else { return nil }
        for marker in ["is out of range: expected ", "expected a whole number from "] {
            guard let range = error.message.range(of: marker) else { continue }
            let bounds = error.message[range.upperBound...].components(separatedBy: " ")
            guard bounds.count >= 3, bounds[1] == "to", let low = Double(bounds[0]),
                  let high = Double(bounds[2].trimmingCharacters(in: CharacterSet(charactersIn: ","))) else { break }
            return (low, high)
        }
        XCTFail("unexpected message: \(error)", file: file, line: line)
        return nil
    }

    // MARK: - Keys

    func testTopLevelKeysMatch() throws {
        XCTAssertEqual(try properties(schema), Set(SceneDecoder.topLevelKeys))
        XCTAssertEqual(decoderKeys(scene(extra: #", "\#(Self.probe)": 1"#)), Set(SceneDecoder.topLevelKeys))
        let required = try XCTUnwrap(schema["required"] as? [String])
        XCTAssertEqual(Set(required), ["canvas", "duration", "root"])
        XCTAssertEqual(schema["additionalProperties"] as? Bool, false)
    }

    func testNodeKeysMatchForEveryKind() throws {
        let node = try definition("node")
        let allOptions = ViewKindRegistry.units.flatMap { $0.companionKeys }
        XCTAssertEqual(try properties(node), Set(ViewKindRegistry.keys + allOptions + NodeDecoder.modifierKeys))
        XCTAssertEqual(node["additionalProperties"] as? Bool, false)
        let variants = try variants(of: "node")
        XCTAssertEqual(Set(variants.keys), Set(ViewKindRegistry.keys))
        for unit in ViewKindRegistry.units {
            let kind = unit.key
            let expected = Set([kind] + unit.companionKeys + NodeDecoder.modifierKeys)
            XCTAssertEqual(variants[kind], expected, "schema keys of a \(kind) view")
            let probed = decoderKeys(scene(root: #"{"\#(kind)": [], "\#(Self.probe)": 1}"#))
            XCTAssertEqual(probed, expected, "decoder keys of a \(kind) view")
        }
    }

    func testActionKeysMatchForEveryKind() throws {
        let action = try definition("action")
        XCTAssertEqual(action["additionalProperties"] as? Bool, false)
        let variants = try variants(of: "action")
        XCTAssertEqual(Set(variants.keys), Set(ActionRegistry.keys))
        var union = Set<String>()
        for kind in ActionRegistry.keys {
            let probed = decoderKeys(scene(root: #"{"spacer": {}, "onTap": [{"\#(kind)": 0, "\#(Self.probe)": 1}]}"#))
            XCTAssertEqual(variants[kind], probed, "keys of a \(kind) action")
            union.formUnion(probed)
        }
        XCTAssertEqual(try properties(action), union)
    }

    func testNestedObjectKeysMatch() throws {
        let z = Self.probe
        let cases: [(definition: String, json: String)] = [
            ("canvas", #"{"canvas": {"width": 10, "height": 10, "\#(z)": 1}, "duration": 1, "root": {"spacer": {}}}"#),
            ("stroke", scene(root: #"{"shape": "circle", "stroke": {"\#(z)": 1}}"#)),
            ("font", scene(root: #"{"text": "a", "font": {"\#(z)": 1}}"#)),
            ("frame", scene(root: #"{"spacer": {}, "frame": {"\#(z)": 1}}"#)),
            ("textRun", scene(root: #"{"text": [{"text": "a", "\#(z)": 1}]}"#)),
            ("component", scene(extra: #", "components": {"C": {"body": {"spacer": {}}, "\#(z)": 1}}"#)),
            ("scriptEvent", scene(extra: #", "script": [{"at": 0, "tap": "a", "\#(z)": 1}]"#)),
        ]
        for (name, json) in cases {
            XCTAssertEqual(try properties(try definition(name)), decoderKeys(json), name)
            XCTAssertEqual(try definition(name)["additionalProperties"] as? Bool, false, name)
        }
        // Objects defined inline in the node schema.
        let padding = try XCTUnwrap((try definition("padding")["oneOf"] as? [[String: Any]])?.first { $0["type"] as? String == "object" })
        XCTAssertEqual(try properties(padding), decoderKeys(scene(root: #"{"spacer": {}, "padding": {"\#(z)": 1}}"#)))
        XCTAssertEqual(try properties(try nodeProperty("offset")),
                       decoderKeys(scene(root: #"{"spacer": {}, "offset": {"\#(z)": 1}}"#)))
        let scale = try XCTUnwrap((try nodeProperty("scale")["oneOf"] as? [[String: Any]])?.first { $0["type"] as? String == "object" })
        XCTAssertEqual(try properties(scale), decoderKeys(scene(root: #"{"spacer": {}, "scale": {"\#(z)": 1}}"#)))
    }

    // MARK: - Choices

    func testChoicesMatch() throws {
        let z = Self.probe
        XCTAssertEqual(try enumeration(try nodeProperty("shape")), decoderChoices(scene(root: #"{"shape": "\#(z)"}"#)))
        XCTAssertEqual(try enumeration(try nodeProperty("alignment")),
                       decoderChoices(scene(root: #"{"zstack": [], "alignment": "\#(z)"}"#)))
        let variants = try XCTUnwrap(try definition("node")["oneOf"] as? [[String: Any]])
        for kind in ["vstack", "hstack"] {
            let variant = try XCTUnwrap(variants.first { $0["title"] as? String == kind })
            let alignment = (variant["properties"] as? [String: Any])?["alignment"]
            XCTAssertEqual(try enumeration(alignment), decoderChoices(scene(root: #"{"\#(kind)": [], "alignment": "\#(z)"}"#)), kind)
        }
        XCTAssertEqual(try enumeration(try definition("unitPoint")),
                       decoderChoices(scene(root: #"{"spacer": {}, "frame": {"alignment": "\#(z)"}}"#)))
        XCTAssertEqual(try enumeration(try definition("unitPoint")),
                       decoderChoices(scene(root: #"{"spacer": {}, "anchor": "\#(z)"}"#)))
        XCTAssertEqual(try enumeration(try nodeProperty("multilineTextAlignment")),
                       decoderChoices(scene(root: #"{"text": "a", "multilineTextAlignment": "\#(z)"}"#)))
        let stroke = try XCTUnwrap(try definition("stroke")["properties"] as? [String: Any])
        XCTAssertEqual(try enumeration(stroke["lineCap"]),
                       decoderChoices(scene(root: #"{"shape": "circle", "stroke": {"lineCap": "\#(z)"}}"#)))
        XCTAssertEqual(try enumeration(stroke["lineJoin"]),
                       decoderChoices(scene(root: #"{"shape": "circle", "stroke": {"lineJoin": "\#(z)"}}"#)))
        let font = try XCTUnwrap(try definition("font")["properties"] as? [String: Any])
        let weight = try XCTUnwrap((font["weight"] as? [String: Any])?["anyOf"] as? [[String: Any]])
        let weights = try enumeration(weight.first { $0["enum"] != nil })
        XCTAssertEqual(weights, Set(FontWeights.names))
        XCTAssertEqual(weights, decoderChoices(scene(root: #"{"text": "a", "font": {"weight": "\#(z)"}}"#)))
    }

    func testPathCommandsMatch() throws {
        let commands = try XCTUnwrap(try definition("pathCommand")["oneOf"] as? [[String: Any]])
        var schemaCounts: [String: Int] = [:]
        for command in commands {
            let items = try XCTUnwrap(command["items"] as? [[String: Any]], "a tuple: items as an array (draft-07)")
            let name = try XCTUnwrap(items.first?["const"] as? String)
            schemaCounts[name] = items.count - 1
            XCTAssertEqual(command["minItems"] as? Int, items.count, name)
            XCTAssertEqual(command["maxItems"] as? Int, items.count, name)
        }
        var decoderCounts: [String: Int] = [:]
        for kind in PathCommand.Kind.allCases { decoderCounts[kind.rawValue] = kind.argumentCount }
        XCTAssertEqual(schemaCounts, decoderCounts)
        XCTAssertEqual(Set(schemaCounts.keys), decoderChoices(scene(root: #"{"path": [["\#(Self.probe)"]]}"#)))
    }

    func testColourNamesMatch() throws {
        let names = try enumeration(try definition("colorName"))
        XCTAssertEqual(names, Set(ColorValue.colorNames).union(BindingDecoder.semanticColors.keys))
        // Every name the decoder takes as a constant colour is in the schema, and every schema name decodes.
        for name in BindingDecoder.colorNames.union(names) {
            let json = scene(root: #"{"shape": "circle", "foregroundColor": "\#(name)"}"#)
            let decodes = (try? SceneDecoder.decode(Array(json.utf8))) != nil
            XCTAssertEqual(decodes, names.contains(name), "colour \"\(name)\"")
        }
    }

    func testReservedNamesMatch() throws {
        let state = try definition("state")
        let propertyNames = try XCTUnwrap(state["propertyNames"] as? [String: Any])
        let parts = try XCTUnwrap(propertyNames["allOf"] as? [[String: Any]])
        let reserved = try enumeration(parts.compactMap { $0["not"] }.first)
        XCTAssertEqual(reserved, BindingDecoder.reservedNames)
        let letNames = try XCTUnwrap((try nodeProperty("let")["propertyNames"] as? [String: Any])?["allOf"] as? [[String: Any]])
        XCTAssertEqual(try enumeration(letNames.compactMap { $0["not"] }.first), BindingDecoder.reservedNames)
    }

    // MARK: - Ranges

    func testRangesMatch() throws {
        let top = try XCTUnwrap(schema["properties"] as? [String: Any])
        let canvas = try XCTUnwrap(try definition("canvas")["properties"] as? [String: Any])
        let event = try XCTUnwrap(try definition("scriptEvent")["properties"] as? [String: Any])
        let tooLow = "-1e9"
        let cases: [(name: String, schema: Any?, json: String)] = [
            ("fps", top["fps"], scene(extra: #", "fps": \#(tooLow)"#)),
            ("duration", top["duration"], #"{"canvas": {"width": 10, "height": 10}, "duration": \#(tooLow), "root": {"spacer": {}}}"#),
            ("loop", top["loop"], scene(extra: #", "loop": \#(tooLow)"#)),
            ("seed", top["seed"], scene(extra: #", "seed": \#(tooLow)"#)),
            ("canvas.width", canvas["width"], #"{"canvas": {"width": \#(tooLow), "height": 10}, "duration": 1, "root": {"spacer": {}}}"#),
            ("canvas.height", canvas["height"], #"{"canvas": {"width": 10, "height": \#(tooLow)}, "duration": 1, "root": {"spacer": {}}}"#),
            ("canvas.scale", canvas["scale"], #"{"canvas": {"width": 10, "height": 10, "scale": \#(tooLow)}, "duration": 1, "root": {"spacer": {}}}"#),
            ("script.at", event["at"], scene(extra: #", "script": [{"at": \#(tooLow), "tap": "a"}]"#)),
            ("lineLimit", try nodeProperty("lineLimit"), scene(root: #"{"text": "a", "lineLimit": \#(tooLow)}"#)),
        ]
        for (name, schemaObject, json) in cases {
            let object = try XCTUnwrap(schemaObject as? [String: Any], name)
            let minimum = try XCTUnwrap(object["minimum"] as? Double, "\(name).minimum")
            let maximum = try XCTUnwrap(object["maximum"] as? Double, "\(name).maximum")
            let range = try XCTUnwrap(decoderRange(json), name)
            XCTAssertEqual(minimum, range.0, "\(name) minimum")
            XCTAssertEqual(maximum, range.1, "\(name) maximum")
        }
        let version = try XCTUnwrap(top["version"] as? [String: Any])
        XCTAssertEqual(version["const"] as? Int, SceneDecoder.formatVersion)
    }

    // MARK: - Scenes

    func testEverySceneDecodes() throws {
        let folder = Self.repository.appendingPathComponent("scenes")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertFalse(files.isEmpty, "scenes/ holds scene files")
        for name in files {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            do {
                let scene = try SceneDecoder.decode(bytes, file: "scenes/" + name)
                XCTAssertFalse(scene.name.isEmpty, name)
            } catch {
                XCTFail("\(error)")
            }
        }
    }
}

import Foundation
import TestSupport
import XCTest

/// docs/scene.schema.json as editors read it: a valid draft-07 schema (VS Code's JSON support implements
/// draft-07 fully) that accepts every shipped scene and every complete scene example in the docs, with a
/// description on every key for hover help.
final class SchemaDraft07Tests: XCTestCase {
    static let repository = SchemaTests.repository

    func loadSchema() throws -> [String: Any] {
        let url = Self.repository.appendingPathComponent("docs/scene.schema.json")
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    func testDeclaresDraft07AndUsesOnlyItsKeywords() throws {
        let schema = try loadSchema()
        XCTAssertEqual(schema["$schema"] as? String, "http://json-schema.org/draft-07/schema#")
        let text = try String(contentsOf: Self.repository.appendingPathComponent("docs/scene.schema.json"), encoding: .utf8)
        // Keywords of 2019-09 / 2020-12 that a draft-07 validator ignores silently.
        for keyword in ["$defs", "prefixItems", "unevaluatedProperties", "unevaluatedItems", "dependentRequired",
                        "dependentSchemas", "$anchor", "$dynamicRef", "minContains", "maxContains"] {
            XCTAssertFalse(text.contains("\"\(keyword)\""), "\(keyword) is not draft-07")
        }
    }

    /// Every property of every object schema has a description, or is `false` (forbidden in a variant).
    func testEveryKeyHasADescription() throws {
        var missing: [String] = []
        func walk(_ value: Any, _ path: String) {
            if let object = value as? [String: Any] {
                if let properties = object["properties"] as? [String: Any] {
                    for (key, property) in properties {
                        if let flag = property as? Bool, !flag { continue }
                        let described = ((property as? [String: Any])?["description"] as? String).map { !$0.isEmpty } ?? false
                        if !described { missing.append("\(path)/properties/\(key)") }
                    }
                }
                for (key, child) in object {
                    // A properties map's keys are names, not keywords (a key may be named "properties").
                    if key == "properties", let map = child as? [String: Any] {
                        for (name, property) in map { walk(property, "\(path)/properties/\(name)") }
                    } else {
                        walk(child, "\(path)/\(key)")
                    }
                }
            } else if let array = value as? [Any] {
                for (index, child) in array.enumerated() { walk(child, "\(path)[\(index)]") }
            }
        }
        walk(try loadSchema(), "#")
        XCTAssertEqual(missing.sorted(), [], "keys without a description")
    }

    /// A draft-07 validator (Python's jsonschema) checks the schema itself, every scene in scenes/, and every
    /// ```json block of README.md and docs/ that is a whole scene (has "root").
    func testADraft07ValidatorAcceptsEverySceneAndExample() throws {
        let script = """
            import glob, json, re, sys
            try:
                from jsonschema import Draft7Validator
            except ImportError:
                print("MISSING jsonschema"); sys.exit(3)
            # jsonschema before 4.17 (Debian 12 has 4.10) sorts the extra items of an "additionalItems" error
            # to word its message, and raises TypeError when they mix numbers and strings, even inside a
            # oneOf branch that does not end up failing: word such messages unsorted.
            def extras_msg(extras):
                verb = "was" if len(extras) == 1 else "were"
                return ", ".join(repr(extra) for extra in extras), verb
            for module in ["jsonschema._utils", "jsonschema._validators"]:
                try:
                    __import__(module)
                    setattr(sys.modules[module], "extras_msg", extras_msg)
                except ImportError:
                    pass  # a newer jsonschema, laid out differently and without the bug
            schema = json.load(open("docs/scene.schema.json"))
            Draft7Validator.check_schema(schema)
            validator = Draft7Validator(schema)
            typo = {"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"spacer": {}}, "duraton": 1}
            if validator.is_valid(typo):
                print("the schema accepts an unknown top-level key"); sys.exit(4)
            documents = [(f, json.load(open(f))) for f in sorted(glob.glob("scenes/*.json"))]
            for f in ["README.md"] + sorted(glob.glob("docs/*.md")):
                for i, block in enumerate(re.findall(r"```json\\n(.*?)```", open(f).read(), re.S)):
                    try:
                        value = json.loads(block)
                    except ValueError:
                        continue
                    if isinstance(value, dict) and "root" in value:
                        documents.append(("%s, json block %d" % (f, i + 1), value))
            problems = 0
            for name, document in documents:
                for error in validator.iter_errors(document):
                    problems += 1
                    print("%s: %s: %s" % (name, "/".join(map(str, error.absolute_path)), error.message[:200]))
            print("checked %d documents" % len(documents))
            sys.exit(1 if problems else 0)
            """
        guard let process = Python.process(importing: ["jsonschema"], arguments: ["-c", script]) else {
            let message = Python.missing(["jsonschema"])
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(message) } else { throw XCTSkip(message) }
            return
        }
        process.currentDirectoryURL = Self.repository
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 3 || process.terminationStatus == 127 {
            let message = "python3 with jsonschema is needed (Debian: apt-get install python3-jsonschema)"
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(message) } else { throw XCTSkip(message) }
            return
        }
        XCTAssertEqual(process.terminationStatus, 0, output)
        let checked = output.components(separatedBy: "checked ").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        XCTAssertGreaterThanOrEqual(checked, 7 + 2, "the seven scenes and the docs' whole examples: \(output)")
    }
}

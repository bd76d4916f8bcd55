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

    /// Every tuple (`items` as an array) bounds its length with `maxItems` alone, never `additionalItems`:
    /// jsonschema before 4.17 (Debian 12 ships 4.10) raises TypeError instead of reporting an
    /// `additionalItems` error whose extra items mix strings and numbers, and a `oneOf` of path commands
    /// tries such a branch on every valid path.
    func testTuplesBoundTheirLengthWithMaxItems() throws {
        var tuples = 0
        var problems: [String] = []
        func walk(_ value: Any, _ path: String) {
            if let object = value as? [String: Any] {
                if object["additionalItems"] != nil { problems.append("\(path): additionalItems") }
                if let items = object["items"] as? [Any] {
                    tuples += 1
                    if object["maxItems"] as? Int != items.count { problems.append("\(path): maxItems is not \(items.count)") }
                }
                for (key, child) in object { walk(child, "\(path)/\(key)") }
            } else if let array = value as? [Any] {
                for (index, child) in array.enumerated() { walk(child, "\(path)[\(index)]") }
            }
        }
        walk(try loadSchema(), "#")
        XCTAssertEqual(problems, [])
        XCTAssertGreaterThanOrEqual(tuples, 24, "the path commands, anchors, points and timing functions")
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

    /// A draft-07 validator (Python's jsonschema: each python3 that has it, so Debian 12's 4.10 on CI and
    /// also a newer one first on PATH) checks the schema itself,
    /// every shipped scene (examples/, scenes/, bench/scenes/), and every ```json block of README.md and docs/
    /// that is a whole scene (has "root"). Exceptions fail the test: a validator must not crash on a scene.
    func testADraft07ValidatorAcceptsEverySceneAndExample() throws {
        let script = """
            import glob, json, re, sys
            from jsonschema import Draft7Validator
            schema = json.load(open("docs/scene.schema.json"))
            Draft7Validator.check_schema(schema)
            validator = Draft7Validator(schema)
            typo = {"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"spacer": {}}, "duraton": 1}
            if validator.is_valid(typo):
                print("the schema accepts an unknown top-level key"); sys.exit(4)
            # A tuple one item too long, with a string and numbers among the extras (jsonschema before 4.17
            # raised TypeError sorting such extras to word an "additionalItems" error; the tuples bound
            # their length with maxItems instead).
            long_line = {"canvas": {"width": 10, "height": 10}, "duration": 1,
                         "root": {"path": [["move", 0, 0], ["line", 1, 2, "x", 3]]}}
            if validator.is_valid(long_line):
                print("the schema accepts a path command with extra items"); sys.exit(4)
            # Every shipped scene: the examples, the demo scenes and the benchmark's.
            shipped = glob.glob("examples/*.json") + glob.glob("scenes/*.json") + glob.glob("bench/scenes/*.json")
            documents = [(f, json.load(open(f))) for f in sorted(shipped)]
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
        // Each jsonschema installed (Debian 12's 4.10 as well as a newer one first on PATH).
        let interpreters = Python.interpreters(importing: ["jsonschema"])
        guard !interpreters.isEmpty else {
            let message = Python.missing(["jsonschema"])
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(message) } else { throw XCTSkip(message) }
            return
        }
        let shipped = try ["examples", "scenes", "bench/scenes"].reduce(0) { count, folder in
            let names = try FileManager.default.contentsOfDirectory(atPath: Self.repository.appendingPathComponent(folder).path)
            return count + names.filter { $0.hasSuffix(".json") }.count
        }
        XCTAssertGreaterThanOrEqual(shipped, 22 + 7 + 3)
        for python in interpreters {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = ["-c", script]
            process.currentDirectoryURL = Self.repository
            let out = Pipe()
            process.standardOutput = out
            process.standardError = out
            try process.run()
            let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "\(python): \(output)")
            let checked = output.components(separatedBy: "checked ").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
            XCTAssertGreaterThanOrEqual(checked, shipped + 2, "\(python): the shipped scenes and the docs' whole examples: \(output)")
        }
    }
}

import Expressions
import Foundation
import SceneFormat
import XCTest

/// SplitMix64: a small seeded generator, so every run mutates the scenes the same way.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Seeded mutations of the real scenes (scenes/*.json): decoding never traps, and it either gives a
/// scene or a `SceneError` whose message is one line, whose line and column are inside the file and
/// whose JSON path names a value that is in the document.
final class PropertyTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The ways a file is mutated; each case runs `casesPerMutation` times on every scene.
    enum Mutation: CaseIterable {
        case byteFlips, truncation, keyDeletion, keyDuplication, typeSwap, hugeNumber, deepNesting, unknownKey,
             expressionNoise
    }

    static let casesPerMutation = 250

    /// The real scenes, as bytes.
    func realScenes() throws -> [(name: String, bytes: [UInt8])] {
        let folder = Self.repository.appendingPathComponent("scenes")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertFalse(names.isEmpty, "no scenes in \(folder.path)")
        return try names.map { ($0, Array(try Data(contentsOf: folder.appendingPathComponent($0)))) }
    }

    func testMutatedScenesDecodeOrFailWithAValidError() throws {
        var generator = SplitMix64(state: 20_260_101)
        var outcomes: [Mutation: (decoded: Int, failed: Int)] = [:]
        for (name, bytes) in try realScenes() {
            let document = try JSONParser.parse(bytes)
            let paths = allPaths(document)
            XCTAssertNoThrow(try SceneDecoder.decode(bytes), "\(name) itself must decode")
            for mutation in Mutation.allCases {
                for _ in 0..<Self.casesPerMutation {
                    let mutated = mutate(bytes, document, paths, mutation, using: &generator)
                    do {
                        _ = try SceneDecoder.decode(mutated, file: name)
                        outcomes[mutation, default: (0, 0)].decoded += 1
                    } catch {
                        outcomes[mutation, default: (0, 0)].failed += 1
                        if let problem = Self.problem(with: error, in: mutated) {
                            XCTFail("\(mutation) of \(name): \(problem)\n\(String(decoding: mutated.prefix(2000), as: UTF8.self))")
                            return
                        }
                    }
                }
            }
        }
        // Every mutation must produce failures, or it tests nothing; byte flips and key deletions also
        // leave some files valid.
        for mutation in Mutation.allCases {
            XCTAssertGreaterThan(outcomes[mutation]?.failed ?? 0, 0, "\(mutation) never failed")
        }
        XCTAssertGreaterThan(outcomes[.byteFlips]?.decoded ?? 0, 0, "byte flips never kept a scene valid")
        XCTAssertGreaterThan(outcomes[.keyDeletion]?.decoded ?? 0, 0, "key deletions never kept a scene valid")
    }

    /// The checks apply to known errors, so they can fail.
    func testTheErrorCheckRejectsBrokenErrors() throws {
        let bytes = Array(#"{"a": [1, 2]}"#.utf8)
        XCTAssertNil(Self.problem(with: SceneError(path: JSONPath([.key("a"), .index(1)]),
                                                   location: SourceLocation(line: 1, column: 11), message: "m"), in: bytes))
        XCTAssertNotNil(Self.problem(with: SceneError(path: JSONPath([.key("a"), .index(2)]), message: "m"), in: bytes))
        XCTAssertNotNil(Self.problem(with: SceneError(path: JSONPath([.key("b")]), message: "m"), in: bytes))
        XCTAssertNotNil(Self.problem(with: SceneError(path: .document, location: SourceLocation(line: 2, column: 1),
                                                      message: "m"), in: bytes))
        XCTAssertNotNil(Self.problem(with: SceneError(path: .document, location: SourceLocation(line: 1, column: 15),
                                                      message: "m"), in: bytes))
        XCTAssertNotNil(Self.problem(with: SceneError(path: .document, message: ""), in: bytes))
        // A line break in a message is escaped by `description`, so the error stays valid.
        XCTAssertNil(Self.problem(with: SceneError(path: .document, message: "two\nlines"), in: bytes))
    }

    /// A line break inside a key from the file is written as `\n`: the message stays on one line.
    func testAKeyWithALineBreakKeepsTheMessageOnOneLine() {
        XCTAssertThrowsError(try SceneDecoder.decode(Array(#"{"nam\ne": 1}"#.utf8), file: "f.json")) { error in
            let error = error as? SceneError
            XCTAssertEqual(error?.message, "unknown key \"nam\ne\", did you mean \"name\"?")
            XCTAssertEqual(error?.description, #"f.json:1:12: ["nam\ne"]: unknown key "nam\ne", did you mean "name"?"#)
        }
    }

    /// Inputs that once crashed a fuzz target (Tests/FuzzRegressions/), replayed through the decoder
    /// and the expression parser; the full pipeline replays them in BadSceneCorpusTests.
    func testFuzzRegressionsDecodeWithoutCrashing() throws {
        let folder = Self.repository.appendingPathComponent("Tests/FuzzRegressions")
        let scenes = try files(in: folder.appendingPathComponent("scene"))
        let expressions = try files(in: folder.appendingPathComponent("expression"))
        XCTAssertFalse(scenes.isEmpty)
        for file in scenes {
            let bytes = Array(try Data(contentsOf: file))
            do {
                _ = try SceneDecoder.decode(bytes, file: file.lastPathComponent)
            } catch {
                XCTAssertNil(Self.problem(with: error, in: bytes), file.lastPathComponent)
            }
        }
        let scope = DictionaryScope(["x": .number(2.5), "amounts": .list([.number(1), .number(2)]),
                                     "knob": .record(["x": .number(0)]), "label": .string("a")])
        for file in expressions {
            let source = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            do {
                if case .number(let n) = try Expression(parsing: source).evaluate(in: scope) {
                    XCTAssertTrue(n.isFinite, file.lastPathComponent)
                }
            } catch {
                XCTAssertFalse(error.message.isEmpty, file.lastPathComponent)
            }
            _ = try? Template(parsing: source).evaluate(in: scope)
        }
    }

    func files(in folder: URL) throws -> [URL] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .filter { !$0.hasPrefix(".") }.map { folder.appendingPathComponent($0) }
    }

    // MARK: - Checking an error

    /// What is wrong with `error` as an error about `bytes`, or nil when it keeps its promises.
    static func problem(with error: SceneError, in bytes: [UInt8]) -> String? {
        if error.message.isEmpty { return "empty message: \(error)" }
        if error.description.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
            return "the message is not one line: \(error)"
        }
        if let location = error.location {
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            guard location.line >= 1, location.line <= lines.count else {
                return "line \(location.line) is outside the file's \(lines.count) lines: \(error)"
            }
            let length = lines[location.line - 1].count
            guard location.column >= 1, location.column <= length + 1 else {
                return "column \(location.column) is outside line \(location.line) (\(length) bytes): \(error)"
            }
        }
        guard let document = try? JSONParser.parse(bytes) else {
            return error.path.components.isEmpty ? nil : "a JSON path in a file that is not JSON: \(error)"
        }
        return value(at: error.path, in: document) == nil
            ? "the path \(error.path) is not in the document: \(error)" : nil
    }

    /// The value `path` names in `document`.
    static func value(at path: JSONPath, in document: JSONValue) -> JSONValue? {
        var value = document
        for component in path.components {
            switch (component, value.kind) {
            case (.key(let key), .object(let members)):
                guard let member = members.first(where: { $0.key == key }) else { return nil }
                value = member.value
            case (.index(let index), .array(let items)):
                guard items.indices.contains(index) else { return nil }
                value = items[index]
            default:
                return nil
            }
        }
        return value
    }

    // MARK: - Mutations

    func mutate(_ bytes: [UInt8], _ document: JSONValue, _ paths: [JSONPath], _ mutation: Mutation,
                using generator: inout SplitMix64) -> [UInt8] {
        switch mutation {
        case .byteFlips:
            var copy = bytes
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<copy.count, using: &generator)
                copy[index] = [UInt8.random(in: 0...255, using: &generator), UInt8(ascii: "\""), UInt8(ascii: "{"),
                               UInt8(ascii: "]"), UInt8(ascii: "0"), 0x80, 0xC3][Int.random(in: 0..<7, using: &generator)]
            }
            return copy
        case .truncation:
            return Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator)))
        default:
            let path = paths.randomElement(using: &generator) ?? .document
            return Array(serialize(mutateTree(document, at: path.components[...], mutation, using: &generator)).utf8)
        }
    }

    /// The paths of every value in the document, the document itself first.
    func allPaths(_ value: JSONValue, at path: JSONPath = .document) -> [JSONPath] {
        var paths = [path]
        switch value.kind {
        case .object(let members):
            for member in members { paths += allPaths(member.value, at: path.appending(member.key)) }
        case .array(let items):
            for (i, item) in items.enumerated() { paths += allPaths(item, at: path.appending(i)) }
        default:
            break
        }
        return paths
    }

    /// The document with a structural mutation applied to the value at `path`.
    func mutateTree(_ value: JSONValue, at path: ArraySlice<JSONPath.Component>, _ mutation: Mutation,
                    using generator: inout SplitMix64) -> JSONValue {
        guard let step = path.first else { return mutateValue(value, mutation, using: &generator) }
        var copy = value
        switch (step, value.kind) {
        case (.key(let key), .object(var members)):
            if let i = members.firstIndex(where: { $0.key == key }) {
                members[i].value = mutateTree(members[i].value, at: path.dropFirst(), mutation, using: &generator)
            }
            copy.kind = .object(members)
        case (.index(let index), .array(var items)):
            items[index] = mutateTree(items[index], at: path.dropFirst(), mutation, using: &generator)
            copy.kind = .array(items)
        default:
            break
        }
        return copy
    }

    func mutateValue(_ value: JSONValue, _ mutation: Mutation, using generator: inout SplitMix64) -> JSONValue {
        var copy = value
        switch mutation {
        case .keyDeletion, .keyDuplication, .unknownKey:
            guard case .object(var members) = value.kind else {
                return mutateValue(value, .typeSwap, using: &generator)
            }
            if members.isEmpty {
                members.append(JSONMember(key: "zstack", value: JSONValue(.array([]))))
            }
            let i = Int.random(in: 0..<members.count, using: &generator)
            switch mutation {
            case .keyDeletion: members.remove(at: i)
            case .keyDuplication: members.insert(members[i], at: Int.random(in: 0...members.count, using: &generator))
            default: members.insert(JSONMember(key: members[i].key + "x", value: members[i].value), at: i)
            }
            copy.kind = .object(members)
        case .typeSwap:
            let replacements: [JSONValue.Kind] = [.null, .bool(true), .number(0), .number(-1), .string(""), .string("x"),
                                                  .string("#zzz"), .array([]), .array([JSONValue(.number(1))]),
                                                  .object([]), .object([JSONMember(key: "x", value: JSONValue(.null))])]
            copy.kind = replacements.randomElement(using: &generator) ?? .null
        case .hugeNumber:
            let numbers = [1e308, -1e308, 1.7976931348623157e308, 1e300, 4_294_967_296, 9_007_199_254_740_993, -0.0,
                           5e-324, 1e-300, 16_385, 3_600.000_000_1, 1e6, -1e6]
            copy.kind = .number(numbers.randomElement(using: &generator) ?? 0)
        case .deepNesting:
            let depth = [2, 10, 60, 100, 127, 128, 129, 200, 1_000].randomElement(using: &generator) ?? 1
            for level in 0..<depth {
                copy = JSONValue(level % 3 == 2 ? .object([JSONMember(key: "zstack", value: copy)]) : .array([copy]))
            }
        case .expressionNoise:
            let noise = ["1/0", "0/0", "pow(10, 400)", "exp(1e6)", String(repeating: "(", count: 150) + "1"
                            + String(repeating: ")", count: 150), "sqrt(-1)", "${", "'", "1e999", "x[99]", ".spring(response: 0)",
                         ".easeIn(duration: -1)", ".linear(duration: 1e308).repeatCount(1e300)", ".speed(0)", "#12345",
                         String(repeating: "-", count: 20_000) + "1", "\u{0}", "é🙂"]
            let piece = noise.randomElement(using: &generator) ?? ""
            if case .string(let s) = value.kind {
                copy.kind = .string(Bool.random(using: &generator) ? piece : s + piece)
            } else {
                copy.kind = .string(piece)
            }
        case .byteFlips, .truncation:
            break
        }
        return copy
    }

    /// JSON text for a value; duplicate keys are written as they are (the point of `keyDuplication`).
    func serialize(_ value: JSONValue) -> String {
        switch value.kind {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : "\(n)"
        case .string(let s): return quote(s)
        case .array(let items): return "[" + items.map(serialize).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { quote($0.key) + ": " + serialize($0.value) }.joined(separator: ", ") + "}"
        }
    }

    func quote(_ s: String) -> String {
        var result = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}



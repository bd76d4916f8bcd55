import XCTest
@testable import Expressions
import struct Expressions.Expression

/// A scope with a few variables, a stand-in `random`, and a handler for `.easeIn(duration:)`.
struct TestScope: Scope {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "the generator is empty" }
    }

    var variables: [String: Value] = [
        "w": .number(64), "h": .number(64), "i": .number(1), "a": .number(19.2),
        "rotation": .number(20), "accumulated": .number(20), "total": .number(1682.55),
        "v": .record(["x": .number(3), "y": .number(-4)]),
        "amounts": .list([.number(175), .number(672.37), .number(1180.78)]),
        "title": .string("Pay Now"), "on": .bool(true), "off": .bool(false),
    ]

    func value(of name: String) -> Value? { variables[name] }

    var knownNames: [String] { variables.keys.sorted() }

    func callFunction(_ name: String, _ arguments: [Value]) throws -> Value? {
        switch name {
        case "random": return arguments.first   // a stand-in: the lower bound
        case "fail": throw Failure()
        case "nan": return .number(.nan)
        default: return nil
        }
    }

    func callFunction(_ name: String, _ arguments: [Value], labels: [String?]) throws -> Value? {
        guard name == ".easeIn", labels == ["duration"], case .number(let duration) = arguments[0] else { return nil }
        return .string("easeIn \(duration)")
    }
}

func evaluate(_ source: String, in scope: some Scope = TestScope()) throws -> Value {
    try Expression(parsing: source).evaluate(in: scope)
}

func number(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> Double? {
    do {
        let value = try evaluate(source)
        guard case .number(let number) = value else {
            XCTFail("\(source) gave \(value), not a number", file: file, line: line)
            return nil
        }
        return number
    } catch {
        XCTFail("\(source) failed: \(error)", file: file, line: line)
        return nil
    }
}

func assertNumber(_ source: String, _ expected: Double, accuracy: Double = 1e-12,
                  file: StaticString = #filePath, line: UInt = #line) {
    guard let result = number(source, file: file, line: line) else { return }
    XCTAssertEqual(result, expected, accuracy: accuracy, source, file: file, line: line)
}

func assertValue(_ source: String, _ expected: Value, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(try evaluate(source), expected, source, file: file, line: line)
}

/// Asserts that parsing or evaluating `source` fails with exactly this message and offset.
func assertError(_ source: String, _ message: String, at offset: Int?, in scope: some Scope = TestScope(),
                 file: StaticString = #filePath, line: UInt = #line) {
    do {
        let value = try evaluate(source, in: scope)
        XCTFail("\(source) gave \(value) instead of an error", file: file, line: line)
    } catch let error as ExpressionError {
        XCTAssertEqual(error.message, message, source, file: file, line: line)
        XCTAssertEqual(error.offset, offset, "offset for \(source)", file: file, line: line)
    } catch {
        XCTFail("\(source) threw \(error), not an ExpressionError", file: file, line: line)
    }
}

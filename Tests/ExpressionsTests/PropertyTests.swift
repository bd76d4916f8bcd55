import XCTest
@testable import Expressions
import struct Expressions.Expression

/// SplitMix64: a small seeded generator, so the property tests are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

final class PropertyTests: XCTestCase {
    static let tokens = [
        "(", ")", "[", "]", "1", "0", "0.5", "1e-3", "1e308", "x", "w", "v", "amounts", ".", ".easeIn", ".x",
        "+", "-", "*", "/", "%", "<", "<=", ">", "==", "!=", "&&", "||", "!", "?", ":", ",", "'a'", "'${w}'",
        "\"", "'", "${", "}", "\\", "sin", "min", "pow", "mod", "money", "hex", "true", "false", "duration:",
        " ", "\n", "é", "🙂", "=", "#",
    ]

    /// Parses (and, when that works, evaluates) `source`; any failure must be an ExpressionError.
    private func check(_ source: String, counts: inout (parsed: Int, failed: Int)) {
        let expression: Expression
        do {
            expression = try Expression(parsing: source)
        } catch {
            XCTAssertFalse(error.message.isEmpty)
            if let offset = error.offset { XCTAssert((0...source.count).contains(offset), source) }
            counts.failed += 1
            return
        }
        counts.parsed += 1
        // The canonical form must parse back to the same tree shape.
        let canonical = expression.root.description
        XCTAssertEqual(try? Expression(parsing: canonical).root.description, canonical, source)
        do {
            if case .number(let number) = try expression.evaluate(in: TestScope()) {
                XCTAssertTrue(number.isFinite, source)
            }
        } catch {
            XCTAssertFalse(error.message.isEmpty)
        }
    }

    func testRandomBytesNeverCrashTheParser() {
        var generator = SeededGenerator(state: 2026)
        var counts = (parsed: 0, failed: 0)
        for _ in 0..<3000 {
            let length = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            check(String(decoding: bytes, as: UTF8.self), counts: &counts)
            _ = try? Template(parsing: String(decoding: bytes, as: UTF8.self))
        }
        XCTAssertEqual(counts.parsed + counts.failed, 3000)
    }

    func testRandomTokenSoupsNeverCrashTheParser() {
        var generator = SeededGenerator(state: 7)
        var counts = (parsed: 0, failed: 0)
        for _ in 0..<4000 {
            let length = Int.random(in: 1...24, using: &generator)
            let source = (0..<length).map { _ in Self.tokens.randomElement(using: &generator) ?? "" }.joined()
            check(source, counts: &counts)
            if let template = try? Template(parsing: source) { _ = try? template.evaluate(in: TestScope()) }
        }
        // The soup must exercise both outcomes, or it tests nothing.
        XCTAssertGreaterThan(counts.parsed, 100)
        XCTAssertGreaterThan(counts.failed, 100)
    }
}

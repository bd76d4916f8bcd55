import XCTest
@testable import Expressions
import struct Expressions.Expression

/// A scope as a scene would build it: a fixed set of names answered by a switch.
private struct FrameScope: Scope {
    var w: Double
    var i: Double
    var a: Double

    func value(of name: String) -> Value? {
        switch name {
        case "w": .number(w)
        case "i": .number(i)
        case "a": .number(a)
        default: nil
        }
    }
}

final class PerformanceTests: XCTestCase {
    /// Times the per-frame evaluation of a binding; the number is printed for the report, and the result
    /// is checked against the arithmetic done here so the loop cannot be optimised away.
    func testEvaluationCost() throws {
        let expression = try Expression(parsing: "0.6*w + i*a")
        let iterations = 200_000
        var sum = 0.0
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for k in 0..<iterations {
                let scope = FrameScope(w: 64, i: Double(k & 1), a: 19.2)
                sum += try expression.evaluateNumber(in: scope)
            }
        }
        let expected = Double(iterations) * 0.6 * 64 + Double(iterations / 2) * 19.2
        XCTAssertEqual(sum, expected, accuracy: 1e-6 * expected)
        let nanoseconds = Double(elapsed.components.attoseconds) / 1e9 + Double(elapsed.components.seconds) * 1e9
        print("Expressions: '0.6*w + i*a' takes \(Int(nanoseconds / Double(iterations))) ns per evaluation")
    }
}

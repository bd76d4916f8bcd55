import XCTest
@testable import Expressions
import struct Expressions.Expression

/// `Expression.folded(in:keeping:)` against the evaluator itself: a folded expression must give what the
/// original gives for every value of the kept name, the same value or the same error at the same place.
final class FoldingTests: XCTestCase {
    /// The outcome of an evaluation, comparable: a value, or an error's message and offset.
    enum Outcome: Equatable {
        case value(Value)
        case error(String, Int?)
    }

    func outcome(_ expression: Expression, x: Double) -> Outcome {
        var scope = TestScope()
        scope.variables["x"] = .number(x)
        do {
            return .value(try expression.evaluate(in: scope))
        } catch {
            return .error(error.message, error.offset)
        }
    }

    /// A random well-formed expression over `x`, the test scope's names, an unknown name, literals, operators,
    /// calls, conditionals, indexing, members, lists and templates.
    func randomSource(depth: Int, _ generator: inout SeededGenerator) -> String {
        let leaves = ["x", "x", "w", "a", "i", "on", "off", "title", "amounts", "v", "nope", "pi", "1", "0", "0.5",
                      "2", "'ab'", "true", ".red"]
        if depth == 0 || Int.random(in: 0..<4, using: &generator) == 0 {
            return leaves.randomElement(using: &generator)!
        }
        func sub() -> String { randomSource(depth: depth - 1, &generator) }
        switch Int.random(in: 0..<9, using: &generator) {
        case 0, 1:
            let op = ["+", "-", "*", "/", "%", "<", "<=", ">", "==", "!=", "&&", "||"].randomElement(using: &generator)!
            return "(\(sub()) \(op) \(sub()))"
        case 2:
            return ["-", "!"].randomElement(using: &generator)! + "(\(sub()))"
        case 3:
            let (name, arity) = [("sin", 1), ("cos", 1), ("sqrt", 1), ("abs", 1), ("min", 2), ("max", 3), ("pow", 2),
                                 ("mod", 2), ("clamp", 3), ("str", 1), ("random", 2), ("fail", 0), ("nan", 0),
                                 ("count", 1)].randomElement(using: &generator)!
            return name + "(" + (0..<arity).map { _ in sub() }.joined(separator: ", ") + ")"
        case 4:
            return "(\(sub()) ? \(sub()) : \(sub()))"
        case 5:
            return "amounts[\(sub())]"
        case 6:
            return "v." + ["x", "y", "z"].randomElement(using: &generator)!
        case 7:
            return "[\(sub()), \(sub())]"
        default:
            return "'<${\(sub())}|${\(sub())}>'"
        }
    }

    func testFoldedExpressionsEvaluateAsTheOriginalsDo() throws {
        var generator = SeededGenerator(state: 1188)
        var folds = 0, kept = 0
        for _ in 0..<4000 {
            let source = randomSource(depth: 4, &generator)
            let expression = try Expression(parsing: source)
            let folded = expression.folded(in: TestScope(), keeping: ["x"])
            if folded.root != expression.root { folds += 1 } else { kept += 1 }
            for x in [0.0, 1, -2.5, 2, 1e300] {
                XCTAssertEqual(outcome(folded, x: x), outcome(expression, x: x), "\(source) at x = \(x), folded \(folded.root)")
            }
        }
        // The generator exercises both: trees that fold and trees left as they were.
        XCTAssertGreaterThan(folds, 1000)
        XCTAssertGreaterThan(kept, 100)
    }

    func testAPlotsWaveKeepsOnlyXAndItsOperations() throws {
        let wave = try Expression(parsing: "centerY - A * cos(2 * pi * (t / T - x / lambda))")
        let scope = DictionaryScope(["centerY": .number(150), "A": .number(10), "t": .number(7), "T": .number(230),
                                     "lambda": .number(345)])
        let folded = wave.folded(in: scope, keeping: ["x"])
        XCTAssertEqual(folded.freeVariables, ["x"])
        // What is left: the same operations on x, every part without x one number (2 pi and t / T computed).
        let expected = try Expression(parsing: "150 - 10 * cos(\(2 * Double.pi) * (\(7.0 / 230) - x / 345))")
        XCTAssertEqual(folded.root.description, expected.root.description)
        for x in stride(from: 0.0, through: 413, by: 59) {
            let expected = 150 - 10 * cos(2 * Double.pi * (7.0 / 230 - x / 345))
            var sample = scope
            sample.variables["x"] = .number(x)
            guard case .number(let y) = try folded.evaluate(in: sample) else { return XCTFail("not a number") }
            XCTAssertEqual(y, expected, accuracy: 1e-9)
        }
    }

    func testCalledNamesAndFailingPartsStayAsWritten() throws {
        // A variable named like a function does not replace the function's name in a call.
        let scope = DictionaryScope(["sin": .number(3), "zero": .number(0)])
        let call = try Expression(parsing: "sin(x) + sin").folded(in: scope, keeping: ["x"])
        XCTAssertEqual(call.root.description, "(sin(x) + 3)")
        // A part that fails is kept, to fail when the whole is evaluated: here only when x is 1.
        let guarded = try Expression(parsing: "x == 1 ? mod(2, zero) : x").folded(in: scope, keeping: ["x"])
        XCTAssertEqual(guarded.root.description, "((x == 1) ? mod(2, zero) : x)")
    }
}

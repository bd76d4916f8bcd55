import XCTest
@testable import Expressions
import struct Expressions.Expression

/// Closures and list methods, spelt as in Swift; every expected value is worked out by hand.
final class ClosureTests: XCTestCase {
    private func numbers(_ values: [Double]) -> Value { .list(values.map(Value.number)) }

    func testMapWithEachClosureSpelling() {
        assertValue("[1, 2, 3].map { $0 * 2 }", numbers([2, 4, 6]))
        assertValue("[1, 2, 3].map({ $0 * 2 })", numbers([2, 4, 6]))
        assertValue("[1, 2, 3].map { x in x + 10 }", numbers([11, 12, 13]))
        assertValue("[1, 2, 3].map { (x) in x - 1 }", numbers([0, 1, 2]))
        assertValue("[1, 2, 3].map { _ in 7 }", numbers([7, 7, 7]))
        assertValue("[1, 2, 3].map { return $0 * $0 }", numbers([1, 4, 9]))
        assertValue("amounts.map { p in p > 500 }", .list([.bool(false), .bool(true), .bool(true)]))
    }

    func testFilterReduceAndOperatorFunctions() {
        assertValue("[1, 2, 3, 4, 5].filter { $0 % 2 == 1 }", numbers([1, 3, 5]))
        assertNumber("[1, 2, 3, 4].reduce(0) { $0 + $1 }", 10)
        assertNumber("[1, 2, 3, 4].reduce(0, +)", 10)
        assertNumber("[1, 2, 3, 4].reduce(1, *)", 24)
        assertNumber("[1, 2, 3].reduce(0, { a, b in a * 10 + b })", 123)
        assertValue("['a', 'b'].reduce('', +)", .string("ab"))
    }

    func testClosuresCaptureTheScopeAndNest() {
        // w is 64 in TestScope.
        assertValue("[1, 2].map { $0 * w }", numbers([64, 128]))
        assertValue("[1, 2].map { i in [10, 20].map { j in i * j } }",
                    .list([numbers([10, 20]), numbers([20, 40])]))
        // $0 in a nested closure is that closure's own parameter.
        assertValue("[1, 2].map { _ in [5].map { $0 + 1 } }", .list([numbers([6]), numbers([6])]))
        // A parameter hides a scope name of the same name.
        assertValue("[1, 2].map { w in w + 1 }", numbers([2, 3]))
    }

    func testOrderingMethods() {
        assertValue("[3, 1, 2].sorted()", numbers([1, 2, 3]))
        assertValue("[3, 1, 2].sorted(by: >)", numbers([3, 2, 1]))
        assertValue("[3, 1, 2].sorted { $0 > $1 }", numbers([3, 2, 1]))
        assertValue("['pear', 'fig', 'apple'].sorted()", .list([.string("apple"), .string("fig"), .string("pear")]))
        assertValue("[3, 1, 2].reversed()", numbers([2, 1, 3]))
        assertNumber("[4, 9, 2].max()", 9)
        assertNumber("[4, 9, 2].min()", 2)
        assertValue("['bb', 'a', 'ccc'].max { $0.count < $1.count }", .string("ccc"))
        assertValue("['bb', 'a', 'ccc'].min(by: { a, b in a.count < b.count })", .string("a"))
    }

    func testSearchMethods() {
        assertValue("[1, 2, 3].contains(2)", .bool(true))
        assertValue("[1, 2, 3].contains(5)", .bool(false))
        assertValue("[1, 2, 3].contains { $0 > 2 }", .bool(true))
        assertValue("[1, 2, 3].contains(where: { $0 > 3 })", .bool(false))
        assertNumber("[5, 6, 7].first(where: { $0 > 5 })", 6)
        assertNumber("[5, 6, 7].firstIndex(of: 7)", 2)
        assertNumber("[5, 6, 7].firstIndex { $0 > 5 }", 1)
        assertValue("[2, 4].allSatisfy { $0 % 2 == 0 }", .bool(true))
        assertNumber("[1, 2, 3, 4].count(where: { $0 > 1 })", 3)
        // A search that finds nothing has no value, as Swift's nil; ?? gives the default.
        assertNumber("[5, 6].first(where: { $0 > 9 }) ?? -1", -1)
        assertNumber("[5, 6].firstIndex(of: 9) ?? -1", -1)
        assertNumber("[].first ?? 4", 4)
        assertNumber("[8].first ?? 4", 8)
    }

    func testPropertiesAndShapes() {
        assertValue("[1, 2].isEmpty", .bool(false))
        assertValue("[].isEmpty", .bool(true))
        assertNumber("[1, 2, 3].first", 1)
        assertNumber("[1, 2, 3].last", 3)
        assertValue("['a', 'b', 'c'].indices", numbers([0, 1, 2]))
        assertValue("['a', 'b'].enumerated()", .list([
            .record(["offset": .number(0), "element": .string("a")]),
            .record(["offset": .number(1), "element": .string("b")]),
        ]))
        assertValue("[10, 20].enumerated().map { $0.offset * $0.element }", numbers([0, 20]))
        assertValue("[10, 20].enumerated().map { i, x in i + x }", numbers([10, 21]))
        assertValue("zip([1, 2, 3], [10, 20]).map { $0 * $1 }", numbers([10, 40]))
        assertValue("zip([1, 2], [3, 4]).map { pair in pair.0 + pair.1 }", numbers([4, 6]))
        assertValue("[1, 2, 3].prefix(2)", numbers([1, 2]))
        assertValue("[1, 2, 3].suffix(2)", numbers([2, 3]))
        assertValue("[1, 2, 3].dropFirst()", numbers([2, 3]))
        assertValue("[1, 2, 3].dropLast(2)", numbers([1]))
    }

    func testListConcatenation() {
        assertValue("[1, 2] + [3]", numbers([1, 2, 3]))
        assertValue("[] + ['a']", .list([.string("a")]))
        assertNumber("(0..<10000).map { $0 * 2 }.reduce(0, +)", 99_990_000)   // 2 · (0 + ... + 9999)
    }

    func testRangesAndStrides() {
        assertValue("0..<4", numbers([0, 1, 2, 3]))
        assertValue("0...3", numbers([0, 1, 2, 3]))
        assertValue("2..<2", numbers([]))
        // Range formation binds looser than + (Swift's RangeFormationPrecedence).
        assertValue("0..<1 + 2", numbers([0, 1, 2]))
        assertValue("(1...3).map { $0 * $0 }", numbers([1, 4, 9]))
        assertValue("stride(from: 0, to: 1, by: 0.25)", numbers([0, 0.25, 0.5, 0.75]))
        assertValue("stride(from: 0, through: 1, by: 0.25)", numbers([0, 0.25, 0.5, 0.75, 1]))
        assertValue("stride(from: 3, to: 0, by: -1)", numbers([3, 2, 1]))
    }

    func testErrorsAtEvaluation() {
        assertError("[1, 2][2]", "the list index 2 is out of range: the list has 2 items", at: 7)
        assertError("3..<1", "the range 3..<1 has its lower bound above its upper bound", at: 0)
        assertError("[1, 2].filter { $0 + 1 }", "the closure passed to 'filter' must return a bool, not a number", at: 16)
        assertError("[].max()", "the list is empty, so 'max()' has no value; give a default with '??'", at: 3)
        assertError("[1, 'a'].sorted()", "'sorted()' compares numbers or strings, not a list holding a string among them; pass a closure: sorted(by: <)", at: 9)
        assertError("[1, 2].first(where: { $0 > 5 })", "no item matches; give a default with '??'", at: 7)
        assertError("5.map { $0 }", "a number has no method 'map'", at: 2)
        assertError("stride(from: 0, to: 1, by: 0)", "the step of 'stride' must not be 0", at: 27)
    }

    /// Name and arity errors are found when the scene loads (checkNames), with the offset of the culprit.
    func testErrorsAtLoad() {
        func loadError(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> ExpressionError? {
            do {
                try Expression(parsing: source).checkNames(variables: ["xs", "w", "width"])
                XCTFail("\(source) passed the load checks", file: file, line: line)
                return nil
            } catch {
                return error
            }
        }
        var error = loadError("xs.map { $0 * widht }")
        XCTAssertEqual(error?.message, "unknown name 'widht'; did you mean 'width'?")
        XCTAssertEqual(error?.offset, 14)
        error = loadError("xs.map { p in q }")
        XCTAssertEqual(error?.message, "unknown name 'q'")
        XCTAssertEqual(error?.offset, 14)
        error = loadError("xs.reduce(0) { $0 }")
        XCTAssertEqual(error?.message, "the closure passed to 'reduce' must take 2 parameters ($0 and $1, or { a, b in ... }); this one uses only $0")
        XCTAssertEqual(error?.offset, 13)
        error = loadError("xs.reduce(0) { a in a }")
        XCTAssertEqual(error?.message, "the closure passed to 'reduce' must take 2 parameters ($0 and $1, or { a, b in ... }); this one has 1 parameter")
        error = loadError("xs.mapp { $0 }")
        XCTAssertEqual(error?.message, "unknown method 'mapp'; did you mean 'map'?")
        XCTAssertEqual(error?.offset, 3)
        error = loadError("xs.sorted(using: <)")
        XCTAssertEqual(error?.message, "'sorted' is called as sorted() or sorted(by:)")
        error = loadError("$0 + 1")
        XCTAssertEqual(error?.message, "'$0' names a closure's parameter and is only valid inside a closure without named parameters, such as xs.map { $0 * 2 }")
        XCTAssertEqual(error?.offset, 0)
        error = loadError("xs.map { p in $0 }")
        XCTAssertEqual(error?.offset, 14)
        error = loadError("min({ $0 }, 2)")
        XCTAssertEqual(error?.message, "a closure can only be passed to a method such as map or filter: xs.map { $0 * 2 }")
        XCTAssertEqual(error?.offset, 4)
        XCTAssertNoThrow(try Expression(parsing: "xs.map { x in x * w }.filter { $0 > 2 }.reduce(0, +)")
            .checkNames(variables: ["xs", "w"]))
        XCTAssertEqual(try Expression(parsing: "xs.map { x in x * w }").freeVariables, ["xs", "w"])
    }

    func testSyntaxErrors() {
        assertError("[1].map { }", "a closure must return a value: write { $0 * 2 } or { x in x * 2 }", at: 10)
        assertError("[1].map { $0 ", "expected '}' to close the '{' at offset 8; the expression ended", at: 13)
        assertError("0..<1..<2", "'..<' cannot follow another range; a range's bounds are numbers", at: 5)
        // Found by FuzzExpression: a huge $n once asked for that many parameters.
        assertError("amounts.map { $077777777777777777 * 2 }.filter { $0-0 > x }.reduce(0, /)",
                    "a closure's anonymous parameters are $0 to $99", at: 14)
        assertValue("[[1, 2]].map { $0[1] }", .list([.number(2)]))
    }

    /// A list operation over a big range is refused by the limits, quickly and without building the list.
    func testWorkLimits() {
        let start = Date()
        assertError("(0..<1000000).map { $0 * 2 }", "the range would hold 1000000 numbers; a list holds at most 10000", at: 1)
        assertError("(0..<10000).map { i in (0..<10000).map { j in i * j } }",
                    "the expression would do more than 100000 steps of list work (items visited and closure calls); that is the limit for one evaluation",
                    at: 23)
        assertError("(0..<10000).map { i in (0..<10000).count }",
                    "the expression would do more than 100000 steps of list work (items visited and closure calls); that is the limit for one evaluation",
                    at: 24)
        assertError("(0..<10000).map { _ in (0..<10000).sorted() }",
                    "the expression would do more than 100000 steps of list work (items visited and closure calls); that is the limit for one evaluation",
                    at: 23)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }
}

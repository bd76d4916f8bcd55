import XCTest
@testable import Expressions
import struct Expressions.Expression

/// String methods, String(format:), formatted(_:) and String(_:radix:), spelt as in Swift; expected
/// values worked out by hand.
final class StringFunctionTests: XCTestCase {
    private func strings(_ values: [String]) -> Value { .list(values.map(Value.string)) }

    func testCharacters() {
        assertNumber("'héllo'.count", 5)
        assertValue("Array('abc')", strings(["a", "b", "c"]))
        assertValue("'abc'.map { $0 + '!' }", strings(["a!", "b!", "c!"]))
        assertValue("'hello'[1]", .string("e"))
        assertValue("'hello'.first", .string("h"))
        assertValue("'hello'.last", .string("o"))
        assertValue("''.isEmpty", .bool(true))
        assertValue("'banana'.filter { $0 != 'a' }", .string("bnn"))
        assertValue("'abc'.reversed()", .string("cba"))
        assertValue("String(Array('abc').reversed())", .string("cba"))
        assertNumber("'banana'.count(where: { $0 == 'a' })", 3)
    }

    func testSlicesAndSearch() {
        assertValue("'hello'.prefix(2)", .string("he"))
        assertValue("'hello'.suffix(3)", .string("llo"))
        assertValue("'hello'.dropFirst()", .string("ello"))
        assertValue("'hello'.dropLast(2)", .string("hel"))
        assertValue("'hello'.prefix(9)", .string("hello"))
        assertValue("'hello'.contains('ell')", .bool(true))
        assertValue("'hello'.contains('')", .bool(false))
        assertValue("'hello'.hasPrefix('he')", .bool(true))
        assertValue("'hello'.hasSuffix('he')", .bool(false))
        assertValue("'a,b,,c'.split(separator: ',')", strings(["a", "b", "c"]))
        assertValue("'one two'.split(separator: ' ').map { $0.uppercased() }", strings(["ONE", "TWO"]))
        assertValue("['a', 'b', 'c'].joined(separator: '-')", .string("a-b-c"))
        assertValue("['x', 'y'].joined()", .string("xy"))
        assertValue("'Pay Now'.uppercased()", .string("PAY NOW"))
        assertValue("title.lowercased()", .string("pay now"))
        assertValue("'a-b-c'.replacingOccurrences(of: '-', with: '+')", .string("a+b+c"))
        assertValue("'aaa'.replacing('a', with: 'bb')", .string("bbbbbb"))
    }

    func testStringFormat() {
        // 2.25 is exact in binary, so %.1f meets a tie and rounds it to the even digit.
        assertValue("String(format: '%.1f', 2.25)", .string("2.2"))
        assertValue("String(format: '%.2f', 3.14159)", .string("3.14"))
        assertValue("String(format: '%02d:%02d', 5, 7)", .string("05:07"))
        assertValue("String(format: '%x/%X', 255, 255)", .string("ff/FF"))
        assertValue("String(format: '%d%%', 50)", .string("50%"))
        assertValue("String(format: '%s!', 'hi')", .string("hi!"))
        assertValue("String(format: '%@ = %ld', 'n', 3)", .string("n = 3"))
        assertValue("String(format: '%5.2f|%-4s|', 3.14159, 'ab')", .string(" 3.14|ab  |"))
        assertError("String(format: '%d', 2.5)", "%d needs a whole number, not 2.5; use %f or %.0f for other numbers", at: 21)
    }

    func testFormattedAndRadix() {
        assertValue("1234.5678.formatted(.number.precision(.fractionLength(2)))", .string("1,234.57"))
        assertValue("0.256.formatted(.percent)", .string("25.6%"))
        assertValue("0.256.formatted(.percent.precision(.fractionLength(0)))", .string("26%"))
        assertValue("1234.5.formatted()", .string("1,234.5"))
        assertValue("String(255, radix: 16)", .string("ff"))
        assertValue("String(255, radix: 16, uppercase: true)", .string("FF"))
        assertValue("String(5, radix: 2)", .string("101"))
        assertValue("String(2.5)", .string("2.5"))
    }

    func testErrors() {
        assertError("'hello'.prefix(-1)", "the count of 'prefix' must be a whole number of 0 or more, not -1", at: 15)
        assertError("'abc'[3]", "the string index 3 is out of range: the string has 3 characters", at: 6)
        assertError("'abc'.uppercase()", "unknown method 'uppercase'; did you mean 'uppercased'?", at: 6)
        assertError("'a'.split(separator: '')", "the separator of 'split' must not be empty", at: 21)
    }

    /// Formats are checked when the scene loads.
    func testFormatErrorsAtLoad() {
        func loadError(_ source: String) -> ExpressionError? {
            do {
                try Expression(parsing: source).checkNames(variables: ["x"])
                return nil
            } catch { return error }
        }
        XCTAssertEqual(loadError("String(format: '%q', x)")?.message,
                       "String(format:) supports %d, %f, %x, %X, %s, %@ and %% (with flags, width and precision such as %02d or %.1f), not %q")
        XCTAssertEqual(loadError("String(format: '%q', x)")?.offset, 15)
        XCTAssertEqual(loadError("String(format: '%d %d', x)")?.message, "the format has 2 conversions but 1 value follows")
        XCTAssertEqual(loadError("x.formatted(.currency(code: 'USD'))")?.message,
                       "'formatted' takes .number or .percent, optionally followed by .precision(.fractionLength(n)); for other styles use String(format:)")
        XCTAssertEqual(loadError("String(x, base: 2)")?.message,
                       "'String' is called as String(_:), String(_:radix:), String(_:radix:uppercase:) or String(format:_:...), not String(_:base:)")
        XCTAssertNil(loadError("String(format: '%.1f s', x)"))
    }
}

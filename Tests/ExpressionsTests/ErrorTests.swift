import XCTest
@testable import Expressions
import struct Expressions.Expression

final class ErrorTests: XCTestCase {
    func testUnknownNamesSuggestTheClosest() {
        assertError("rotaton", "unknown name 'rotaton'; did you mean 'rotation'?", at: 0)
        assertError("1 + acumulated", "unknown name 'acumulated'; did you mean 'accumulated'?", at: 4)
        assertError("zzzzzz", "unknown name 'zzzzzz'", at: 0)
        assertError("sine(1)", "unknown function 'sine'; did you mean 'sin'?", at: 0)
        assertError("hypt(3, 4)", "unknown function 'hypt'; did you mean 'hypot'?", at: 0)
        assertError("v.z", "the record has no field 'z'", at: 2)
        assertError("v['xx']", "the record has no field 'xx'", at: 2)
        assertError("color('rde')", "unknown colour 'rde'; did you mean 'red'?", at: 6)
    }

    func testSyntaxErrors() {
        assertError("'abc", "unterminated string: no closing '", at: 0)
        assertError("x + \"ab", "unterminated string: no closing \"", at: 4)
        assertError("1 +", "the expression ended where a value was expected", at: 3)
        assertError("(1 + 2", "expected ')' to close the '(' at offset 0; the expression ended", at: 6)
        assertError("((1)", "expected ')' to close the '(' at offset 0; the expression ended", at: 4)
        assertError("1 + 2)", "unexpected ')' after the end of the expression", at: 5)
        assertError("[1, 2", "expected ',' or ']' in the list that starts at offset 0", at: 5)
        assertError("f(1 2)", "expected ',' or ')' in the arguments of the call at offset 1", at: 4)
        assertError("amounts[0", "expected ']' to close the '[' at offset 7; the expression ended", at: 9)
        assertError("'${x'", "expected '}' to close the '${' at offset 1; found '''", at: 4)
        assertError("on ? 1", "expected ':' in the conditional '?:' that starts at offset 0", at: 6)
        assertError("1 < 2 < 3", "'<' cannot follow another comparison; combine them with '&&'", at: 6)
        assertError("x = 1", "unexpected '=' after the end of the expression; use '==' to compare", at: 2)
        assertError(".5 * 2", "a number cannot start with '.'; write 0.5, not .5", at: 0)
        assertError("'\\q'", "unknown escape '\\q'; write '\\\\' for a backslash", at: 1)
        assertError("1e999", "the number 1e999 is too large", at: 0)
        assertError("2pi", "unexpected 'p' in a number", at: 1)
        assertError("", "the expression is empty", at: 0)
        assertError("   ", "the expression is empty", at: 0)
        assertError("1 # 2", "unexpected '#' after the end of the expression", at: 2)
        assertError("a.", "expected a member name after '.'", at: 2)
    }

    func testArgumentErrors() {
        assertError("atan2(1)", "'atan2' takes 2 arguments, got 1", at: 0)
        assertError("sin(1, 2)", "'sin' takes 1 argument, got 2", at: 0)
        assertError("money()", "'money' takes 1 or 2 arguments, got 0", at: 0)
        assertError("min(1)", "'min' needs two or more numbers, or a non-empty list of numbers", at: 4)
        assertError("sin(x: 1)", "'sin' takes no argument labels", at: 7)
        assertError("sin('a')", "argument 1 of 'sin' must be a number, not a string", at: 4)
        assertError("clamp(1, 3, 0)", "the lower bound of 'clamp' (3) is above its upper bound (0)", at: 9)
        assertError("format(1, 2.5)", "decimals must be a whole number, not 2.5", at: 10)
        assertError("format(1, 99)", "decimals must be from 0 to 20, not 99", at: 10)
        assertError("rgb(237, 237, 242)",
                    "colour components of 'rgb' must be from 0 to 1, not 237; divide 8-bit values by 255", at: 4)
        assertError("hex('#12')", "'#12' is not a hex colour; write '#RRGGBB' or '#RRGGBBAA'", at: 4)
        assertError("v.x(1)", "unknown method 'x'", at: 2)
        assertError("(1)(2)", "only named functions such as sin(x) can be called", at: 1)
    }

    func testTypeErrors() {
        assertError("true + 1", "'+' cannot add a bool and a number", at: 0)
        assertError("1 + true", "'+' cannot add a number and a bool", at: 4)
        assertError("'a' + [1]", "'+' cannot add a string and a list", at: 6)
        assertError("'a' - 1", "'-' cannot subtract a number from a string", at: 0)
        assertError("red * 2", "'*' cannot multiply a color by a number", at: 0)
        assertError("1 < 'a'", "'<' cannot compare a number with a string", at: 4)
        assertError("!1", "'!' needs a bool, not a number", at: 1)
        assertError("-'a'", "'-' cannot negate a string", at: 1)
        assertError("1 && on", "'&&' needs bools, not a number", at: 0)
        assertError("1 ? 2 : 3", "the condition before '?' must be a bool, not a number", at: 0)
        assertError("amounts['x']", "a list index must be a number, not a string", at: 8)
        assertError("amounts[3]", "the list index 3 is out of range: the list has 3 items", at: 8)
        assertError("amounts[0.5]", "the list index 0.5 is not a whole number", at: 8)
        assertError("w[0]", "a number cannot be indexed with [ ]; only lists, strings and records can", at: 0)
        assertError("w.x", "a number has no member 'x'", at: 2)
    }

    /// Type names starting with a vowel take "an": SwiftUI's animation code gives an animation.
    func testAnAnimationInTypeErrors() {
        assertError("-.spring()", "'-' cannot negate an animation", at: 1)
        assertError("!.default", "'!' needs a bool, not an animation", at: 1)
        assertError(".easeIn + 1", "'+' cannot add an animation and a number", at: 0)
        assertError("1 * .easeIn", "'*' cannot multiply a number by an animation", at: 4)
        assertError(".linear ? 1 : 2", "the condition before '?' must be a bool, not an animation", at: 0)
    }

    func testDivisionByZeroAndNonFiniteResults() {
        assertError("1 / 0", "division by zero", at: 4)
        assertError("5 % (1 - 1)", "division by zero", at: 5)
        assertError("mod(1, 0)", "division by zero", at: 7)
        assertError("pow(10, 400)", "pow(10, 400) is not a finite number", at: 0)
        assertError("sqrt(-1)", "sqrt((-1)) is not a finite number", at: 0)
        assertError("log(0)", "log(0) is not a finite number", at: 0)
        assertError("1e308 * 10", "1e+308 * 10 is not a finite number", at: 0)
        assertError("nan()", "nan() is not a finite number", at: 0)
        var scope = TestScope()
        scope.variables["bad"] = .number(.infinity)
        assertError("1 + bad", "'bad' is not a finite number (it is inf)", at: 4, in: scope)
    }

    func testScopeErrorsAreWrapped() {
        assertError("2 * fail()", "fail: the generator is empty", at: 4)
    }

    func testHostileInputIsRejectedWithoutCrashing() {
        let limit = "the expression is nested too deeply (the limit is 100 levels)"
        for source in [String(repeating: "(", count: 5000),
                       String(repeating: "(", count: 4000) + "1" + String(repeating: ")", count: 4000),
                       String(repeating: "-", count: 5000) + "1",
                       String(repeating: "!", count: 5000) + "on",
                       String(repeating: "[", count: 5000),
                       String(repeating: "f(", count: 3000),
                       String(repeating: "'${", count: 3000),
                       String(repeating: "on ? 1 : ", count: 1000) + "2",
                       "1" + String(repeating: " + 1", count: 2000),
                       "v" + String(repeating: ".x", count: 4000),
                       "amounts" + String(repeating: "[0]", count: 3000)] {
            do {
                _ = try Expression(parsing: source)
                XCTFail("\(source.prefix(20))... parsed")
            } catch {
                XCTAssertEqual(error.message, limit, String(source.prefix(20)))
                XCTAssertNotNil(error.offset)
            }
        }
        let long = String(repeating: "1+", count: 5000) + "1"
        XCTAssertThrowsError(try Expression(parsing: long)) { error in
            XCTAssertEqual(error as? ExpressionError,
                           ExpressionError("expression is too long (10001 characters; the limit is 10000)",
                                           offset: nil))
        }
    }

    func testAnnotatedErrorPointsAtTheColumn() {
        let error = ExpressionError("unknown name 'rotaton'", offset: 4)
        XCTAssertEqual(error.annotated(source: "1 + rotaton"), "unknown name 'rotaton'\n    1 + rotaton\n        ^")
        XCTAssertEqual(error.description, "unknown name 'rotaton' (at offset 4)")
    }
}

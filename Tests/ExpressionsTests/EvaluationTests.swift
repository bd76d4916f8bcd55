import XCTest
@testable import Expressions
import struct Expressions.Expression

final class EvaluationTests: XCTestCase {
    func testArithmeticOperators() {
        assertNumber("2 + 3 * 4", 14)
        assertNumber("(2 + 3) * 4", 20)
        assertNumber("10 - 4 - 3", 3)          // right-associative would give 9
        assertNumber("2 * 3 % 4", 2)           // (2 * 3) % 4; 2 * (3 % 4) would give 6
        assertNumber("64 / 4 / 2", 8)          // 64 / (4 / 2) would give 32
        assertNumber("-2 * -3", 6)
        assertNumber("7 % 3", 1)
        assertNumber("-7 % 3", -1)             // truncated, as C's fmod
        assertNumber("7.5 % 2", 1.5)
        assertNumber("0.6*w + i*a", 0.6 * 64 + 19.2)
        assertNumber("1e-3 * 1000", 1)
        assertNumber("- - 4", 4)
    }

    func testComparisonAndLogicOperators() {
        assertValue("1 < 2", .bool(true))
        assertValue("2 < 2", .bool(false))
        assertValue("2 <= 2", .bool(true))
        assertValue("3 > 2", .bool(true))
        assertValue("2 >= 3", .bool(false))
        assertValue("'abc' < 'abd'", .bool(true))
        assertValue("1 == 1", .bool(true))
        assertValue("1 != 1", .bool(false))
        assertValue("1 == '1'", .bool(false))
        assertValue("[1, [2, 'x']] == [1, [2, 'x']]", .bool(true))
        assertValue("[1, 2] == [1, 3]", .bool(false))
        assertValue("v == v", .bool(true))
        assertValue("red == rgb(1, 59/255, 48/255)", .bool(true))
        assertValue("!on", .bool(false))
        assertValue("on && off", .bool(false))
        assertValue("on || off", .bool(true))
        assertValue("1 < 2 == 3 < 4", .bool(true))
    }

    func testLogicShortCircuits() {
        // The right side would fail (unknown name, division by zero), so these prove it is never evaluated.
        assertValue("off && missing", .bool(false))
        assertValue("on || 1 / 0 == 1", .bool(true))
        assertError("on && missing", "unknown name 'missing'", at: 6)
    }

    func testConditional() {
        assertValue("accumulated > 0 ? '+${accumulated}' : ''", .string("+20"))
        var scope = TestScope()
        scope.variables["accumulated"] = .number(0)
        XCTAssertEqual(try evaluate("accumulated > 0 ? '+${accumulated}' : ''", in: scope), .string(""))
        assertValue("off ? 1 : on ? 2 : 3", .number(2))
        assertValue("on ? 1 : 1 / 0", .number(1))  // the branch not taken is not evaluated
    }

    func testStringsAndConcatenation() {
        assertValue("'a' + \"b\"", .string("ab"))
        assertValue("'+' + 10", .string("+10"))
        assertValue("2.5 + 'x'", .string("2.5x"))
        assertValue("'x' + true", .string("xtrue"))
        assertValue("'n = ' + 0.1 * 3", .string("n = 0.3"))
        assertValue("'it\\'s'", .string("it's"))
        assertValue("\"say \\\"hi\\\"\"", .string("say \"hi\""))
        assertValue("'a\\\\b'", .string("a\\b"))
        assertValue("'\\${x}'", .string("${x}"))
        assertValue("'tab\\tnew\\nline'", .string("tab\tnew\nline"))
        assertValue("'$5'", .string("$5"))
        assertValue("'${title}!'", .string("Pay Now!"))
        assertValue("'${on ? \"yes\" : \"no\"}'", .string("yes"))
    }

    func testMembersAndIndexing() {
        assertNumber("v.x", 3)
        assertNumber("v['y']", -4)
        assertNumber("amounts[1]", 672.37)
        assertNumber("amounts.count", 3)
        assertNumber("title.count", 7)
        assertNumber("[10, 20, 30][2]", 30)
        assertNumber("hex('#ff000080').alpha", 128.0 / 255)
        assertNumber("blue.green", 122.0 / 255)
        assertValue("[amounts[0], v.x]", .list([.number(175), .number(3)]))
    }

    func testScopeWinsOverBuiltIns() {
        var scope = TestScope()
        scope.variables["red"] = .number(5)
        scope.variables["pi"] = .number(3)
        XCTAssertEqual(try evaluate("red + pi", in: scope), .number(8))
        XCTAssertEqual(try evaluate("random(2, 9)"), .number(2))
    }

    func testImplicitMembersNeedTheScope() {
        assertValue(".easeIn(duration: 1.5)", .string("easeIn 1.5"))
        assertValue(".red", .color(ColorValue(red: 1, green: 59.0 / 255, blue: 48.0 / 255)))
    }

    /// An implicit member chain the scope does not supply is an animation value (SwiftUI's `Animation`),
    /// its arguments evaluated; a modifier called on one adds a link.
    func testImplicitMemberChainsAreAnimationValues() {
        typealias Link = AnimationValue.Link
        let easeIn = Link(name: "easeIn", arguments: nil)
        assertValue(".easeIn", .animation(AnimationValue(links: [easeIn])))
        assertValue(".easeInOut(duration: 0.1 * 2).delay(0.1)", .animation(AnimationValue(links: [
            Link(name: "easeInOut", arguments: [.init(label: "duration", value: .number(0.2))]),
            Link(name: "delay", arguments: [.init(label: nil, value: .number(0.1))]),
        ])))
        var scope = TestScope()
        scope.variables["bounce"] = .animation(AnimationValue(links: [easeIn]))
        XCTAssertEqual(try evaluate("bounce.speed(2)", in: scope), .animation(AnimationValue(links: [
            easeIn, Link(name: "speed", arguments: [.init(label: nil, value: .number(2))]),
        ])))
        XCTAssertEqual(try evaluate("false ? .default : bounce", in: scope), .animation(AnimationValue(links: [easeIn])))
        XCTAssertEqual(Value.animation(AnimationValue(links: [easeIn, Link(name: "repeatForever", arguments: [])])).description,
                       ".easeIn.repeatForever()")
    }

    func testMathFunctions() {
        assertNumber("sin(pi / 6)", 0.5)
        assertNumber("cos(pi / 3)", 0.5)
        assertNumber("tan(pi / 4)", 1)
        assertNumber("asin(1)", 1.5707963267948966)
        assertNumber("acos(0)", 1.5707963267948966)
        assertNumber("atan(1)", 0.7853981633974483)
        assertNumber("atan2(1, -1)", 2.356194490192345)
        assertNumber("atan2(v.y, v.x) + pi/2", -0.9272952180016122 + 1.5707963267948966)
        assertNumber("sqrt(2)", 1.4142135623730951)
        assertNumber("abs(-3.5)", 3.5)
        assertNumber("min(3, 1, 2)", 1)
        assertNumber("max(3, 1, 2)", 3)
        assertNumber("min(amounts)", 175)
        assertNumber("max(amounts)", 1180.78)
        assertNumber("clamp(5, 0, 3)", 3)
        assertNumber("clamp(-1, 0, 3)", 0)
        assertNumber("clamp(2, 0, 3)", 2)
        assertNumber("floor(-1.5)", -2)
        assertNumber("ceil(-1.5)", -1)
        assertNumber("round(2.5)", 3)
        assertNumber("round(-2.5)", -3)
        assertNumber("round(2.4)", 2)
        assertNumber("trunc(-1.7)", -1)
        assertNumber("int(-2.9)", -2)
        assertNumber("int(1e300)", 1e300)
        assertNumber("sign(-3)", -1)
        assertNumber("sign(0)", 0)
        assertNumber("sign(0.1)", 1)
        assertNumber("pow(2, 10)", 1024)
        assertNumber("exp(1)", 2.718281828459045)
        assertNumber("log(e)", 1)
        assertNumber("log2(8)", 3)
        assertNumber("log10(1000)", 3)
        assertNumber("hypot(3, 4)", 5)
        assertNumber("mod(-7, 3)", 2)
        assertNumber("mod(7, -3)", -2)
        assertNumber("mod(5.5, 2)", 1.5)
        assertNumber("mod(6, 3)", 0)
        assertNumber("lerp(10, 20, 0.25)", 12.5)
        assertNumber("mix(10, 20, 1.5)", 25)
        assertNumber("deg(pi)", 180)
        assertNumber("rad(90)", 1.5707963267948966)
        assertNumber("count([1, 2, 3])", 3)
        assertNumber("count('héllo')", 5)
        assertNumber("count(v)", 2)
    }

    func testTextFunctions() {
        assertValue("str(10)", .string("10"))
        assertValue("str(2.5)", .string("2.5"))
        assertValue("str(-0.25)", .string("-0.25"))
        assertValue("str(0.1 + 0.2)", .string("0.3"))
        assertValue("str(1e20)", .string("1e+20"))
        assertValue("str(true)", .string("true"))
        assertValue("str([1, 'a'])", .string("[1, 'a']"))
        assertValue("str(v)", .string("{x: 3, y: -4}"))
        assertValue("format(3.14159, 3)", .string("3.142"))
        assertValue("format(1682.549, 2)", .string("1682.55"))
        assertValue("format(7, 0)", .string("7"))
        assertValue("format(-0.001, 2)", .string("0.00"))
        assertValue("format(-1.5, 1)", .string("-1.5"))
        assertValue("money(total)", .string("1,682.55"))
        assertValue("money(1234567.891)", .string("1,234,567.89"))
        assertValue("money(999.999)", .string("1,000.00"))
        assertValue("money(-1234.5)", .string("-1,234.50"))
        assertValue("money(12)", .string("12.00"))
        assertValue("money(1234.6, 0)", .string("1,235"))
        assertValue("money(123456, 1)", .string("123,456.0"))
    }

    func testColorFunctionsAndNamedColors() throws {
        assertValue("rgb(1, 0.5, 0)", .color(ColorValue(red: 1, green: 0.5, blue: 0)))
        assertValue("rgba(0, 0, 1, 0.25)", .color(ColorValue(red: 0, green: 0, blue: 1, alpha: 0.25)))
        assertValue("hex('#141414')", .color(ColorValue(red: 20.0 / 255, green: 20.0 / 255, blue: 20.0 / 255)))
        assertValue("hex('ff000080')", .color(ColorValue(red: 1, green: 0, blue: 0, alpha: 128.0 / 255)))
        assertValue("hex('#abc')", .color(ColorValue(red: 170.0 / 255, green: 187.0 / 255, blue: 204.0 / 255)))
        assertValue("color('white')", .color(ColorValue(red: 1, green: 1, blue: 1)))
        assertValue("clear", .color(ColorValue(red: 0, green: 0, blue: 0, alpha: 0)))
        assertValue("opacity(blue, 0.8).alpha", .number(0.8))
        // Clamped as SwiftUI's Color.opacity(_:) is: an overshooting animated factor shows the colour.
        assertValue("opacity(blue, 1.3).alpha", .number(1))
        assertValue("opacity(rgba(0, 0, 1, 0.5), -0.2).alpha", .number(0))
        assertValue("mix(black, white, 0.25)", .color(ColorValue(red: 0.25, green: 0.25, blue: 0.25)))
        assertValue("mix(black, white, 3)", .color(ColorValue(red: 1, green: 1, blue: 1)))
        XCTAssertEqual(ColorValue(red: .nan, green: 2, blue: -1, alpha: 0.5).description, "#00FF0080")

        // The iOS light-mode system colours, to three decimals as Apple's documentation lists them.
        let expected: [(String, [Double])] = [
            ("red", [1, 0.231, 0.188]), ("blue", [0, 0.478, 1]), ("gray", [0.557, 0.557, 0.576]),
            ("green", [0.204, 0.780, 0.349]), ("orange", [1, 0.584, 0]), ("yellow", [1, 0.8, 0]),
        ]
        for (name, components) in expected {
            let color = try XCTUnwrap(evaluate("color('\(name)')").asColor, name)
            XCTAssertEqual(color.red, components[0], accuracy: 0.0005, name)
            XCTAssertEqual(color.green, components[1], accuracy: 0.0005, name)
            XCTAssertEqual(color.blue, components[2], accuracy: 0.0005, name)
            XCTAssertEqual(color.alpha, 1, name)
            XCTAssertEqual(try evaluate(name), .color(color), "the bare name \(name)")
        }
        XCTAssertEqual(ColorValue.colorNames.count, 16)
        XCTAssertEqual(ColorValue(red: 1, green: 0.5, blue: 0, alpha: 1).description, "#FF8000FF")
    }

    func testTypedEvaluation() throws {
        let scope = TestScope()
        XCTAssertEqual(try Expression(parsing: "w / 2").evaluateNumber(in: scope), 32)
        XCTAssertEqual(try Expression(parsing: "w > h").evaluateBool(in: scope), false)
        XCTAssertEqual(try Expression(parsing: "accumulated").evaluateText(in: scope), "20")
        XCTAssertThrowsError(try Expression(parsing: "title").evaluateNumber(in: scope)) { error in
            XCTAssertEqual((error as? ExpressionError)?.message, "expected a number, but 'title' is a string")
        }
    }

    func testDictionaryScope() throws {
        let scope = DictionaryScope(["x": .number(2)])
        XCTAssertEqual(try evaluate("x * x", in: scope), .number(4))
        XCTAssertEqual(scope.knownNames, ["x"])
    }
}

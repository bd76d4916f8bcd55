import XCTest
@testable import Expressions
import struct Expressions.Expression

final class ParserTests: XCTestCase {
    /// The canonical form parenthesizes every operation, so it shows how the parser grouped the source.
    func testPrecedenceAndAssociativityTable() throws {
        let table: [(String, String)] = [
            ("1 + 2 * 3", "(1 + (2 * 3))"),
            ("1 * 2 + 3", "((1 * 2) + 3)"),
            ("1 - 2 - 3", "((1 - 2) - 3)"),
            ("8 / 4 / 2", "((8 / 4) / 2)"),
            ("7 % 3 * 2", "((7 % 3) * 2)"),
            ("-2 * 3", "((-2) * 3)"),
            ("- -x", "(-(-x))"),
            ("!a && b", "((!a) && b)"),
            ("a || b && c", "(a || (b && c))"),
            ("a && b || c", "((a && b) || c)"),
            ("a == b || c", "((a == b) || c)"),
            ("1 + 2 < 3 * 4", "((1 + 2) < (3 * 4))"),
            ("a < b == c >= d", "((a < b) == (c >= d))"),
            ("a != b && c <= d", "((a != b) && (c <= d))"),
            ("a ? b : c ? d : e", "(a ? b : (c ? d : e))"),
            ("a ? b ? c : d : e", "(a ? (b ? c : d) : e)"),
            ("a || b ? 1 : 2", "((a || b) ? 1 : 2)"),
            ("-a.b[0](1)", "(-a.b[0](1))"),
            ("(1 + 2) * 3", "((1 + 2) * 3)"),
            ("0.6*w + i*a", "((0.6 * w) + (i * a))"),
            ("atan2(v.y, v.x) + pi/2", "(atan2(v.y, v.x) + (pi / 2))"),
            ("f(x: 1, 2)", "f(x: 1, 2)"),
            ("[1, 'two', [true]]", "[1, 'two', [true]]"),
            ("1e-3 + 2E3", "(0.001 + 2000)"),
            ("a\n  .b", "a.b"),
        ]
        for (source, grouped) in table {
            XCTAssertEqual(try Expression(parsing: source).root.description, grouped, source)
        }
    }

    func testNodesCarryTheirSourceRanges() throws {
        let expression = try Expression(parsing: "0.6*w + i*a")
        XCTAssertEqual(expression.root.range, SourceRange(offset: 0, length: 11))
        guard case .binary(.add, .binary(.multiply, _, let w, _), let right, _) = expression.root else {
            return XCTFail("unexpected tree \(expression.root)")
        }
        XCTAssertEqual(w, .variable("w", at: SourceRange(offset: 4, length: 1)))
        XCTAssertEqual(right.range, SourceRange(offset: 8, length: 3))
    }

    func testImplicitMemberChainParsesToNestedCalls() throws {
        let root = try Expression(parsing: ".easeInOut(duration: 0.1).delay(0.1)").root
        guard case .call(callee: .member(base: let base?, name: "delay", _), arguments: let delayArguments, _) = root,
              case .call(callee: .member(base: nil, name: "easeInOut", _), arguments: let easeArguments, _) = base
        else { return XCTFail("unexpected tree \(root)") }
        XCTAssertEqual(delayArguments.count, 1)
        XCTAssertNil(delayArguments[0].label)
        XCTAssertEqual(delayArguments[0].value, .literal(.number(0.1), at: SourceRange(offset: 32, length: 3)))
        XCTAssertEqual(easeArguments.map(\.label), ["duration"])
        XCTAssertEqual(easeArguments[0].value, .literal(.number(0.1), at: SourceRange(offset: 21, length: 3)))
    }

    func testImplicitMemberChainFlattens() throws {
        let spring = try Expression(parsing: ".spring(response: 0.5, dampingFraction: 0.8)"
                                    + ".repeatForever(autoreverses: false)")
        let links = try XCTUnwrap(spring.implicitMemberChain)
        XCTAssertEqual(links.map(\.name), ["spring", "repeatForever"])
        XCTAssertEqual(links[0].arguments?.map(\.label), ["response", "dampingFraction"])
        XCTAssertEqual(links[0].argument("dampingFraction"), .literal(.number(0.8), at: SourceRange(offset: 40,
                                                                                                      length: 3)))
        XCTAssertEqual(links[1].argument("autoreverses"), .literal(.bool(false), at: SourceRange(offset: 73,
                                                                                                   length: 5)))

        let curve = try XCTUnwrap(Expression(parsing: ".timingCurve(0, 0, 0.2, 1, duration: 0.35)").implicitMemberChain)
        XCTAssertEqual(curve.count, 1)
        XCTAssertEqual(curve[0].arguments?.map(\.label), [nil, nil, nil, nil, "duration"])
        XCTAssertEqual(curve[0].arguments?.map(\.value.description), ["0", "0", "0.2", "1", "0.35"])

        let bare = try XCTUnwrap(Expression(parsing: ".easeIn").implicitMemberChain)
        XCTAssertEqual(bare, [MemberCall(name: "easeIn", arguments: nil, range: SourceRange(offset: 0, length: 7))])

        let linear = try XCTUnwrap(Expression(parsing: ".linear.speed(2)").implicitMemberChain)
        XCTAssertEqual(linear.map(\.name), ["linear", "speed"])
        XCTAssertNil(linear[0].arguments)

        XCTAssertNil(try Expression(parsing: "v.x").implicitMemberChain)
        XCTAssertNil(try Expression(parsing: "easeIn(1).delay(2)").implicitMemberChain)
    }

    func testStringLiteralsAndInterpolation() throws {
        XCTAssertEqual(try Expression(parsing: "'plain'").root, .literal(.string("plain"),
                                                                         at: SourceRange(offset: 0, length: 7)))
        let root = try Expression(parsing: "\"+${accumulated} s\"").root
        guard case .template(let pieces, _) = root else { return XCTFail("not a template: \(root)") }
        XCTAssertEqual(pieces, [.text("+"), .interpolation(.variable("accumulated", at: SourceRange(offset: 4,
                                                                                                   length: 11))),
                                .text(" s")])
    }

    func testFreeVariables() throws {
        let cases: [(String, Set<String>)] = [
            ("0.6*w + i*a", ["w", "i", "a"]),
            ("atan2(v.y, v.x) + pi/2", ["v", "pi"]),
            ("sin(t)", ["t"]),
            ("accumulated > 0 ? '+${accumulated}' : ''", ["accumulated"]),
            (".easeInOut(duration: d).delay(delay)", ["d", "delay"]),
            ("[a, b][c]", ["a", "b", "c"]),
            ("-x == !y", ["x", "y"]),
            ("1 + 2", []),
        ]
        for (source, names) in cases {
            XCTAssertEqual(try Expression(parsing: source).freeVariables, names, source)
        }
    }

    func testNestingWithinTheLimitParses() throws {
        let source = String(repeating: "(", count: 95) + "1" + String(repeating: ")", count: 95)
        XCTAssertEqual(try Expression(parsing: source).evaluate(in: TestScope()), .number(1))
        let negations = String(repeating: "-", count: 90) + "3"
        XCTAssertEqual(try Expression(parsing: negations).evaluate(in: TestScope()), .number(3))
    }
}

final class NameCheckTests: XCTestCase {
    func testNameReferencesInSourceOrder() throws {
        let references = try Expression(parsing: "sin(t) + v.x * random(1, n)").root.nameReferences
        XCTAssertEqual(references.map(\.name), ["sin", "t", "v", "random", "n"])
        XCTAssertEqual(references.map(\.isFunction), [true, false, false, true, false])
        XCTAssertEqual(references.map(\.range.offset), [0, 4, 9, 15, 25])
    }

    func testCheckNamesReportsTheFirstUnknownName() throws {
        let expression = try Expression(parsing: "rotation + random(0, 2) * xOfset + pi")
        XCTAssertNoThrow(try expression.checkNames(variables: ["rotation", "xOffset", "xOfset"], functions: ["random"]))
        XCTAssertThrowsError(try expression.checkNames(variables: ["rotation", "xOffset"], functions: ["random"])) {
            XCTAssertEqual($0 as? ExpressionError,
                           ExpressionError("unknown name 'xOfset'; did you mean 'xOffset'?", offset: 26))
        }
        XCTAssertThrowsError(try expression.checkNames(variables: ["rotation", "xOfset"])) {
            XCTAssertEqual($0 as? ExpressionError, ExpressionError("unknown function 'random'", offset: 11))
        }
        XCTAssertThrowsError(try Template(parsing: "+${acumulated}").checkNames(variables: ["accumulated"])) {
            XCTAssertEqual($0 as? ExpressionError,
                           ExpressionError("unknown name 'acumulated'; did you mean 'accumulated'?", offset: 3))
        }
    }
}

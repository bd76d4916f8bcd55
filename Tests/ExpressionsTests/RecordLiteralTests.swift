import XCTest
@testable import Expressions
import struct Expressions.Expression

/// Records written as Swift's initialisers, and numbers' Swift methods and conversions.
final class RecordLiteralTests: XCTestCase {
    func testInitialisers() {
        assertValue("CGSize(width: 3, height: 4)", .record(["width": .number(3), "height": .number(4)]))
        assertNumber("CGPoint(x: 1, y: 2).y", 2)
        assertNumber("CGRect(x: 0, y: 0, width: 10, height: 20).height", 20)
        assertNumber("EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4).bottom", 3)
        assertNumber("CGVector(dx: 5, dy: 6).dx", 5)
        assertValue("CGSize.zero == CGSize(width: 0, height: 0)", .bool(true))
        assertValue("CGSize() == CGSize.zero", .bool(true))
        assertValue("CGPoint.zero", .record(["x": .number(0), "y": .number(0)]))
        assertValue("record(name: 'a', n: 1)", .record(["name": .string("a"), "n": .number(1)]))
        // Records compare field by field whatever the order; v is {x: 3, y: -4} in TestScope.
        assertValue("CGPoint(x: 3, y: -4) == v", .bool(true))
        assertValue("[CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)].map { $0.x + $0.y }", .list([.number(3), .number(7)]))
    }

    func testRecordErrors() {
        assertError("CGSize(w: 1, h: 2)", "'CGSize' takes the labels (width:height:) or (), not (w:h:)", at: 0)
        assertError("CGSize(width: 1, height: 'a')", "argument 2 of 'CGSize' must be a number, not a string", at: 25)
        assertError("(5).x", "a number has no member 'x'", at: 4)
        assertError("CGSize(width: 1, height: 2).widht", "the record has no field 'widht'; did you mean 'width'?", at: 28)
        assertError(".zero", "'.zero' needs its type here: write CGSize.zero, CGPoint.zero, CGRect.zero or 0", at: 0)
        assertError("record(1)", "every argument of 'record' is a field: record(x: 1, y: 2)", at: 0)
    }

    func testNumberMethods() {
        // IEEE remainder: 7.5 / 2 = 3.75, nearest whole 4, 7.5 - 8 = -0.5.
        assertNumber("7.5.remainder(dividingBy: 2)", -0.5)
        assertNumber("(-7.5).remainder(dividingBy: 2)", 0.5)
        // Ties go to the even quotient: 5 / 2 = 2.5 -> 2, so 1; 7 / 2 = 3.5 -> 4, so -1.
        assertNumber("5.remainder(dividingBy: 2)", 1)
        assertNumber("7.remainder(dividingBy: 2)", -1)
        assertNumber("7.5.truncatingRemainder(dividingBy: 2)", 1.5)
        assertNumber("(-7.5).truncatingRemainder(dividingBy: 2)", -1.5)
        assertNumber("2.5.rounded()", 3)
        assertNumber("(-2.5).rounded()", -3)
        assertNumber("16.squareRoot()", 4)
        assertNumber("(-3).magnitude", 3)
        assertError("1.remainder(dividingBy: 0)", "division by zero", at: 24)
    }

    func testConversionsAndPi() {
        assertNumber("Double(2)", 2)
        assertNumber("CGFloat(w) / 2", 32)
        assertNumber("Double('3.5')", 3.5)
        assertNumber("Int(2.7)", 2)
        assertNumber("Int(-2.7)", -2)
        assertNumber("Int('12') + 1", 13)
        assertNumber("Int('x') ?? 0", 0)
        assertNumber(".pi", Double.pi)
        assertNumber("Double.pi / 2", Double.pi / 2)
        assertNumber("CGFloat.pi * 2", 2 * Double.pi)
        assertError("Int('x')", "'x' is not a whole number; give a default with '??'", at: 4)
    }

    func testTypeNamesAreNotScopeNames() throws {
        XCTAssertNoThrow(try Expression(parsing: "CGSize.zero.width + Double.pi").checkNames(variables: []))
        XCTAssertEqual(try Expression(parsing: "CGSize.zero.width + Double.pi + t").freeVariables, ["t"])
    }
}

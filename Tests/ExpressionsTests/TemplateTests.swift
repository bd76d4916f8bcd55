import XCTest
@testable import Expressions
import struct Expressions.Expression

final class TemplateTests: XCTestCase {
    func testInterpolation() throws {
        let scope = TestScope()
        XCTAssertEqual(try Template(parsing: "+${accumulated} s").evaluate(in: scope), "+20 s")
        XCTAssertEqual(try Template(parsing: "$${money(total)}").evaluate(in: scope), "$1,682.55")
        XCTAssertEqual(try Template(parsing: "${w}x${h}").evaluate(in: scope), "64x64")
        XCTAssertEqual(try Template(parsing: "${ on ? 'yes' : \"no\" }!").evaluate(in: scope), "yes!")
        XCTAssertEqual(try Template(parsing: "${'${title}'}").evaluate(in: scope), "Pay Now")
        XCTAssertEqual(try Template(parsing: "a } b ' \" $").evaluate(in: scope), "a } b ' \" $")
        XCTAssertEqual(try Template(parsing: "cost \\${x} \\\\").evaluate(in: scope), "cost ${x} \\")
        XCTAssertEqual(try Template(parsing: "").evaluate(in: scope), "")
    }

    func testPiecesConstantAndFreeVariables() throws {
        let template = try Template(parsing: "+${accumulated} of ${count(amounts)}")
        XCTAssertFalse(template.isConstant)
        XCTAssertEqual(template.freeVariables, ["accumulated", "amounts"])
        XCTAssertEqual(template.pieces.count, 4)
        XCTAssertEqual(template.pieces[2], .text(" of "))
        let constant = try Template(parsing: "Choose Amount")
        XCTAssertTrue(constant.isConstant)
        XCTAssertEqual(constant.pieces, [.text("Choose Amount")])
        XCTAssertEqual(constant.freeVariables, [])
    }

    func testErrorsPointIntoTheTemplate() {
        XCTAssertThrowsError(try Template(parsing: "ab ${rotaton}").evaluate(in: TestScope())) { error in
            XCTAssertEqual(error as? ExpressionError,
                           ExpressionError("unknown name 'rotaton'; did you mean 'rotation'?", offset: 5))
        }
        XCTAssertThrowsError(try Template(parsing: "ab ${x")) { error in
            XCTAssertEqual(error as? ExpressionError,
                           ExpressionError("expected '}' to close the '${' at offset 3; the expression ended",
                                           offset: 6))
        }
        XCTAssertThrowsError(try Template(parsing: "a\\")) { error in
            XCTAssertEqual((error as? ExpressionError)?.offset, 1)
        }
    }
}

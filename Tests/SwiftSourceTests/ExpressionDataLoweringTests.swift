import Expressions
import Flipbook
import Foundation
import SwiftSource
import XCTest

/// Swift expressions with closures, records, string methods and String(format:) lower to the same text in
/// the expression language (docs/expressions.md), and the scene decodes.
final class ExpressionDataLoweringTests: XCTestCase {
    private func loweredText(_ expression: String, file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                @State private var scores = [3.0, 1.0, 2.0]
                @State private var name = "Pay Now"
                @State private var t = 0.5
                var body: some View {
                    Text("\\(\(expression))")
                }
            }
            """, file: file, line: line)
        guard case .string(let text)? = json["root"]?["text"] else {
            XCTFail("no text in \(json.pretty())", file: file, line: line)
            return nil
        }
        return text
    }

    func testClosuresAndListMethodsPassThrough() throws {
        XCTAssertEqual(try loweredText("scores.map { $0 * 2 }.count"), "${scores.map { $0 * 2 }.count}")
        XCTAssertEqual(try loweredText("scores.filter({ s in s > t }).count"), "${scores.filter({ s in s > t }).count}")
        XCTAssertEqual(try loweredText("scores.reduce(0, +)"), "${scores.reduce(0, +)}")
        XCTAssertEqual(try loweredText("scores.reduce(0) { $0 + $1 }"), "${scores.reduce(0) { $0 + $1 }}")
        XCTAssertEqual(try loweredText("scores.sorted(by: >).first ?? 0"), "${scores.sorted(by: >).first ?? 0}")
        XCTAssertEqual(try loweredText("(0..<3).map { i in i * 2 }.count"), "${(0 ..< 3).map { i in i * 2 }.count}")
        XCTAssertEqual(try loweredText("zip(scores, scores).map { $0 * $1 }.count"), "${zip(scores, scores).map { $0 * $1 }.count}")
    }

    func testRecordsStringsAndNumbersPassThrough() throws {
        XCTAssertEqual(try loweredText("CGSize(width: t, height: 2).width"), "${CGSize(width: t, height: 2).width}")
        XCTAssertEqual(try loweredText("CGSize.zero.height"), "${CGSize.zero.height}")
        XCTAssertEqual(try loweredText("name.uppercased().prefix(3)"), "${name.uppercased().prefix(3)}")
        XCTAssertEqual(try loweredText("name.split(separator: \" \").count"), "${name.split(separator: ' ').count}")
        XCTAssertEqual(try loweredText("String(format: \"%.1f\", t)"), "${String(format: '%.1f', t)}")
        XCTAssertEqual(try loweredText("t.formatted(.number.precision(.fractionLength(2)))"),
                       "${t.formatted(.number.precision(.fractionLength(2)))}")
        XCTAssertEqual(try loweredText("t.remainder(dividingBy: 2)"), "${t.remainder(dividingBy: 2)}")
    }

    /// The lowered scene renders the values Swift would show, computed by hand.
    func testLoweredExpressionsEvaluate() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                @State private var scores = [3.0, 1.0, 2.0]
                var body: some View {
                    Text("\\(scores.sorted().map { String(format: "%.1f", $0) }.joined(separator: "/"))")
                }
            }
            """)
        guard case .string(let text)? = json["root"]?["text"] else { return XCTFail("no text in \(json.pretty())") }
        let scope = DictionaryScope(["scores": .list([.number(3), .number(1), .number(2)])])
        XCTAssertEqual(try Template(parsing: text).evaluate(in: scope), "1.0/2.0/3.0")
    }

    /// `truncatingRemainder` keeps the dividend's sign, as Swift's does: -7.5 by 2 is -1.5 (a floored
    /// remainder would give 0.5).
    func testTruncatingRemainderKeepsTheDividendsSign() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                @State private var t = -7.5
                var body: some View {
                    Text("\\(t.truncatingRemainder(dividingBy: 2))")
                }
            }
            """)
        guard case .string(let text)? = json["root"]?["text"] else { return XCTFail("no text in \(json.pretty())") }
        XCTAssertEqual(try Template(parsing: text).evaluate(in: DictionaryScope(["t": .number(-7.5)])), "-1.5")
    }

    func testBadClosuresAreRefusedWithTheirPlace() {
        let message = conversionError("""
            struct V: View {
                @State private var scores = [3.0]
                var body: some View {
                    Text("\\(scores.map { x in let y = x; return y }.count)")
                }
            }
            """)
        XCTAssertTrue(message.contains("Bad.swift:4:"), message)
        XCTAssertTrue(message.contains("a closure of one expression"), message)
    }
}

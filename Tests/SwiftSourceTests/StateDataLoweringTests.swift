import Expressions
import Flipbook
import Foundation
import SwiftSource
import XCTest

/// Swift's records and lists in state: initial values, `drag = .zero`, `.offset(size)`, and list
/// mutations and element assignments lowered onto `set`, each run and compared with values worked out here.
final class StateDataLoweringTests: XCTestCase {
    /// Converts a view whose tap runs `actions`, taps it at 0.5 s, and gives the model value of `name` at 1 s.
    private func afterTap(_ state: String, _ actions: String, _ name: String,
                          file: StaticString = #filePath, line: UInt = #line) throws -> (json: JSON, value: Value?) {
        let sidecar = #"{"canvas": {"width": 100, "height": 100}, "duration": 1.5, "fps": 10, "script": [{"at": 0.5, "tap": "button"}]}"#
        let (json, scene) = try lowerAndDecode("""
            struct V: View {
                \(state)
                var body: some View {
                    Circle()
                        .onTapGesture {
                            \(actions)
                        }
                        .accessibilityIdentifier("button")
                }
            }
            """, sidecar: sidecar, file: file, line: line)
        return (json, try Player(scene: scene).timeline.modelValue(name, at: 1))
    }

    private func numbers(_ xs: [Double]) -> Value { .list(xs.map(Value.number)) }

    func testRecordInitialValuesAndZero() throws {
        let zero: Value = .record(["width": .number(0), "height": .number(0)])
        var (json, value) = try afterTap("@State private var drag = CGSize(width: 30, height: -4)", "drag = .zero", "drag")
        XCTAssertEqual(json["state"]?.pretty(), #"{"drag": {"width": 30, "height": -4}}"# + "\n")
        XCTAssertEqual(value, zero)
        (json, value) = try afterTap("@State private var drag: CGSize = .zero", "drag.width = 12", "drag")
        XCTAssertEqual(value, .record(["width": .number(12), "height": .number(0)]))
        (json, value) = try afterTap("@State private var knob = CGPoint.zero", "knob = CGPoint(x: 3, y: 4)", "knob")
        XCTAssertEqual(value, .record(["x": .number(3), "y": .number(4)]))
    }

    func testOffsetOfASize() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                @State private var dragAmount = CGSize.zero
                var body: some View {
                    Circle().offset(dragAmount)
                }
            }
            """)
        XCTAssertEqual(json["root"]?["offset"]?.pretty(), #"{"x": "dragAmount.width", "y": "dragAmount.height"}"# + "\n")
    }

    func testListMutations() throws {
        let state = "@State private var items = [10.0, 20.0, 30.0]"
        XCTAssertEqual(try afterTap(state, "items.append(40)", "items").value, numbers([10, 20, 30, 40]))
        XCTAssertEqual(try afterTap(state, "items.append(contentsOf: [1, 2])", "items").value, numbers([10, 20, 30, 1, 2]))
        XCTAssertEqual(try afterTap(state, "items.remove(at: 1)", "items").value, numbers([10, 30]))
        XCTAssertEqual(try afterTap(state, "items.insert(15, at: 1)", "items").value, numbers([10, 15, 20, 30]))
        XCTAssertEqual(try afterTap(state, "items.removeFirst()", "items").value, numbers([20, 30]))
        XCTAssertEqual(try afterTap(state, "items.removeLast()", "items").value, numbers([10, 20]))
        XCTAssertEqual(try afterTap(state, "items.removeAll()", "items").value, numbers([]))
        var (json, _) = try afterTap(state, "items.remove(at: 0)", "items")
        XCTAssertTrue(json["root"]!.pretty().contains(#""items": "items.prefix(0) + items.dropFirst(0 + 1)""#), json["root"]!.pretty())
        (json, _) = try afterTap(state + "; @State private var i = 1.0", "items.insert(i * 2, at: i)", "items")
        XCTAssertTrue(json["root"]!.pretty().contains(#""items": "items.prefix(i) + [(i * 2)] + items.dropFirst(i)""#), json["root"]!.pretty())
        XCTAssertEqual(try afterTap(state + "; @State private var i = 1.0", "items.insert(i * 2, at: i)", "items").value, numbers([10, 2, 20, 30]))
    }

    func testElementAssignment() throws {
        let state = "@State private var scores = [5.0, 6.0, 7.0]"
        XCTAssertEqual(try afterTap(state, "scores[2] = 1", "scores").value, numbers([5, 6, 1]))
        XCTAssertEqual(try afterTap(state, "scores[0] += scores[1]", "scores").value, numbers([11, 6, 7]))
        let (json, _) = try afterTap(state, "scores[2] = 1", "scores")
        XCTAssertTrue(json["root"]!.pretty().contains(#""scores[2]": 1"#), json["root"]!.pretty())
    }

    func testAssigningIntoANonStateIsRefused() {
        XCTAssertTrue(conversionError("""
            struct V: View {
                @State private var scores = [5.0]
                var body: some View {
                    Circle().onTapGesture { other[0] = 1 }
                }
            }
            """).contains("is not a @State variable"))
    }
}

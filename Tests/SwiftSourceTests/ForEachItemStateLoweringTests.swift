import Flipbook
import SceneFormat
import SwiftSource
import XCTest

/// `ForEach(items) { i in RowView(item: i) }` with a `RowView` that has `@State`: the use takes no id (its
/// state is kept per item, by the item's id), and a tap on one row's `.accessibilityIdentifier("row-\(item)")`
/// changes that row's state only.
final class ForEachItemStateLoweringTests: XCTestCase {
    func testARowWithStateIsAForEachItemWithItsOwnState() throws {
        let (json, scene) = try lowerAndDecode("""
            struct RowView: View {
                let item: Int
                @State private var isOn = false
                var body: some View {
                    Rectangle().fill(isOn ? Color.red : Color.blue).frame(width: 20, height: 20)
                        .onTapGesture { isOn.toggle() }
                        .accessibilityIdentifier("row-\\(item)")
                }
            }
            struct V: View {
                @State private var items = [1, 2, 3]
                var body: some View {
                    HStack { ForEach(items, id: \\.self) { i in RowView(item: i) } }
                }
            }
            """, sidecar: #"{"canvas": {"width": 200, "height": 100}, "duration": 1, "fps": 10, "script": [{"at": 0.2, "tap": "row-2"}]}"#)
        XCTAssertEqual(json["root"]?["hstack"]?.pretty(),
                       #"[{"forEach": "items", "as": "i", "content": {"use": "RowView", "args": {"item": "i"}}}]"# + "\n")
        XCTAssertEqual(json["components"]?["RowView"]?["body"]?["id"], .string("row-${item}"))
        // Row 2 alone turns red (#FF3B30); rows 1 and 3 stay blue (#007AFF); each listed under its own id.
        let state = try Inspector.json(try Player(scene: scene), times: [0.5])
        for (row, fill) in [(1, "#007affff"), (2, "#ff3b30ff"), (3, "#007affff")] {
            XCTAssertTrue(state.contains(#""row-\#(row)": {"#), state)
            let view = try XCTUnwrap(state.range(of: #""row-\#(row)": {"#))
            let rest = state[view.upperBound...]
            let end = try XCTUnwrap(rest.firstIndex(of: "}"))
            XCTAssertTrue(rest[..<end].contains(#""fill": "\#(fill)""#), "row \(row): \(rest[..<end])")
        }
    }

    /// The rows of `testARowWithStateIsAForEachItemWithItsOwnState`, written with a ForEach content closure
    /// `{ RowView(item: $0) }` or `{ item in RowView(item: item) }`.
    func rows(_ closure: String, label: String = "item") -> String {
        """
        struct RowView: View {
            let \(label): Int
            @State private var isOn = false
            var body: some View {
                Rectangle().fill(isOn ? Color.red : Color.blue).frame(width: 20, height: 20)
                    .onTapGesture { isOn.toggle() }
                    .accessibilityIdentifier("row-\\(\(label))")
            }
        }
        struct V: View {
            @State private var items = [1, 2, 3]
            var body: some View {
                HStack { ForEach(items, id: \\.self) \(closure) }
            }
        }
        #Preview { V() }
        """
    }

    /// `$0` in a ForEach content closure is the element: the scene is the one of the closure naming it `item`.
    func testTheShorthandArgumentIsTheElement() throws {
        let short = try SwiftSource.convert(source: rows("{ RowView(item: $0) }"), file: "Test.swift", sidecar: testSidecar)
        let named = try SwiftSource.convert(source: rows("{ item in RowView(item: item) }"), file: "Test.swift", sidecar: testSidecar)
        XCTAssertEqual(short.pretty(), named.pretty())
        XCTAssertEqual(short["root"]?["hstack"]?.pretty(),
                       #"[{"forEach": "items", "as": "item", "content": {"use": "RowView", "args": {"item": "item"}}}]"# + "\n")
        // In an expression and a string interpolation too.
        let text = #"{ Text("n \($0 * 2)").opacity($0 == 2 ? 1 : 0.5) }"#
        let namedText = #"{ item in Text("n \(item * 2)").opacity(item == 2 ? 1 : 0.5) }"#
        XCTAssertEqual(try SwiftSource.convert(source: rows(text), file: "Test.swift", sidecar: testSidecar).pretty(),
                       try SwiftSource.convert(source: rows(namedText), file: "Test.swift", sidecar: testSidecar).pretty())
    }

    /// A name the view already has is not hidden: `$0` takes the next free one.
    func testTheShorthandArgumentTakesAFreeName() throws {
        let source = """
            struct V: View {
                @State private var item = 1
                @State private var items = [1, 2, 3]
                var body: some View {
                    HStack { ForEach(items, id: \\.self) { Rectangle().frame(width: 10, height: CGFloat($0 * 10 + item)) } }
                }
            }
            """
        let json = try SwiftSource.convert(source: source, file: "Test.swift", sidecar: testSidecar)
        guard case .array(let children)? = json["root"]?["hstack"], let each = children.first else {
            return XCTFail(json.pretty())
        }
        XCTAssertEqual(each["as"], .string("item2"))
        XCTAssertTrue(each["content"]?.pretty().contains("item2 * 10 + item") == true, each.pretty())
    }

    /// A closure with two parameters, or `$1`, is still refused with where it is written.
    func testOtherClosuresAreRefused() {
        let message = conversionError("""
            struct V: View {
                @State private var items = [1, 2, 3]
                var body: some View {
                    HStack { ForEach(items, id: \\.self) { a, b in Text("x") } }
                }
            }
            """)
        XCTAssertTrue(message.contains("Bad.swift:4:"), message)
        XCTAssertTrue(message.contains("$0"), message)
    }
}

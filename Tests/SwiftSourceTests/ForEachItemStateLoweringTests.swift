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
}

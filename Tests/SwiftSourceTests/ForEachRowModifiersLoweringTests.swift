import Flipbook
import SceneFormat
import SwiftSource
import XCTest

/// A `ForEach` row view with `@State` whose body has `.onAppear` and `.phaseAnimator`: each row runs its
/// own, on its own state, from the converted Swift file as from a scene written by hand.
final class ForEachRowModifiersLoweringTests: XCTestCase {
    func testEachRowRunsItsOwnOnAppearAndPhaseAnimator() throws {
        let (_, scene) = try lowerAndDecode("""
            struct RowView: View {
                let item: Int
                @State private var isOn = false
                var body: some View {
                    Rectangle().fill(isOn ? Color.red : Color.blue).frame(width: 20, height: 20)
                        .phaseAnimator([0.0, 20.0]) { content, phase in content.offset(y: phase) } animation: { _ in .linear(duration: 1) }
                        .onAppear { isOn = item == 2 }
                }
            }
            struct V: View {
                @State private var items = [1, 2, 3]
                var body: some View {
                    HStack { ForEach(items, id: \\.self) { RowView(item: $0) } }
                }
            }
            """)
        let state = try Inspector.json(try Player(scene: scene), times: [0.5])
        // Each row's own isOn: true for row 2 alone, as its onAppear set it.
        let entries = state.components(separatedBy: ", ")
        for (row, on) in [(1, false), (2, true), (3, false)] {
            let entry = try XCTUnwrap(entries.first { $0.contains(#"[\"id=\#(row)\"]/"#) && $0.contains(#".isOn": "#) }, state)
            XCTAssertTrue(entry.hasSuffix(#".isOn": \#(on)"#), entry)
        }
        // One phase per row, each stepped to 20 at 0.
        let phases = entries.filter { $0.contains("#phase") }
        XCTAssertEqual(phases.count, 3, state)
        for phase in phases { XCTAssertTrue(phase.hasSuffix(#"#phase": 20"#) || phase.hasSuffix(#"#phase": 20}"#), phase) }
    }
}

import Flipbook
import SceneFormat
import SwiftSource
import Timeline
import XCTest

/// Cards in a `ForEach`, each with its own `DragGesture` and `.accessibilityIdentifier("card-\(i)")`: the
/// script drags one card by its item id, and the gesture writes that card's offset.
final class ItemDragLoweringTests: XCTestCase {
    func testTheScriptDragsOneCardOfAForEach() throws {
        let sidecar = """
            {"canvas": {"width": 200, "height": 200}, "duration": 2, "fps": 10,
             "script": [{"at": 0.5, "drag": "card-2", "points": [[0, 0], [40, 30]], "duration": 0.5}]}
            """
        let (_, scene) = try lowerAndDecode("""
            import SwiftUI
            struct Cards: View {
                @State private var offsets: [CGFloat] = [0, 0, 0]
                var body: some View {
                    HStack {
                        ForEach(0..<3, id: \\.self) { i in
                            Rectangle()
                                .frame(width: 20, height: 20)
                                .offset(x: offsets[i])
                                .gesture(DragGesture().onChanged { value in offsets[i] = value.translation.height })
                                .accessibilityIdentifier("card-\\(i)")
                        }
                    }
                }
            }
            #Preview { Cards() }
            """, sidecar: sidecar)
        let timeline = try Simulator(scene: scene).run()
        // The finger ends 30 points lower: only card 2's offset takes the translation's height.
        XCTAssertEqual(timeline.modelValue("offsets", at: 1.5), .list([.number(0), .number(0), .number(30)]))
    }
}

import Flipbook
import SwiftSource
import XCTest

/// View structs with `@ViewBuilder let content: Content` (or `let label: () -> Label`): components with a
/// view slot, the body placing it, a use's closure passing the views.
final class ViewSlotLoweringTests: XCTestCase {
    func testAViewBuilderPropertyIsAViewSlot() throws {
        let (json, scene) = try lowerAndDecode("""
            import SwiftUI
            struct Card<Content: View>: View {
                let title: String
                @ViewBuilder let content: Content
                var body: some View {
                    VStack(spacing: 8) {
                        Text(title)
                        content
                    }
                    .padding(16)
                }
            }
            struct Row<Label: View>: View {
                let label: () -> Label
                var body: some View { HStack { label(); Spacer() } }
            }
            struct Settings: View {
                @State private var wifi = true
                var body: some View {
                    VStack {
                        Card(title: "Wi-Fi") {
                            Toggle("Enabled", isOn: $wifi).accessibilityIdentifier("wifi")
                        }
                        Row(label: { Text("Footer") })
                    }
                }
            }
            #Preview { Settings() }
            """)
        XCTAssertEqual(json["components"]?.pretty(), """
            {
              "Card": {
                "params": {"title": null},
                "views": ["content"],
                "body": {"vstack": [{"text": "${title}"}, {"slot": "content"}], "spacing": 8, "padding": 16}
              },
              "Row": {"views": ["label"], "body": {"hstack": [{"slot": "label"}, {"spacer": {}}]}}
            }

            """)
        XCTAssertEqual(json["root"]?.pretty(), """
            {
              "vstack": [
                {
                  "use": "Card",
                  "args": {"title": "'Wi-Fi'"},
                  "views": {"content": {"id": "wifi", "toggle": "wifi", "label": "Enabled"}}
                },
                {"use": "Row", "views": {"label": {"text": "Footer"}}}
              ]
            }

            """)
        XCTAssertEqual(scene.components["Card"]?.viewSlots, ["content"])
    }

    /// examples/swift/ContentCards.swift: the toggle passed into the card is tapped by its id and sets the
    /// root's state; Card and Row have view slots, Badge (a ViewModifier) wraps its content.
    func testTheContentCardsExample() throws {
        let source = try String(contentsOfFile: repoPath("examples/swift/ContentCards.swift"), encoding: .utf8)
        let sidecar = try String(contentsOfFile: repoPath("examples/swift/ContentCards.flipbook.json"), encoding: .utf8)
        let (_, scene) = try lowerAndDecode(source, sidecar: sidecar)
        XCTAssertEqual(scene.components["Card"]?.viewSlots, ["content"])
        XCTAssertEqual(scene.components["Row"]?.viewSlots, ["label"])
        XCTAssertEqual(scene.components["Badge"]?.viewSlots, ["content"])
        let player = try Player(scene: scene)
        for (t, expected) in [(0.4, true), (1.0, false), (2.0, true)] {
            XCTAssertEqual(player.timeline.modelValue("wifi", at: t), .bool(expected), "at \(t)")
        }
    }
}

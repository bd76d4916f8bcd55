import Flipbook
import SwiftSource
import XCTest

/// `.modifier(M(...))` with `struct M: ViewModifier`: a use of the component M passing the view as its
/// `content` slot; M's body places the slot where `body(content:)` writes `content`.
final class ViewModifierLoweringTests: XCTestCase {
    func testModifierIsAUseWhoseContentIsTheView() throws {
        let (json, scene) = try lowerAndDecode("""
            import SwiftUI
            struct Framed: ViewModifier {
                var color: Color = .yellow
                func body(content: Content) -> some View {
                    content.padding(10).background(Capsule().fill(color))
                }
            }
            struct Badges: View {
                @State private var count = 3
                var body: some View {
                    VStack(spacing: 12) {
                        Text("New").modifier(Framed())
                        Text("\\(count) left").modifier(Framed(color: .mint))
                    }
                }
            }
            #Preview { Badges() }
            """)
        XCTAssertEqual(json["components"]?.pretty(), """
            {
              "Framed": {
                "params": {"color": "yellow"},
                "views": ["content"],
                "body": {"slot": "content", "padding": 10, "background": {"shape": "capsule", "fill": "color"}}
              }
            }

            """)
        XCTAssertEqual(json["root"]?.pretty(), """
            {
              "vstack": [
                {"use": "Framed", "views": {"content": {"text": "New"}}},
                {
                  "use": "Framed",
                  "args": {"color": "mint"},
                  "views": {"content": {"text": "${count} left"}}
                }
              ],
              "spacing": 12
            }

            """)
        XCTAssertEqual(scene.components["Framed"]?.viewSlots, ["content"])
    }

    func testModifierOfAViewStructIsRefused() {
        let message = conversionError("""
            import SwiftUI
            struct Pill: View { var body: some View { Capsule() } }
            struct V: View {
                var body: some View { Circle().modifier(Pill()) }
            }
            """)
        XCTAssertTrue(message.hasPrefix("Bad.swift:4:45: "), message)
        XCTAssertTrue(message.contains(".modifier(M(...)) with M a ViewModifier struct of this file is"), message)
    }
}

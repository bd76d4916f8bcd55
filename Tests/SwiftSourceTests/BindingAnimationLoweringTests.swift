import Flipbook
import SwiftSource
import XCTest

/// `$x.animation(...)` on a control's binding lowers onto the control's `bindingAnimation`.
final class BindingAnimationLoweringTests: XCTestCase {
    func testControlsTakeTheBindingsAnimation() throws {
        let (json, _) = try lowerAndDecode("""
            import SwiftUI
            struct Panel: View {
                @State private var on = false
                @State private var level = 0.5
                @State private var count = 0
                var body: some View {
                    VStack {
                        Toggle("Wi-Fi", isOn: $on.animation(.spring()))
                        Slider(value: $level.animation(), in: 0...1)
                        Stepper("Count", value: $count.animation(on ? .snappy : .easeIn(duration: 0.2)), in: 0...5)
                    }
                }
            }
            #Preview { Panel() }
            """)
        XCTAssertEqual(json["root"]?.pretty(), """
            {
              "vstack": [
                {"toggle": "on", "label": "Wi-Fi", "bindingAnimation": ".spring()"},
                {"slider": "level", "in": [0, 1], "bindingAnimation": ".default"},
                {
                  "stepper": "count",
                  "in": [0, 5],
                  "label": "Count",
                  "bindingAnimation": "on ? .snappy : .easeIn(duration: 0.2)"
                }
              ]
            }

            """)
    }
}

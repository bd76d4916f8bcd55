import Flipbook
import SwiftSource
import XCTest

/// `Group { }` lowers onto the format's `group`; with an id it stays one view, a `zstack`.
final class GroupLoweringTests: XCTestCase {
    func testGroupIsAGroupAndAGroupWithAnIdAZStack() throws {
        let (json, _) = try lowerAndDecode("""
            import SwiftUI
            struct Rows: View {
                var body: some View {
                    VStack(spacing: 4) {
                        Group {
                            Text("One")
                            Text("Two")
                        }
                        .padding(.leading, 16)
                        Group {
                            Circle()
                            Rectangle()
                        }
                        .accessibilityIdentifier("pair")
                    }
                }
            }
            #Preview { Rows() }
            """)
        XCTAssertEqual(json["root"]?.pretty(), """
            {
              "vstack": [
                {"group": [{"text": "One"}, {"text": "Two"}], "padding": {"leading": 16}},
                {"id": "pair", "zstack": [{"shape": "circle"}, {"shape": "rectangle"}]}
              ],
              "spacing": 4
            }

            """)
    }
}

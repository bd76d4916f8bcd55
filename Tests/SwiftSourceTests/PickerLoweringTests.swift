import Flipbook
import SceneFormat
import SwiftSource
import XCTest

/// `Picker(_:selection:content:)` with `.pickerStyle(.segmented)` lowers onto the format's `picker`: its
/// `Text(...).tag(...)` children onto written options, a `ForEach` onto options from a list.
final class PickerLoweringTests: XCTestCase {
    func testBothContentFormsLowerOntoPickers() throws {
        let (json, _) = try lowerAndDecode("""
            import SwiftUI
            struct Flavors: View {
                @State private var flavor = "vanilla"
                @State private var size = 1
                private let sizes = ["S", "M", "L"]
                var body: some View {
                    VStack {
                        Picker("Flavor", selection: $flavor.animation(.spring())) {
                            Text("Chocolate").tag("chocolate")
                            Text("Vanilla").tag("vanilla")
                        }
                        .pickerStyle(.segmented)
                        Picker("Size", selection: $size) {
                            ForEach(sizes.indices, id: \\.self) { i in
                                Text(sizes[i]).tag(i)
                            }
                        }
                        .pickerStyle(.segmented)
                        Picker("Size", selection: $size) {
                            ForEach(sizes, id: \\.self) { s in
                                Text("Size \\(s)").tag(s.count)
                            }
                        }
                        .pickerStyle(.segmented)
                    }
                }
            }
            #Preview { Flavors() }
            """)
        XCTAssertEqual(json["root"]?.pretty(), """
            {
              "vstack": [
                {
                  "picker": "flavor",
                  "options": [{"text": "Chocolate", "tag": "chocolate"}, {"text": "Vanilla", "tag": "vanilla"}],
                  "label": "Flavor",
                  "bindingAnimation": ".spring()",
                  "pickerStyle": "segmented"
                },
                {
                  "picker": "size",
                  "options": {"forEach": "sizes.indices", "as": "i", "text": "${sizes[i]}"},
                  "label": "Size",
                  "pickerStyle": "segmented"
                },
                {
                  "picker": "size",
                  "options": {"forEach": "sizes", "as": "s", "text": "Size ${s}", "tag": "s.count"},
                  "label": "Size",
                  "pickerStyle": "segmented"
                }
              ]
            }

            """)
    }

    /// Another style lowers as written and is refused by the decoder with what to write; a tag that is not
    /// a literal is refused by the lowering.
    func testOtherStylesAndTagsAreRefused() throws {
        let menu = try SwiftSource.convert(source: """
            import SwiftUI
            struct P: View {
                @State private var n = 0
                var body: some View {
                    Picker("N", selection: $n) { Text("A").tag(0) }.pickerStyle(.menu)
                }
            }
            #Preview { P() }
            """, file: "P.swift", sidecar: testSidecar)
        XCTAssertThrowsError(try SceneFile.load(json: menu.pretty(), file: "P.swift")) { error in
            XCTAssertTrue("\(error)".contains(#"a menu picker is a button that opens a menu of the options, which is not drawn; write "pickerStyle": "segmented""#),
                          "\(error)")
        }
        let message = conversionError("""
            import SwiftUI
            struct P: View {
                @State private var n = 0
                var body: some View {
                    Picker("N", selection: $n) { Text("A").tag(n + 1) }.pickerStyle(.segmented)
                }
            }
            #Preview { P() }
            """)
        XCTAssertTrue(message.contains("a string, number or bool literal is"), message)
    }
}

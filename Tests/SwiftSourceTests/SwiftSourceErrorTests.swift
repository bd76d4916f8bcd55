import SwiftSource
import XCTest

/// Anything outside the subset is an error naming file:line:column, never skipped.
final class SwiftSourceErrorTests: XCTestCase {
    func testUnsupportedModifierNamesItsPlace() {
        let message = conversionError("""
            struct V: View {
                var body: some View {
                    Circle()
                        .fill(.red)
                        .hoverEffect(.lift)
                }
            }
            """)
        XCTAssertTrue(message.hasPrefix("Bad.swift:5:14: the modifier .hoverEffect is not supported; these are: "), message)
    }

    func testUIKitIsOutOfScope() {
        let message = conversionError("import UIKit\nclass Spinner: UIImageView {}\n")
        XCTAssertEqual(message, "Bad.swift:1:1: import UIKit is not supported; UIKit and Core Animation source is out of scope for the Swift front end; it reads SwiftUI views (write a JSON scene for UIKit code)")
        let classMessage = conversionError("class Spinner: UIView {}\n")
        XCTAssertTrue(classMessage.hasPrefix("Bad.swift:1:1: class Spinner: UIView is not supported; UIKit and Core Animation source is out of scope"), classMessage)
    }

    func testUnknownNameAndAssigningAParameter() {
        XCTAssertEqual(conversionError("struct V: View {\n    var body: some View { Circle().opacity(alpha) }\n}\n"),
                       "Bad.swift:2:44: unknown name 'alpha'; a body reads the struct's @State and parameters, and closure parameters")
        XCTAssertEqual(conversionError("struct V: View {\n    var size = 1.0\n    var body: some View { Circle().onTapGesture { size = 2 } }\n}\n"),
                       "Bad.swift:3:51: 'size' is not a @State variable of this view; only @State can be assigned")
    }

    func testUnsupportedPropertyWrapperViewAndStatement() {
        XCTAssertEqual(conversionError("struct V: View {\n    @Environment(\\.colorScheme) var scheme\n    var body: some View { Circle() }\n}\n"),
                       "Bad.swift:2:5: @Environment is not supported; @State, @FocusState, @Binding, @Namespace, @ViewBuilder and plain stored properties (parameters) are; pass values down as parameters")
        XCTAssertEqual(conversionError("struct V: View {\n    @Binding var on: Bool\n    var body: some View { Circle() }\n}\n"),
                       "Bad.swift:2:18: a @Binding on the root view V is not supported; @State on the root and @Binding on views used inside it are")
        XCTAssertTrue(conversionError("struct V: View {\n    var body: some View { List { Text(\"a\") } }\n}\n")
            .hasPrefix("Bad.swift:2:27: the view List is not supported; "))
        XCTAssertEqual(conversionError("struct V: View {\n    @State var n = 0\n    var body: some View { Circle().onTapGesture { print(n) } }\n}\n"),
                       "Bad.swift:3:51: print is not supported; actions change state; remove the print")
        XCTAssertTrue(conversionError("struct V: View {\n    @State var n = 0\n    var body: some View { Circle().onTapGesture { n = n & 1 } }\n}\n")
            .hasPrefix("Bad.swift:3:57: the operator '&' is not supported; "))
    }

    func testSyntaxErrorAndSidecarWithViews() {
        XCTAssertTrue(conversionError("struct V: View {\n    var body: some View { Circle( }\n}\n").hasPrefix("Bad.swift:2:"))
        do {
            _ = try SwiftSource.convert(source: "struct V: View { var body: some View { Circle() } }", file: "V.swift",
                                        sidecar: #"{"duration": 1, "state": {}}"#)
            XCTFail("a sidecar with state was accepted")
        } catch {
            XCTAssertTrue(error.description.hasPrefix("V.flipbook.json: 'state' comes from the Swift file"), error.description)
        }
    }

    func testTwoIdentifiersOnOneView() {
        XCTAssertTrue(conversionError("struct V: View { var body: some View { Circle().accessibilityIdentifier(\"a\").padding().accessibilityIdentifier(\"b\") } }")
            .hasPrefix("Bad.swift:1:88: a second accessibilityIdentifier on the view 'a' is not supported; "))
    }
}

import Flipbook
import SwiftSource
import XCTest

/// `cond ? a : b` where SwiftUI takes an `Animation` lowers onto the format's conditional animation.
final class AnimationValueLoweringTests: XCTestCase {
    func testTernaryAnimationsInTheModifierAndInWithAnimation() throws {
        let (json, _) = try lowerAndDecode("""
            import SwiftUI
            struct Wiggle: View {
                @State private var isEditing = false
                @State private var count = 0
                var body: some View {
                    Rectangle()
                        .rotationEffect(.degrees(isEditing ? 3 : 0))
                        .animation(isEditing ? .easeInOut(duration: 0.13).repeatForever() : .default, value: isEditing)
                        .onTapGesture {
                            withAnimation(count > 2 && isEditing ? .spring(duration: 0.2) : (count > 5 ? .smooth : .linear)) {
                                isEditing.toggle()
                            }
                        }
                }
            }
            #Preview { Wiggle() }
            """)
        let root = try XCTUnwrap(json["root"])
        XCTAssertEqual(root["animation"]?["curve"], .string("isEditing ? .easeInOut(duration: 0.13).repeatForever() : .default"))
        XCTAssertEqual(root["onTap"]?.pretty().contains(#""withAnimation": "(count > 2 && isEditing) ? .spring(duration: 0.2) : (count > 5) ? .smooth : .linear""#), true,
                       root["onTap"]?.pretty() ?? "")
    }

    func testANilBranchIsRefusedAtItsPlace() {
        let message = conversionError("""
            import SwiftUI
            struct V: View {
                @State private var on = false
                var body: some View {
                    Circle().animation(on ? .spring() : nil, value: on)
                }
            }
            """)
        XCTAssertTrue(message.hasPrefix("Bad.swift:5:45: "), message)
        XCTAssertTrue(message.contains("nil as one branch of a choice of animation"), message)
    }
}

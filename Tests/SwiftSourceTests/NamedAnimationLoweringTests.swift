import Flipbook
import SwiftSource
import XCTest

/// `Animation` properties lower onto the format's named animations (docs/scene-format.md, "Named
/// animations"): a root's `let`, `static let` and `@State var anim: Animation` become scene state holding the
/// animation's code, a component's `var animation: Animation = .spring()` a parameter with that default,
/// and `withAnimation(bounce)`, `.animation(bounce.delay(0.2), value:)` and `anim = ...` name them.
final class NamedAnimationLoweringTests: XCTestCase {
    func testAnimationPropertiesAndTheirUses() throws {
        let (json, scene) = try lowerAndDecode("""
            import SwiftUI
            struct Mover: View {
                var animation: Animation = .spring()
                private let settle = Animation.easeOut(duration: 0.2)
                @Binding var x: Double
                var body: some View {
                    Circle()
                        .offset(x: x)
                        .animation(settle.delay(0.1), value: x)
                        .onTapGesture { withAnimation(animation) { x += 10 } }
                }
            }
            struct Board: View {
                static let bounce = Animation.spring(duration: 0.4, bounce: 0.5)
                private let slow: Animation = .linear(duration: 2)
                @State private var anim: Animation = .default
                @State private var x = 0.0
                @State private var fast = false
                var body: some View {
                    VStack {
                        Mover(animation: .easeIn(duration: 0.3), x: $x)
                        Mover(animation: Self.bounce.speed(2), x: $x)
                        Rectangle()
                            .offset(x: x)
                            .animation(anim, value: x)
                            .onTapGesture {
                                anim = fast ? slow : .snappy
                                withAnimation(Board.bounce.repeatCount(2)) { x = 0 }
                            }
                    }
                }
            }
            #Preview { Board() }
            """)
        XCTAssertEqual(json["state"]?["bounce"], .string(".spring(duration: 0.4, bounce: 0.5)"))
        XCTAssertEqual(json["state"]?["slow"], .string(".linear(duration: 2)"))
        XCTAssertEqual(json["state"]?["anim"], .string(".default"))
        let mover = try XCTUnwrap(json["components"]?["Mover"])
        XCTAssertEqual(mover["params"]?["animation"], .string(".spring()"))
        XCTAssertEqual(mover["params"]?["settle"], .string(".easeOut(duration: 0.2)"))
        let text = json.pretty()
        for expected in [#""animation": ".easeIn(duration: 0.3)""#, #""animation": "bounce.speed(2)""#,
                         #""curve": "settle.delay(0.1)""#, #""curve": "anim""#, #""withAnimation": "animation""#,
                         #""anim": "fast ? slow : .snappy""#, #""withAnimation": "bounce.repeatCount(2)""#] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)")
        }
        // The scene reads them as animations: the state variables hold animation values.
        XCTAssertEqual(scene.state.first { $0.name == "bounce" }?.initial.typeName, "animation")
    }
}

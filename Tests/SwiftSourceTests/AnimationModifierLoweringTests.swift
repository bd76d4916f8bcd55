import DisplayList
import Flipbook
import Foundation
import Geometry
import SwiftSource
import XCTest

/// `.animation(_:value:)` written in Swift around an `if`: lowered onto the stack that holds the `if`, so
/// a tap's plain toggle fades the inserted view in with the modifier's animation, as in SwiftUI.
final class AnimationModifierLoweringTests: XCTestCase {
    let source = """
        import SwiftUI

        struct ContentView: View {
            @State private var on = false

            var body: some View {
                VStack(spacing: 10) {
                    if on {
                        Rectangle().fill(.red).frame(width: 40, height: 40).transition(.opacity)
                    }
                    Rectangle().fill(.blue).frame(width: 40, height: 40)
                }
                .animation(.linear(duration: 1), value: on)
                .onTapGesture { on.toggle() }
            }
        }
        """

    /// Each shape's top edge and opacity (the product of the groups around it), with its red component.
    func shapes(_ items: [DisplayItem], _ transform: Transform = .identity, opacity: Double = 1) -> [(red: Double, minY: Double, opacity: Double)] {
        var found: [(red: Double, minY: Double, opacity: Double)] = []
        for item in items {
            switch item {
            case .shape(let shape):
                guard case .color(let c)? = shape.fill?.paint else { continue }
                var ys: [Double] = []
                for element in shape.path.elements {
                    if case .move(let p) = element { ys.append(transform.apply(p).y) }
                    if case .line(let p) = element { ys.append(transform.apply(p).y) }
                }
                found.append((c.red, ys.min() ?? .nan, opacity))
            case .group(let group):
                found += shapes(group.children, group.transform.concatenating(transform), opacity: opacity * group.opacity)
            default:
                break
            }
        }
        return found
    }

    /// In a 100 x 200 canvas, tapped at 1 s: the red square (at y = 55) fades in by the linear fraction
    /// while the blue one moves from y = 80 to 105.
    func testAnimationAroundAnIfPlaysTheTransition() throws {
        let options = SwiftSourceOptions(duration: 3, taps: [(id: "tap1", at: 1)], canvas: (100, 200))
        let json = try SwiftSource.convert(source: source, options: options).pretty()
        XCTAssertTrue(json.contains(#""animation": {"curve": ".linear(duration: 1)", "value": "on"}"#), json)
        let player = try Player(scene: SceneFile.load(json: json, file: "ContentView.swift"))
        for t in [1.25, 1.5, 1.75] {
            let drawn = shapes(try player.displayList(at: t).items)
            let red = try XCTUnwrap(drawn.first { $0.red > 0.9 }, "t = \(t)")
            let blue = try XCTUnwrap(drawn.first { $0.red < 0.1 }, "t = \(t)")
            XCTAssertEqual(red.opacity, t - 1, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(red.minY, 55, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(blue.minY, 80 + 25 * (t - 1), accuracy: 1e-9, "t = \(t)")
        }
    }
}

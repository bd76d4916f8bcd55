import Compose
import Flipbook
import Foundation
import SceneFormat
import XCTest

/// Core Animation moves a colour in its `CGColor` components (gamma-encoded sRGB), whether the animation
/// replaces the property's value or, additive, adds onto it; SwiftUI animates `Color.Resolved` in linear
/// sRGB. Oracles: the sRGB transfer function (IEC 61966-2-1), written out here.
final class LayerColorSpaceTests: XCTestCase {
    private func toLinear(_ s: Double) -> Double { s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4) }
    private func fromLinear(_ l: Double) -> Double { l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055 }

    /// A square filled with the variable `c` (black in the model), and a button tapped at 0.5 s that runs
    /// `actions`.
    private func fill(_ actions: String, at t: Double) throws -> Color {
        let json = """
            {"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 3, "state": {"c": "#000000"},
             "root": {"zstack": [{"id": "box", "shape": "rectangle", "fill": "c", "frame": {"width": 20, "height": 20}},
               {"id": "button", "shape": "circle", "frame": {"width": 10, "height": 10}, "offset": {"x": 40}, "onTap": \(actions)}]},
             "script": [{"at": 0.5, "tap": "button"}]}
            """
        let player = try Player(scene: SceneDecoder.decode(Array(json.utf8)))
        return try XCTUnwrap(try player.views(at: t).first { $0.id == "box" }?.view.fill, "no fill at \(t)")
    }

    /// Black to #FF8040 over 1 s (linear timing, Core Animation's default): at half way each encoded
    /// component is half its end value, with and without `isAdditive` (added onto the black model value).
    func testCoreAnimationColourMovesInEncodedComponentsWithAndWithoutIsAdditive() throws {
        let end = [1.0, 128 / 255.0, 64 / 255.0]
        for additive in [false, true] {
            let c = try fill("""
                [{"caAnimation": {"keyPath": "c", "fromValue": "#000000", "toValue": "#FF8040", "duration": 1,
                  "isAdditive": \(additive)}}]
                """, at: 1.0)
            XCTAssertEqual(c.red, end[0] / 2, accuracy: 1e-9, "isAdditive \(additive)")
            XCTAssertEqual(c.green, end[1] / 2, accuracy: 1e-9, "isAdditive \(additive)")
            XCTAssertEqual(c.blue, end[2] / 2, accuracy: 1e-9, "isAdditive \(additive)")
        }
    }

    /// A keyframe colour animation moves in the same components: black, #FF8040, black over 1 s, at 0.25 s.
    func testCoreAnimationKeyframeColourMovesInEncodedComponents() throws {
        let c = try fill("""
            [{"caKeyframeAnimation": {"keyPath": "c", "values": ["#000000", "#FF8040", "#000000"], "duration": 1}}]
            """, at: 0.75)
        XCTAssertEqual(c.red, 0.5, accuracy: 1e-9)
        XCTAssertEqual(c.green, 64 / 255.0, accuracy: 1e-9)
    }

    /// SwiftUI's `withAnimation(.linear(duration: 1))` on the same change: half way in linear sRGB.
    func testSwiftUIColourMovesInLinearComponents() throws {
        let c = try fill(##"[{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"c": "#FF8040"}}]}]"##, at: 1.0)
        XCTAssertEqual(c.red, fromLinear(toLinear(1) / 2), accuracy: 1e-9)
        XCTAssertEqual(c.green, fromLinear(toLinear(128 / 255.0) / 2), accuracy: 1e-9)
        XCTAssertEqual(c.blue, fromLinear(toLinear(64 / 255.0) / 2), accuracy: 1e-9)
    }
}

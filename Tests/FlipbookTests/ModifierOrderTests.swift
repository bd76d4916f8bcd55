import Flipbook
import Foundation
import Pixels
import SceneFormat
import XCTest

/// `"modifiers": [...]` applies modifiers in the order written, as chained SwiftUI modifiers.
final class ModifierOrderTests: XCTestCase {
    let red = RGBA8(r: 255, g: 0, b: 0)
    let white = RGBA8(r: 255, g: 255, b: 255)

    func scene(_ root: String, state: String = "{}") throws -> Scene {
        let json = #"{"canvas": {"width": 60, "height": 60, "scale": 1, "background": "white"}, "duration": 1, "state": \#(state), "root": \#(root)}"#
        return try SceneDecoder.decode(Array(json.utf8))
    }

    func frame(_ root: String) throws -> PixelImage { try Player(scene: scene(root)).frame(at: 0) }

    /// The centre of the red pixels.
    func redCentre(_ image: PixelImage) -> (x: Double, y: Double)? {
        var sx = 0.0, sy = 0.0, n = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].g < 128 && image[x, y].r > 128 {
                sx += Double(x) + 0.5
                sy += Double(y) + 0.5
                n += 1
            }
        }
        return n > 0 ? (sx / n, sy / n) : nil
    }

    let square = #""shape": "rectangle", "fill": "rgb(1, 0, 0)", "frame": {"width": 4, "height": 4}"#

    /// `.offset(y: -20).rotationEffect(.degrees(θ))` puts the square on the circle of radius 20 about
    /// the frame's centre (30, 30) at angle θ clockwise from the top: (30 + 20 sin θ, 30 - 20 cos θ).
    /// The fixed order (rotation, then offset) leaves it above the centre whatever θ.
    func testOffsetThenRotationOrbitsTheCentre() throws {
        for degrees in [0.0, 45, 90, 135, 180, 270] {
            let written = try frame(#"{\#(square), "modifiers": [{"offset": {"y": -20}}, {"rotation": \#(degrees)}]}"#)
            let c = try XCTUnwrap(redCentre(written))
            let theta = degrees * .pi / 180
            XCTAssertEqual(c.x, 30 + 20 * sin(theta), accuracy: 0.5, "\(degrees)°")
            XCTAssertEqual(c.y, 30 - 20 * cos(theta), accuracy: 0.5, "\(degrees)°")
            let fixed = try XCTUnwrap(redCentre(try frame(#"{\#(square), "offset": {"y": -20}, "rotation": \#(degrees)}"#)))
            XCTAssertEqual(fixed.x, 30, accuracy: 0.5)
            XCTAssertEqual(fixed.y, 10, accuracy: 0.5)
        }
    }

    /// Written-order modifiers draw exactly as their nested equivalent, one ZStack per modifier.
    func testWrittenOrderEqualsNesting() throws {
        let written = #"{\#(square), "let": {"r": 18}, "modifiers": [{"padding": 3}, {"offset": {"y": "-r"}}, {"scale": 1.5, "anchor": "top"}, {"rotation": 30}, {"opacity": 0.5}, {"offset": {"x": 2}}]}"#
        let nested = #"{"zstack": [{"zstack": [{"zstack": [{"zstack": [{"zstack": [{"zstack": [{\#(square)}], "padding": 3}], "offset": {"y": -18}}], "scale": 1.5, "anchor": "top"}], "rotation": 30}], "opacity": 0.5}], "offset": {"x": 2}}"#
        let a = try frame(written), b = try frame(nested)
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, try frame(#"{\#(square)}"#))
    }

    /// A modifier may appear any number of times: two offsets add, two paddings add.
    func testRepeatedModifiers() throws {
        let c = try XCTUnwrap(redCentre(try frame(#"{\#(square), "modifiers": [{"offset": {"x": 5}}, {"offset": {"x": 7, "y": -3}}]}"#)))
        XCTAssertEqual(c.x, 42, accuracy: 0.5)
        XCTAssertEqual(c.y, 27, accuracy: 0.5)
        // `.padding(10).background(.red).padding(5)`: a 24 x 24 red square centred.
        let padded = try frame(#"{"spacer": {}, "frame": {"width": 4, "height": 4}, "modifiers": [{"padding": 10}, {"background": "rgb(1, 0, 0)"}, {"padding": 5}]}"#)
        XCTAssertEqual(padded[18, 18], red)
        XCTAssertEqual(padded[41, 41], red)
        XCTAssertEqual(padded[17, 30], white)
        XCTAssertEqual(padded[42, 30], white)
    }

    /// A written-order modifier animates as an attribute: the angle goes 0 -> 90 linearly over 1 s, so
    /// at 0.5 s the square is at 45° on its orbit.
    func testWrittenOrderModifierAnimates() throws {
        let json = #"{"canvas": {"width": 60, "height": 60, "scale": 1, "background": "white"}, "duration": 1, "state": {"a": 0}, "root": {\#(square), "modifiers": [{"offset": {"y": -20}}, {"rotation": "a"}]}, "script": [{"at": 0, "do": [{"set": {"a": 90}, "animation": ".linear(duration: 1)"}]}]}"#
        let image = try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0.5)
        let c = try XCTUnwrap(redCentre(image))
        XCTAssertEqual(c.x, 30 + 20 * sin(.pi / 4), accuracy: 0.5)
        XCTAssertEqual(c.y, 30 - 20 * cos(.pi / 4), accuracy: 0.5)
    }

    /// One modifier per entry; `anchor` only with rotation or scale; unknown keys are named.
    func testBadEntries() throws {
        XCTAssertThrowsError(try scene(#"{\#(square), "modifiers": [{"offset": {"y": 1}, "rotation": 3}]}"#)) { error in
            XCTAssertTrue("\(error)".contains("holds one modifier"), "\(error)")
            XCTAssertTrue("\(error)".contains("modifiers[0]") || "\(error)".contains("modifiers.0"), "\(error)")
        }
        XCTAssertThrowsError(try scene(#"{\#(square), "modifiers": [{"offset": {"y": 1}, "anchor": "top"}]}"#))
        XCTAssertThrowsError(try scene(#"{\#(square), "modifiers": [{}]}"#))
        XCTAssertThrowsError(try scene(#"{\#(square), "modifiers": [{"rotaton": 3}]}"#))
        XCTAssertThrowsError(try scene(#"{\#(square), "modifiers": {"offset": {"y": 1}}}"#))
    }

    /// The values of the view's phase and keyframe animators are names its `modifiers` entries read, as the
    /// content closures of `.phaseAnimator` and `.keyframeAnimator` see them: an entry reading them draws as
    /// the same modifier on the view.
    func testEntriesReadTheAnimatorsValues() throws {
        func frames(_ modifier: String) throws -> [PixelImage] {
            let json = #"""
            {"canvas": {"width": 60, "height": 60, "scale": 1, "background": "white"}, "duration": 2, "state": {"taps": 0},
             "root": {\#(square), "keyframeAnimator": {"initialValue": 0, "as": "v", "keyframes": [{"linear": 20, "duration": 1}]},
                      "phaseAnimator": {"phases": [0, 10], "as": "p", "animation": ".linear(duration: 0.5)"}, \#(modifier)}}
            """#
            let player = try Player(scene: SceneDecoder.decode(Array(json.utf8)))
            return try [0.25, 0.5, 0.8, 1.3].map { try player.frame(at: $0) }
        }
        let onView = try frames(#""offset": {"x": "v - 10", "y": "p - 5"}"#)
        XCTAssertEqual(try frames(#""modifiers": [{"offset": {"x": "v - 10", "y": "p - 5"}}]"#), onView)
        XCTAssertNotEqual(onView[0], onView[2], "the square moves")
    }
}

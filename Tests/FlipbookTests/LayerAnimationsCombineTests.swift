import Compose
import Flipbook
import Foundation
import SceneFormat
import XCTest

/// Several Core Animation animations on what one view shows combine as layer animations do: an additive
/// one adds onto the animations added before it ("the value specified by the animation will be added to
/// the current render tree value of the property", CAPropertyAnimation.isAdditive). Oracles are the
/// linear closed forms of each animation, summed here.
final class LayerAnimationsCombineTests: XCTestCase {
    func player(_ root: String, state: String, actions: String, tapAt: Double = 0.5, duration: Double = 4) throws -> Player {
        let json = """
            {"canvas": {"width": 200, "height": 200, "scale": 1}, "duration": \(duration), "state": \(state),
             "root": {"zstack": [\(root), {"id": "button", "shape": "circle", "frame": {"width": 10, "height": 10}, "onTap": \(actions)}]},
             "script": [{"at": \(tapAt), "tap": "button"}]}
            """
        return try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    func offset(_ player: Player, _ id: String, at t: Double) throws -> (x: Double, y: Double) {
        try XCTUnwrap(try player.views(at: t).first { $0.id == id }?.view, "no view \(id) at \(t)").offset
    }

    /// A move of x from 0 to 100 over 2 s, then an additive shake 0 -> 12 over 1 s on the same key: while
    /// both run the view is at 50 s + 12 s (s seconds after the tap); once the shake ends, at 50 s; once the
    /// move ends, at the model value 0.
    func testAnAdditiveAnimationAddsOntoAPlainOneBeforeIt() throws {
        let p = try player(#"{"id": "box", "shape": "rectangle", "frame": {"width": 20, "height": 20}, "offset": {"x": "x"}}"#,
                           state: #"{"x": 0}"#, actions: """
            [{"caAnimation": {"keyPath": "x", "fromValue": 0, "toValue": 100, "duration": 2}},
             {"caAnimation": {"keyPath": "x", "fromValue": 0, "toValue": 12, "duration": 1, "isAdditive": true}}]
            """)
        for s in [0.25, 0.5, 0.75] {
            XCTAssertEqual(try offset(p, "box", at: 0.5 + s).x, 100 * s / 2 + 12 * s, accuracy: 1e-9, "s = \(s)")
        }
        for s in [1.25, 1.5] {
            XCTAssertEqual(try offset(p, "box", at: 0.5 + s).x, 100 * s / 2, accuracy: 1e-9, "s = \(s)")
        }
        XCTAssertEqual(try offset(p, "box", at: 3).x, 0, accuracy: 1e-12)
    }

    /// The additive animation added after the plain one, while it runs (a shake on top of a move), on a
    /// rotation computed from the variable: 2 x degrees, the move 0 -> 90 over 2 s from the first tap, the
    /// shake a keyframe animation 0, 10, -10, 0 over 0.6 s from 1.0 s.
    func testAShakeAddedDuringAMoveShows() throws {
        let json = """
            {"canvas": {"width": 200, "height": 200, "scale": 1}, "duration": 4, "state": {"x": 0},
             "root": {"zstack": [{"id": "box", "shape": "rectangle", "frame": {"width": 20, "height": 20}, "rotation": "2 * x"},
               {"id": "move", "shape": "circle", "frame": {"width": 10, "height": 10},
                "onTap": [{"caAnimation": {"keyPath": "x", "fromValue": 0, "toValue": 90, "duration": 2}}]},
               {"id": "shake", "shape": "circle", "frame": {"width": 10, "height": 10}, "offset": {"x": 50},
                "onTap": [{"caKeyframeAnimation": {"keyPath": "x", "values": [0, 10, -10, 0], "duration": 0.6, "isAdditive": true}}]}]},
             "script": [{"at": 0.5, "tap": "move"}, {"at": 1.0, "tap": "shake"}]}
            """
        let p = try Player(scene: SceneDecoder.decode(Array(json.utf8)))
        func rotation(_ t: Double) throws -> Double {
            try XCTUnwrap(try p.views(at: t).first { $0.id == "box" }?.view).rotation
        }
        // Keyframes evenly spaced: 0 -> 10 over [0, 0.2], 10 -> -10 over [0.2, 0.4], -10 -> 0 over [0.4, 0.6].
        func shake(_ u: Double) -> Double {
            if u < 0.2 { return 10 * u / 0.2 }
            if u < 0.4 { return 10 - 20 * (u - 0.2) / 0.2 }
            return -10 + 10 * (u - 0.4) / 0.2
        }
        for t in [0.8, 1.1, 1.3, 1.5, 1.9] {
            let move = 90 * (t - 0.5) / 2
            let expected = 2 * (move + (t >= 1.0 && t < 1.6 ? shake(t - 1.0) : 0))
            XCTAssertEqual(try rotation(t), expected, accuracy: 1e-9, "t = \(t)")
        }
    }

    /// A scene whose box has `box` (JSON keys), with two buttons tapped at 0.5 s and 1.0 s running `first`
    /// and `second`.
    func twoTaps(box: String, state: String, first: String, second: String) throws -> Player {
        let json = """
            {"canvas": {"width": 200, "height": 200, "scale": 1}, "duration": 4, "state": \(state),
             "root": {"zstack": [{"id": "box", "shape": "rectangle", \(box)},
               {"id": "first", "shape": "circle", "frame": {"width": 10, "height": 10}, "onTap": \(first)},
               {"id": "second", "shape": "circle", "frame": {"width": 10, "height": 10}, "offset": {"x": 50}, "onTap": \(second)}]},
             "script": [{"at": 0.5, "tap": "first"}, {"at": 1.0, "tap": "second"}]}
            """
        return try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    func box(_ player: Player, at t: Double) throws -> InspectedView {
        try XCTUnwrap(try player.views(at: t).first { $0.id == "box" }?.view, "no box at \(t)")
    }

    /// x and y of one offset, each with its own animation: x 0 -> 100 over 2 s from 0.5 s, y 0 -> 40 over
    /// 1 s from 1.0 s; each moves its own component, linearly.
    func testAnimationsOnXAndYOfOneOffsetEachMoveTheirOwn() throws {
        let p = try twoTaps(box: #""frame": {"width": 20, "height": 20}, "offset": {"x": "x", "y": "y"}"#, state: #"{"x": 0, "y": 0}"#,
                            first: #"[{"caAnimation": {"keyPath": "x", "fromValue": 0, "toValue": 100, "duration": 2}}]"#,
                            second: #"[{"caAnimation": {"keyPath": "y", "fromValue": 0, "toValue": 40, "duration": 1}}]"#)
        for t in [0.75, 1.25, 1.75, 2.25] {
            let offset = try box(p, at: t).offset
            XCTAssertEqual(offset.x, 100 * (t - 0.5) / 2, accuracy: 1e-9, "x at \(t)")
            XCTAssertEqual(offset.y, t >= 1 && t < 2 ? 40 * (t - 1) : 0, accuracy: 1e-9, "y at \(t)")
        }
    }

    /// A SwiftUI animation of y (`withAnimation(.linear(duration: 1)) { y = 40 }` at 1.0 s) while a Core
    /// Animation animation moves x: y moves linearly from 0 to 40, x keeps its animation.
    func testASwiftUIAnimationOfYPlaysWhileACoreAnimationMovesX() throws {
        let p = try twoTaps(box: #""frame": {"width": 20, "height": 20}, "offset": {"x": "x", "y": "y"}"#, state: #"{"x": 0, "y": 0}"#,
                            first: #"[{"caAnimation": {"keyPath": "x", "fromValue": 0, "toValue": 100, "duration": 2}}]"#,
                            second: #"[{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"y": "40"}}]}]"#)
        for t in [1.25, 1.5, 1.75] {
            let offset = try box(p, at: t).offset
            XCTAssertEqual(offset.x, 100 * (t - 0.5) / 2, accuracy: 1e-9, "x at \(t)")
            XCTAssertEqual(offset.y, 40 * (t - 1), accuracy: 1e-9, "y at \(t)")
        }
    }

    /// Width and height of one frame, each animated: width 20 -> 100 over 2 s from 0.5 s, height 20 -> 60
    /// over 1 s from 1.0 s; the box stays centred at (100, 100) and grows in both directions.
    func testAnimationsOnWidthAndHeightOfOneFrameBothShow() throws {
        let p = try twoTaps(box: #""frame": {"width": "bw", "height": "bh"}"#, state: #"{"bw": 20, "bh": 20}"#,
                            first: #"[{"caAnimation": {"keyPath": "bw", "fromValue": 20, "toValue": 100, "duration": 2}}]"#,
                            second: #"[{"caAnimation": {"keyPath": "bh", "fromValue": 20, "toValue": 60, "duration": 1}}]"#)
        for t in [1.25, 1.5, 1.75] {
            let w = 20 + 80 * (t - 0.5) / 2, h = 20 + 40 * (t - 1)
            let frame = try box(p, at: t).frame
            XCTAssertEqual(frame.width, w, accuracy: 1e-9, "width at \(t)")
            XCTAssertEqual(frame.height, h, accuracy: 1e-9, "height at \(t)")
            XCTAssertEqual(frame.midX, 100, accuracy: 1e-9, "centre x at \(t)")
            XCTAssertEqual(frame.midY, 100, accuracy: 1e-9, "centre y at \(t)")
        }
    }
}

import Compose
import Flipbook
import Foundation
import SceneFormat
import XCTest

/// When an `if` inserts or removes a view in an animated transaction, SwiftUI animates the frames of
/// every view whose layout changed (its `AnimatableFrameAttribute`), so the siblings move to their new
/// places with the animation's curve while the view itself plays its transition. Positions are worked
/// out by hand from the stack's layout and the curves evaluated here.
final class ConditionalSiblingAnimationTests: XCTestCase {
    func player(_ json: String) throws -> Player {
        try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    func frame(_ player: Player, _ id: String, at t: Double) throws -> (x: Double, y: Double) {
        let view = try XCTUnwrap(try player.views(at: t).first { $0.id == id }?.view, "no view \(id) at \(t)")
        return (view.frame.minX, view.frame.minY)
    }

    /// A cubic Bézier timing curve through (0, 0), (x1, y1), (x2, y2), (1, 1) at time fraction `x`,
    /// solved by bisection (x is increasing in the parameter for these control points).
    func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if b(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return b((lo + hi) / 2, y1, y2)
    }

    /// `VStack(spacing: 10) { if on { a 40 x 40 }; b 40 x 40 }` centred in a 100 x 200 canvas: b alone is
    /// at y = 80; with a, the stack is 90 high from y = 55, so a is at 55 and b at 105.
    func stack(on: Bool, script: String) -> String {
        #"""
        {"canvas": {"width": 100, "height": 200, "scale": 1}, "duration": 4, "state": {"on": \#(on)},
         "root": {"vstack": [
            {"if": "on", "id": "a", "shape": "rectangle", "fill": "red", "frame": {"width": 40, "height": 40}, "transition": ".opacity"},
            {"id": "b", "shape": "rectangle", "fill": "blue", "frame": {"width": 40, "height": 40}}], "spacing": 10},
         "script": \#(script)}
        """#
    }

    /// `withAnimation(.easeInOut(duration: 1)) { on = true }` at 1 s: b moves from 80 to 105 along
    /// easeInOut (Bézier 0.42, 0, 0.58, 1), half way (92.5) at 1.5 s, where easeInOut(0.5) = 0.5.
    func testTheSiblingOfAnInsertedViewMovesWithTheCurve() throws {
        let p = try player(stack(on: false, script: #"[{"at": 1, "do": [{"withAnimation": ".easeInOut(duration: 1)", "do": [{"set": {"on": true}}]}]}]"#))
        XCTAssertEqual(try frame(p, "b", at: 0.9).y, 80, accuracy: 1e-9)
        XCTAssertEqual(bezier(0.5, 0.42, 0, 0.58, 1), 0.5, accuracy: 1e-12)
        XCTAssertEqual(try frame(p, "b", at: 1.5).y, 92.5, accuracy: 1e-6)
        for t in [1.0, 1.1, 1.25, 1.8] {
            XCTAssertEqual(try frame(p, "b", at: t).y, 80 + 25 * bezier(t - 1, 0.42, 0, 0.58, 1), accuracy: 1e-6, "t = \(t)")
        }
        XCTAssertEqual(try frame(p, "b", at: 2.5).y, 105, accuracy: 1e-9)
        // The inserted view appears at its place (y = 55) and stays there while the stack grows around it.
        for t in [1.0, 1.25, 1.5, 2.5] {
            XCTAssertEqual(try frame(p, "a", at: t).y, 55, accuracy: 1e-9, "t = \(t)")
        }
    }

    /// `withAnimation(.linear(duration: 1)) { on = false }` at 1 s: b moves up from 105 to 80 while a
    /// fades out where it was (y = 55), no longer taking part in the layout.
    func testTheSiblingOfARemovedViewMovesWhileItLeaves() throws {
        let p = try player(stack(on: true, script: #"[{"at": 1, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"on": false}}]}]}]"#))
        XCTAssertEqual(try frame(p, "b", at: 0.9).y, 105, accuracy: 1e-9)
        for t in [1.0, 1.25, 1.5, 1.75] {
            let fraction = t - 1
            XCTAssertEqual(try frame(p, "b", at: t).y, 105 - 25 * fraction, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(try frame(p, "a", at: t).y, 55, accuracy: 1e-9, "t = \(t)")
        }
        XCTAssertEqual(try frame(p, "b", at: 2).y, 80, accuracy: 1e-9)
        XCTAssertNil(try p.views(at: 2).first { $0.id == "a" })
    }

    /// A second toggle half way through the first (both `.linear(duration: 1)`) continues from where b is
    /// shown: SwiftUI adds each change's offset, (old - new) times the part of its animation left. At
    /// 1.5 s b is at 92.5 on both sides of the change; from 1.5 to 2 s the two offsets cancel
    /// (-25 (2 - t) + 25 (2.5 - t) = 12.5), and from 2 s the second one carries b back to 80.
    func testASecondToggleContinuesFromWhereTheSiblingIsShown() throws {
        let p = try player(stack(on: false, script: #"""
            [{"at": 1, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"on": true}}]}]},
             {"at": 1.5, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"on": false}}]}]}]
            """#))
        XCTAssertEqual(try frame(p, "b", at: 1.499).y, 80 + 25 * 0.499, accuracy: 1e-9)
        for t in [1.5, 1.6, 1.9] {
            XCTAssertEqual(try frame(p, "b", at: t).y, 80 - 25 * (2 - t) + 25 * (2.5 - t), accuracy: 1e-9, "t = \(t)")
        }
        for t in [2.0, 2.25] {
            XCTAssertEqual(try frame(p, "b", at: t).y, 80 + 25 * (2.5 - t), accuracy: 1e-9, "t = \(t)")
        }
        XCTAssertEqual(try frame(p, "b", at: 2.6).y, 80, accuracy: 1e-9)
    }

    /// The custom switch of a public sample: `HStack { if on { Spacer() }; knob; if !on { Spacer() } }`
    /// under `.animation(curve, value: on)`, the tap setting `on` without `withAnimation`. The 40-point knob
    /// in a 200-point row goes from x = 0 to x = 160, sliding with the modifier's animation.
    func knob(_ curve: String) -> String {
        #"""
        {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 3, "state": {"on": false},
         "root": {"hstack": [
            {"if": "on", "spacer": {}},
            {"id": "knob", "shape": "circle", "fill": "white", "frame": {"width": 40, "height": 40}},
            {"if": "!on", "spacer": {}}],
          "animation": {"curve": "\#(curve)", "value": "on"}},
         "script": [{"at": 1, "do": [{"set": {"on": true}}]}]}
        """#
    }

    func testTheKnobSlidesWithTheAnimationModifiersCurve() throws {
        let p = try player(knob(".linear(duration: 1)"))
        XCTAssertEqual(try frame(p, "knob", at: 0.9).x, 0, accuracy: 1e-9)
        for t in [1.0, 1.25, 1.5, 1.75, 2.0, 2.5] {
            XCTAssertEqual(try frame(p, "knob", at: t).x, 160 * min(1, t - 1), accuracy: 1e-9, "t = \(t)")
        }
    }

    /// `.spring()` is `spring(duration: 0.5, bounce: 0)`: critically damped with ω = 2π / 0.5, whose step
    /// response from rest is 1 - (1 + ω t) e^(-ω t).
    func testTheKnobSlidesWithTheDefaultSpring() throws {
        let p = try player(knob(".spring()"))
        let omega = 2 * Double.pi / 0.5
        for t in [1.05, 1.1, 1.2, 1.4] {
            let s = t - 1
            XCTAssertEqual(try frame(p, "knob", at: t).x, 160 * (1 - (1 + omega * s) * exp(-omega * s)), accuracy: 1e-6, "t = \(t)")
        }
    }

    /// A `forEach` item removed in an animated transaction leaves the layout at once as an `if` view does:
    /// `HStack(spacing: 0) { ForEach(items) { 20 x 20 } }` centred in 100 points, `items` from [a, b, c]
    /// (x = 20, 40, 60) to [b, c] (x = 30, 50) under `.linear(duration: 1)`: b and c move left 10 points
    /// over the second, while a fades where it was (x = 20).
    func testTheItemsAfterARemovedForEachItemMoveIntoItsSpace() throws {
        let p = try player(#"""
            {"canvas": {"width": 100, "height": 40, "scale": 1}, "duration": 3, "state": {"items": ["a", "b", "c"]},
             "root": {"hstack": [{"forEach": "items", "as": "name", "content":
                {"id": "cell-${name}", "shape": "rectangle", "fill": "red", "frame": {"width": 20, "height": 20}}}], "spacing": 0},
             "script": [{"at": 1, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"items": "['b', 'c']"}}]}]}]}
            """#)
        for t in [1.0, 1.25, 1.5, 1.75] {
            let fraction = t - 1
            XCTAssertEqual(try frame(p, "cell-a", at: t).x, 20, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(try frame(p, "cell-b", at: t).x, 40 - 10 * fraction, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(try frame(p, "cell-c", at: t).x, 60 - 10 * fraction, accuracy: 1e-9, "t = \(t)")
        }
        XCTAssertEqual(try frame(p, "cell-b", at: 2.5).x, 30, accuracy: 1e-9)
    }
}

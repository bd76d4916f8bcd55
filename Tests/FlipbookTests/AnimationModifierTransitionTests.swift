import DisplayList
import Flipbook
import Foundation
import Geometry
import SceneFormat
import XCTest

/// `.animation(_:value:)` over views an `if` inserts or removes: in a transaction where the watched value
/// changes, SwiftUI gives the subtree the modifier's animation (OpenSwiftUI's `ChildTransaction`), so the
/// insertion or removal transition plays with it, also after a plain `set`, and instead of a
/// `withAnimation`'s; an inner modifier wins over an outer one inside it. Opacities, offsets and frames
/// are worked out here from the stack's layout and the curves' closed forms.
final class AnimationModifierTransitionTests: XCTestCase {
    /// A shape as drawn: its bounds in canvas points, its opacity (the product of the groups' around it),
    /// and its fill colour.
    struct Drawn {
        var bounds: Rect
        var opacity: Double
        var color: Color?
    }

    func drawn(_ items: [DisplayItem], _ transform: Transform = .identity, opacity: Double = 1) -> [Drawn] {
        var shapes: [Drawn] = []
        for item in items {
            switch item {
            case .shape(let shape):
                var points: [Point] = []
                for element in shape.path.elements {
                    switch element {
                    case .move(let p), .line(let p): points.append(transform.apply(p))
                    default: break
                    }
                }
                guard let first = points.first else { continue }
                var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
                for p in points { (x0, y0, x1, y1) = (min(x0, p.x), min(y0, p.y), max(x1, p.x), max(y1, p.y)) }
                var color: Color?
                if case .color(let c)? = shape.fill?.paint { color = c }
                shapes.append(Drawn(bounds: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), opacity: opacity, color: color))
            case .group(let group):
                shapes += drawn(group.children, group.transform.concatenating(transform), opacity: opacity * group.opacity)
            default:
                break
            }
        }
        return shapes
    }

    func player(_ json: String) throws -> Player {
        try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    /// The fills the scenes here use: SwiftUI's red (#ff3b30) and blue (#007aff), and #00ff00.
    enum Hue {
        case red, blue, green

        func matches(_ c: Color) -> Bool {
            switch self {
            case .red: return c.red > 0.9 && c.green < 0.5 && c.blue < 0.5
            case .blue: return c.red < 0.1 && c.blue > 0.9
            case .green: return c.red < 0.1 && c.green > 0.9 && c.blue < 0.1
            }
        }
    }

    /// The shapes drawn at `t` filled with `hue`.
    func shapes(_ player: Player, at t: Double, _ hue: Hue) throws -> [Drawn] {
        drawn(try player.displayList(at: t).items).filter { shape in shape.color.map(hue.matches) ?? false }
    }

    func one(_ player: Player, at t: Double, _ hue: Hue) throws -> Drawn {
        let found = try shapes(player, at: t, hue)
        XCTAssertEqual(found.count, 1, "one \(hue) shape at \(t)")
        return try XCTUnwrap(found.first, "at \(t)")
    }

    /// A cubic Bézier timing curve through (0, 0), (x1, y1), (x2, y2), (1, 1) at time fraction `x`, solved
    /// by bisection (x is increasing in the parameter for these control points).
    func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if b(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return b((lo + hi) / 2, y1, y2)
    }

    /// `VStack(spacing: 10) { if on { red 40 x 40 }; blue 40 x 40 }.animation(curve, value: watched)` centred
    /// in a 100 x 200 canvas: blue alone is at y = 80; with red, the stack is 90 high from y = 55, so red is
    /// at 55 and blue at 105 (both at x = 30).
    func stack(on: Bool, curve: String, watched: String = "on", transition: String = ".opacity", script: String) -> String {
        #"""
        {"canvas": {"width": 100, "height": 200, "scale": 1}, "duration": 6, "state": {"on": \#(on), "other": 0},
         "root": {"vstack": [
            {"if": "on", "shape": "rectangle", "fill": "red", "frame": {"width": 40, "height": 40}, "transition": "\#(transition)"},
            {"shape": "rectangle", "fill": "blue", "frame": {"width": 40, "height": 40}}], "spacing": 10,
            "animation": {"curve": \#(curve), "value": "\#(watched)"}},
         "script": \#(script)}
        """#
    }

    let setOnAtOne = #"[{"at": 1, "do": [{"set": {"on": true}}]}]"#
    let setOffAtOne = #"[{"at": 1, "do": [{"set": {"on": false}}]}]"#

    /// A plain `set` at 1 s under `.animation(.linear(duration: 1), value: on)`: red fades in, its opacity
    /// the linear fraction (0.25 at 1.25 s), while blue moves down from 80 to 105 by the same fraction.
    func testAPlainSetPlaysTheInsertionWithTheModifiersAnimation() throws {
        let p = try player(stack(on: false, curve: #"".linear(duration: 1)""#, script: setOnAtOne))
        XCTAssertTrue(try shapes(p, at: 0.9, .red).isEmpty)
        for t in [1.25, 1.5, 1.75] {
            let fraction = t - 1
            let red = try one(p, at: t, .red)
            XCTAssertEqual(red.opacity, fraction, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(red.bounds.minY, 55, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(try one(p, at: t, .blue).bounds.minY, 80 + 25 * fraction, accuracy: 1e-9, "t = \(t)")
        }
        XCTAssertEqual(try one(p, at: 2.5, .red).opacity, 1)
        XCTAssertEqual(try one(p, at: 2.5, .blue).bounds.minY, 105, accuracy: 1e-9)
    }

    /// The removal: red stays where it was laid out (y = 55) and fades out over the linear second, blue
    /// moves up from 105 to 80; from 2 s red is gone.
    func testAPlainSetPlaysTheRemovalWithTheModifiersAnimation() throws {
        let p = try player(stack(on: true, curve: #"".linear(duration: 1)""#, script: setOffAtOne))
        for t in [1.25, 1.5, 1.75] {
            let fraction = t - 1
            let red = try one(p, at: t, .red)
            XCTAssertEqual(red.opacity, 1 - fraction, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(red.bounds.minY, 55, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(try one(p, at: t, .blue).bounds.minY, 105 - 25 * fraction, accuracy: 1e-9, "t = \(t)")
        }
        XCTAssertTrue(try shapes(p, at: 2, .red).isEmpty)
        XCTAssertEqual(try one(p, at: 2, .blue).bounds.minY, 80, accuracy: 1e-9)
    }

    /// `.move(edge: .leading)` under `.easeInOut(duration: 1)` (Bézier 0.42, 0, 0.58, 1): red comes in from
    /// one width (40) to the left of its place, x = 30 - 40 (1 - e), while blue moves down by 25 e.
    func testAMoveInsertionFollowsTheModifiersEaseInOut() throws {
        let p = try player(stack(on: false, curve: #"".easeInOut(duration: 1)""#, transition: ".move(edge: .leading)",
                                 script: setOnAtOne))
        for t in [1.1, 1.3, 1.5, 1.8] {
            let e = bezier(t - 1, 0.42, 0, 0.58, 1)
            XCTAssertEqual(try one(p, at: t, .red).bounds.minX, 30 - 40 * (1 - e), accuracy: 1e-6, "t = \(t)")
            XCTAssertEqual(try one(p, at: t, .blue).bounds.minY, 80 + 25 * e, accuracy: 1e-6, "t = \(t)")
        }
        XCTAssertEqual(try one(p, at: 2.2, .red).bounds.minX, 30, accuracy: 1e-9)
    }

    /// In a `withAnimation(.linear(duration: 4))` that changes the watched value, the modifier's
    /// `.linear(duration: 1)` plays the transition and moves blue (at 1.5 s: half way, not an eighth);
    /// `.animation(nil, value: on)` makes red pop in and blue jump, whatever the transaction's animation.
    func testTheModifierReplacesTheTransactionsAnimation() throws {
        let withAnimation = #"[{"at": 1, "do": [{"withAnimation": ".linear(duration: 4)", "do": [{"set": {"on": true}}]}]}]"#
        let p = try player(stack(on: false, curve: #"".linear(duration: 1)""#, script: withAnimation))
        XCTAssertEqual(try one(p, at: 1.5, .red).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(try one(p, at: 1.5, .blue).bounds.minY, 92.5, accuracy: 1e-9)
        XCTAssertEqual(try one(p, at: 2.5, .red).opacity, 1)
        let none = try player(stack(on: false, curve: "null", script: withAnimation))
        XCTAssertEqual(try one(none, at: 1.25, .red).opacity, 1)
        XCTAssertEqual(try one(none, at: 1.25, .blue).bounds.minY, 105, accuracy: 1e-9)
    }

    /// A modifier whose value did not change leaves the transaction alone: a plain `set` pops red in, and a
    /// `withAnimation(.linear(duration: 4))` fades it in over 4 s (an eighth at 1.5 s).
    func testAModifierWhoseValueStaysLeavesTheTransactionsAnimation() throws {
        let plain = try player(stack(on: false, curve: #"".linear(duration: 1)""#, watched: "other", script: setOnAtOne))
        XCTAssertEqual(try one(plain, at: 1.25, .red).opacity, 1)
        XCTAssertEqual(try one(plain, at: 1.25, .blue).bounds.minY, 105, accuracy: 1e-9)
        let withAnimation = #"[{"at": 1, "do": [{"withAnimation": ".linear(duration: 4)", "do": [{"set": {"on": true}}]}]}]"#
        let animated = try player(stack(on: false, curve: #"".linear(duration: 1)""#, watched: "other", script: withAnimation))
        XCTAssertEqual(try one(animated, at: 1.5, .red).opacity, 0.125, accuracy: 1e-9)
    }

    /// An inner `.animation(.linear(duration: 1), value: on)` around red wins inside it over the outer
    /// `.animation(.linear(duration: 2), value: on)`, which still plays green's transition beside it: at
    /// 1.5 s red is half in, green a quarter.
    func testTheInnerModifierWinsInsideIt() throws {
        let json = #"""
        {"canvas": {"width": 100, "height": 200, "scale": 1}, "duration": 4, "state": {"on": false},
         "root": {"hstack": [
            {"vstack": [{"if": "on", "shape": "rectangle", "fill": "red", "frame": {"width": 20, "height": 20}}],
             "frame": {"width": 30, "height": 30}, "animation": {"curve": ".linear(duration: 1)", "value": "on"}},
            {"if": "on", "shape": "rectangle", "fill": "#00ff00", "frame": {"width": 20, "height": 20}}],
            "animation": {"curve": ".linear(duration: 2)", "value": "on"}},
         "script": [{"at": 1, "do": [{"set": {"on": true}}]}]}
        """#
        let p = try player(json)
        for t in [1.25, 1.5, 1.8] {
            XCTAssertEqual(try one(p, at: t, .red).opacity, t - 1, accuracy: 1e-9, "inner, t = \(t)")
            XCTAssertEqual(try one(p, at: t, .green).opacity, (t - 1) / 2, accuracy: 1e-9, "outer, t = \(t)")
        }
        XCTAssertEqual(try one(p, at: 2.5, .red).opacity, 1)
        XCTAssertEqual(try one(p, at: 2.5, .green).opacity, 0.75, accuracy: 1e-9)
    }

    /// Inside a `forEach`, each item's conditional view plays under the modifier: items 1 and 2 (red 20 x 20
    /// while `on`) fade in over the linear second after the plain set, item 0 (always there) does not change.
    func testConditionalViewsInForEachItems() throws {
        let json = #"""
        {"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 3, "state": {"on": false},
         "root": {"hstack": [{"forEach": "0..<3", "as": "i", "content":
            {"if": "on || i == 0", "shape": "rectangle", "fill": "red", "frame": {"width": 20, "height": 20}}}],
            "spacing": 0, "animation": {"curve": ".linear(duration: 1)", "value": "on"}},
         "script": [{"at": 1, "do": [{"set": {"on": true}}]}]}
        """#
        let p = try player(json)
        let reds = try shapes(p, at: 1.25, .red).sorted { $0.bounds.minX < $1.bounds.minX }
        XCTAssertEqual(reds.map(\.opacity), [1, 0.25, 0.25])
    }

    /// `forEach` items inserted or removed under the modifier: `HStack(spacing: 0) { ForEach(0..<n) { red
    /// 20 x 20 } }` centred in 100 x 100. With n going 1 -> 3 in a plain set at 1 s, items 1 and 2 fade in at
    /// their places (x = 40, 60) by the linear fraction while item 0 moves from x = 40 to 20; going back
    /// 3 -> 1 at 3 s, items 1 and 2 fade out where they were while item 0 moves back.
    func testForEachItemsComeAndGoWithTheModifiersAnimation() throws {
        let json = #"""
        {"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 5, "state": {"n": 1},
         "root": {"hstack": [{"forEach": "0..<n", "as": "i", "content":
            {"shape": "rectangle", "fill": "red", "frame": {"width": 20, "height": 20}}}],
            "spacing": 0, "animation": {"curve": ".linear(duration: 1)", "value": "n"}},
         "script": [{"at": 1, "do": [{"set": {"n": 3}}]}, {"at": 3, "do": [{"set": {"n": 1}}]}]}
        """#
        let p = try player(json)
        for t in [1.25, 1.5] {
            let f = t - 1
            let reds = try shapes(p, at: t, .red)
            XCTAssertEqual(reds.map(\.bounds.minX), [40 - 20 * f, 40, 60], "t = \(t)")
            XCTAssertEqual(reds.map(\.opacity), [1, f, f], "t = \(t)")
        }
        for t in [3.25, 3.5] {
            let f = t - 3
            let reds = try shapes(p, at: t, .red)
            XCTAssertEqual(reds.map(\.bounds.minX), [20 + 20 * f, 40, 60], "t = \(t)")
            XCTAssertEqual(reds.map(\.opacity), [1, 1 - f, 1 - f], "t = \(t)")
        }
        XCTAssertEqual(try shapes(p, at: 4, .red).map(\.bounds.minX), [40])
    }

    /// `matchedGeometryEffect` under the modifier: when `right` turns true in a plain set, the shared frame
    /// moves from the left view's frame (40, 45, 20 x 10) to the right one's (120, 35, 60 x 30) by the
    /// linear fraction, and the leaving view follows it while its (identity) removal plays (the rectangles'
    /// frames are written around the effect, so they take the shared size proposed to them).
    func testAMatchedGeometryMoveTakesTheModifiersAnimation() throws {
        let json = #"""
        {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 3, "state": {"right": false},
         "root": {"hstack": [
           {"zstack": [{"if": "!right", "shape": "rectangle", "fill": "red", "modifiers": [{"frame": {"width": 20, "height": 10}}],
                        "transition": ".identity", "matchedGeometryEffect": {"id": "'u'", "in": "ns"}}],
            "frame": {"width": 100, "height": 100}},
           {"zstack": [{"if": "right", "shape": "rectangle", "fill": "red", "modifiers": [{"frame": {"width": 60, "height": 30}}],
                        "transition": ".identity", "matchedGeometryEffect": {"id": "'u'", "in": "ns"}}],
            "frame": {"width": 100, "height": 100}}], "spacing": 0,
            "animation": {"curve": ".linear(duration: 1)", "value": "right"}},
         "script": [{"at": 0.5, "do": [{"set": {"right": true}}]}]}
        """#
        let p = try player(json)
        for t in [0.75, 1.0, 1.3] {
            let f = t - 0.5
            let expected = Rect(x: 40 + 80 * f, y: 45 - 10 * f, width: 20 + 40 * f, height: 10 + 20 * f)
            let rects = try shapes(p, at: t, .red)
            XCTAssertEqual(rects.count, 2, "both drawn at \(t)")
            for r in rects {
                XCTAssertEqual(r.bounds.minX, expected.minX, accuracy: 1e-6, "t = \(t)")
                XCTAssertEqual(r.bounds.minY, expected.minY, accuracy: 1e-6, "t = \(t)")
                XCTAssertEqual(r.bounds.width, expected.width, accuracy: 1e-6, "t = \(t)")
                XCTAssertEqual(r.bounds.height, expected.height, accuracy: 1e-6, "t = \(t)")
            }
        }
        XCTAssertEqual(try shapes(p, at: 1.6, .red).map(\.bounds), [Rect(x: 120, y: 35, width: 60, height: 30)])
    }
}

import DisplayList
import Flipbook
import Foundation
import Geometry
import SceneFormat
import XCTest

/// `matchedGeometryEffect` on a container, and on a follower whose id changes: the frames drawn against
/// layouts worked out by hand here (stack spacing and alignment applied to the in-between size) and
/// against the timing curves solved here.
final class MatchedGeometryLayoutTests: XCTestCase {
    /// The bounds of every shape drawn (through groups' transforms), in drawing order (`drawnShapes`).
    func shapeBounds(_ items: [DisplayItem]) -> [Rect] { drawnShapes(items).map(\.rect) }

    func lerp(_ a: Rect, _ b: Rect, _ p: Double) -> Rect {
        Rect(x: a.minX + (b.minX - a.minX) * p, y: a.minY + (b.minY - a.minY) * p,
             width: a.width + (b.width - a.width) * p, height: a.height + (b.height - a.height) * p)
    }

    func assertRects(_ rects: [Rect], _ expected: [Rect], _ message: String, accuracy: Double = 1e-6,
                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(rects.count, expected.count, "count: \(message)", file: file, line: line)
        for (r, e) in zip(rects, expected) {
            XCTAssertEqual(r.minX, e.minX, accuracy: accuracy, "x: \(message)", file: file, line: line)
            XCTAssertEqual(r.minY, e.minY, accuracy: accuracy, "y: \(message)", file: file, line: line)
            XCTAssertEqual(r.width, e.width, accuracy: accuracy, "width: \(message)", file: file, line: line)
            XCTAssertEqual(r.height, e.height, accuracy: accuracy, "height: \(message)", file: file, line: line)
        }
    }

    /// SwiftUI's `easeInOut`: the cubic Bézier (0.42, 0) (0.58, 1), its x solved for t by bisection.
    func easeInOut(_ x: Double) -> Double {
        func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var (lo, hi) = (0.0, 1.0)
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if bezier(0.42, 0.58, mid) < x { lo = mid } else { hi = mid }
        }
        return bezier(0, 1, (lo + hi) / 2)
    }

    func player(_ json: String) throws -> Player {
        try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    /// A vertical stack laid out in `container`: its background (the container), then its children, a
    /// 40 x 20 label (its background) and a shape taking the rest of the height, `spacing` apart;
    /// `leading` aligns the label to the left edge, otherwise it is centred.
    func stackLayout(_ container: Rect, spacing: Double, leading: Bool) -> [Rect] {
        let labelX = leading ? container.minX : container.minX + (container.width - 40) / 2
        return [container,
                Rect(x: labelX, y: container.minY, width: 40, height: 20),
                Rect(x: container.minX, y: container.minY + 20 + spacing, width: container.width,
                     height: container.height - 20 - spacing)]
    }

    /// Two cells side by side on a 300 x 200 canvas: the left one 100 x 80 (centred vertically: y 60), the
    /// right one 200 x 200. A vstack fills the left cell while `!flag` and the right one while `flag`,
    /// both matched; `flag` turns true at 0 s with `animation`.
    func stacksPlayer(animation: String) throws -> Player {
        func stack(_ condition: String) -> String {
            """
            {"if": "\(condition)", "vstack": [
               {"text": "A", "frame": {"width": 40, "height": 20}, "background": {"shape": "rectangle", "fill": "blue"}},
               {"shape": "rectangle", "fill": "red"}], "spacing": 10,
             "background": {"shape": "rectangle", "fill": "gray"}, "transition": ".identity",
             "matchedGeometryEffect": {"id": "'card'", "in": "ns"}}
            """
        }
        return try player("""
        {"canvas": {"width": 300, "height": 200, "scale": 1}, "duration": 2, "state": {"flag": false},
         "root": {"hstack": [
           {"zstack": [\(stack("!flag"))], "frame": {"width": 100, "height": 80}},
           {"zstack": [\(stack("flag"))], "frame": {"width": 200, "height": 200}}], "spacing": 0},
         "script": [{"at": 0, "do": [{"withAnimation": "\(animation)", "do": [{"set": {"flag": true}}]}]}]}
        """)
    }

    let leftCell = Rect(x: 0, y: 60, width: 100, height: 80)
    let rightCell = Rect(x: 100, y: 0, width: 200, height: 200)

    /// The stack and its children are laid out in the shared frame as it moves: at each time both stacks
    /// (the leaving one and the arriving one) are the in-between container with its children placed by the
    /// stack's spacing and alignment in that size.
    func testAStackIsLaidOutInTheSharedFrame() throws {
        let player = try stacksPlayer(animation: ".linear(duration: 1)")
        assertRects(shapeBounds(try player.displayList(at: 1.5).items), stackLayout(rightCell, spacing: 10, leading: false), "after")
        for t in [0.25, 0.5, 0.75] {
            let one = stackLayout(lerp(leftCell, rightCell, t), spacing: 10, leading: false)
            assertRects(shapeBounds(try player.displayList(at: t).items), one + one, "at \(t)")
        }
    }

    /// The same with `easeInOut`: the fraction is the Bézier curve's.
    func testAStackFollowsTheEaseInOutCurve() throws {
        let player = try stacksPlayer(animation: ".easeInOut(duration: 1)")
        for t in [0.2, 0.5, 0.7] {
            let p = easeInOut(t)
            let one = stackLayout(lerp(leftCell, rightCell, p), spacing: 10, leading: false)
            assertRects(shapeBounds(try player.displayList(at: t).items), one + one, "at \(t) (fraction \(p))")
        }
    }

    /// A frame around several views (a leading-aligned stack in a flexible frame, padded; its size set by a
    /// fixed frame written around the matched view): the frame is the matched view, and the stack inside
    /// it is laid out in the in-between frame, inside the padding.
    func testAFrameAroundAStackIsLaidOutInTheSharedFrame() throws {
        func card(_ condition: String, _ width: Int, _ height: Int) -> String {
            """
            {"if": "\(condition)", "vstack": [
               {"text": "A", "frame": {"width": 40, "height": 20}, "background": {"shape": "rectangle", "fill": "blue"}},
               {"shape": "rectangle", "fill": "red"}], "spacing": 4, "alignment": "leading",
             "padding": 5, "frame": {"maxWidth": "infinity", "maxHeight": "infinity"},
             "background": {"shape": "rectangle", "fill": "gray"}, "transition": ".identity",
             "matchedGeometryEffect": {"id": "'card'", "in": "ns"},
             "modifiers": [{"frame": {"width": \(width + 10), "height": \(height + 10)}}]}
            """
        }
        let player = try player("""
        {"canvas": {"width": 300, "height": 200, "scale": 1}, "duration": 2, "state": {"flag": false},
         "root": {"hstack": [
           {"zstack": [\(card("!flag", 60, 50))], "frame": {"width": 100, "height": 200}},
           {"zstack": [\(card("flag", 150, 120))], "frame": {"width": 200, "height": 200}}], "spacing": 0},
         "script": [{"at": 0, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"flag": true}}]}]}]}
        """)
        // The padded frames, centred in their cells; the stack fills the frame inside the 5-point padding.
        let from = Rect(x: 15, y: 70, width: 70, height: 60), to = Rect(x: 120, y: 35, width: 160, height: 130)
        func layout(_ r: Rect) -> [Rect] {
            let inner = Rect(x: r.minX + 5, y: r.minY + 5, width: r.width - 10, height: r.height - 10)
            return [r] + stackLayout(inner, spacing: 4, leading: true).dropFirst()
        }
        assertRects(shapeBounds(try player.displayList(at: 1.5).items), layout(to), "after")
        for t in [0.3, 0.5] {
            let one = layout(lerp(from, to, t))
            assertRects(shapeBounds(try player.displayList(at: t).items), one + one, "at \(t)")
        }
    }

    /// A follower stack (`isSource` false, flexible: it takes the 200 x 200 the row leaves it): with `size`
    /// it is laid out at the source's size at its own top-leading corner; with `position` it keeps its own
    /// layout and moves its centre onto the source's.
    func testAFollowerStackTakesTheSourcesSizeOrPosition() throws {
        func rects(_ properties: String) throws -> [Rect] {
            let player = try player("""
            {"canvas": {"width": 300, "height": 200, "scale": 1}, "duration": 1, "state": {},
             "root": {"hstack": [
               {"shape": "rectangle", "fill": "green", "frame": {"width": 100, "height": 80},
                "matchedGeometryEffect": {"id": 1, "in": "ns"}},
               {"vstack": [
                  {"text": "A", "frame": {"width": 40, "height": 20}, "background": {"shape": "rectangle", "fill": "blue"}},
                  {"shape": "rectangle", "fill": "red"}], "spacing": 10,
                "background": {"shape": "rectangle", "fill": "gray"},
                "matchedGeometryEffect": {"id": 1, "in": "ns", "isSource": false, "properties": "\(properties)"}}],
              "spacing": 0}}
            """)
            return shapeBounds(try player.displayList(at: 0).items)
        }
        let source = Rect(x: 0, y: 60, width: 100, height: 80)
        assertRects(try rects("size"), [source] + stackLayout(Rect(x: 100, y: 0, width: 100, height: 80), spacing: 10, leading: false),
                    "size")
        assertRects(try rects("position"), [source] + stackLayout(Rect(x: -50, y: 0, width: 200, height: 200), spacing: 10, leading: false),
                    "position")
        assertRects(try rects("frame"), [source] + stackLayout(source, spacing: 10, leading: false), "frame")
    }

    /// The underline (`frame` height 4, its width flexible) matched to tab `r`: proposed the tab's size, it
    /// takes the tab's width and keeps its 4-point height, centred on the tab's centre.
    func bar(_ r: Rect) -> Rect { Rect(x: r.minX, y: r.midY - 2, width: r.width, height: 4) }

    /// Three tabs 60, 100 and 140 wide and an underline matched to the selected one (`isSource` false, its
    /// id the selection): a selection changed in an animated transaction moves it from the old tab's frame
    /// to the new one's with that animation; without an animation it jumps.
    func testAFollowerWhoseIdChangesMovesWithTheTransaction() throws {
        let player = try player("""
        {"canvas": {"width": 300, "height": 100, "scale": 1}, "duration": 5, "state": {"selected": 0},
         "root": {"vstack": [
           {"hstack": [
              {"shape": "rectangle", "fill": "gray", "frame": {"width": 60, "height": 30}, "matchedGeometryEffect": {"id": 0, "in": "ns"}},
              {"shape": "rectangle", "fill": "gray", "frame": {"width": 100, "height": 30}, "matchedGeometryEffect": {"id": 1, "in": "ns"}},
              {"shape": "rectangle", "fill": "gray", "frame": {"width": 140, "height": 30}, "matchedGeometryEffect": {"id": 2, "in": "ns"}}],
            "spacing": 0},
           {"shape": "rectangle", "fill": "blue", "frame": {"height": 4},
            "matchedGeometryEffect": {"id": "selected", "in": "ns", "isSource": false}}], "spacing": 0},
         "script": [
           {"at": 0.5, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"selected": 2}}]}]},
           {"at": 2, "do": [{"set": {"selected": 1}}]},
           {"at": 3, "do": [{"withAnimation": ".easeInOut(duration: 1)", "do": [{"set": {"selected": 0}}]}]}]}
        """)
        // The column is 34 high, centred: the tabs at y 33.
        let tabs = [Rect(x: 0, y: 33, width: 60, height: 30), Rect(x: 60, y: 33, width: 100, height: 30),
                    Rect(x: 160, y: 33, width: 140, height: 30)]
        func underline(at t: Double) throws -> Rect? { shapeBounds(try player.displayList(at: t).items).last }
        func check(_ t: Double, _ expected: Rect, _ message: String) throws {
            assertRects([try underline(at: t)].compactMap { $0 }, [bar(expected)], message)
        }
        try check(0.25, tabs[0], "before")
        for t in [0.5, 0.75, 1.0, 1.25] { try check(t, lerp(tabs[0], tabs[2], t - 0.5), "linear at \(t)") }
        try check(1.75, tabs[2], "after the linear move")
        try check(2.01, tabs[1], "no animation: at once")
        try check(2.5, tabs[1], "no animation: stays")
        for t in [3.2, 3.5, 3.8] { try check(t, lerp(tabs[1], tabs[0], easeInOut(t - 3)), "easeInOut at \(t)") }
        try check(4.5, tabs[0], "after the easeInOut move")
    }

    /// A second change while the underline moves: the new move adds to the one playing (SwiftUI's additive
    /// animations), so the underline does not jump: tab 0 -> tab 2 at 0.5 s, then -> tab 1 at 1 s, both
    /// linear over 1 s: the model frame plus each move's remaining offset.
    func testAFollowerInterruptedKeepsMovingFromWhereItIs() throws {
        let player = try player("""
        {"canvas": {"width": 300, "height": 100, "scale": 1}, "duration": 3, "state": {"selected": 0},
         "root": {"vstack": [
           {"hstack": [
              {"shape": "rectangle", "fill": "gray", "frame": {"width": 60, "height": 30}, "matchedGeometryEffect": {"id": 0, "in": "ns"}},
              {"shape": "rectangle", "fill": "gray", "frame": {"width": 100, "height": 30}, "matchedGeometryEffect": {"id": 1, "in": "ns"}},
              {"shape": "rectangle", "fill": "gray", "frame": {"width": 140, "height": 30}, "matchedGeometryEffect": {"id": 2, "in": "ns"}}],
            "spacing": 0},
           {"shape": "rectangle", "fill": "blue", "frame": {"height": 4},
            "matchedGeometryEffect": {"id": "selected", "in": "ns", "isSource": false}}], "spacing": 0},
         "script": [
           {"at": 0.5, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"selected": 2}}]}]},
           {"at": 1, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"selected": 1}}]}]}]}
        """)
        let tabs = [Rect(x: 0, y: 33, width: 60, height: 30), Rect(x: 60, y: 33, width: 100, height: 30),
                    Rect(x: 160, y: 33, width: 140, height: 30)]
        func expected(_ t: Double) -> Rect {
            let first = max(0, 1 - (t - 0.5)), second = max(0, 1 - (t - 1))
            func c(_ f: (Rect) -> Double) -> Double {
                f(tabs[1]) + (f(tabs[0]) - f(tabs[2])) * first + (f(tabs[2]) - f(tabs[1])) * second
            }
            return Rect(x: c(\.minX), y: c(\.minY), width: c(\.width), height: c(\.height))
        }
        assertRects([shapeBounds(try player.displayList(at: 0.999).items).last!], [bar(lerp(tabs[0], tabs[2], 0.499))], "just before")
        for t in [1.0, 1.25, 1.5, 1.75, 2.5] {
            assertRects([shapeBounds(try player.displayList(at: t).items).last!], [bar(expected(t))], "at \(t)")
        }
    }
}

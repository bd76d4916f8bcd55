import DisplayList
import Flipbook
import Foundation
import Geometry
import SceneFormat
import XCTest

/// `matchedGeometryEffect`: the frame a view of a group is drawn at, against the interpolation between the
/// two views' frames worked out here.
final class MatchedGeometryTests: XCTestCase {
    /// Two 100 x 100 cells side by side; a 20 x 10 view centred in the left one while `!right`, a 60 x 30
    /// view centred in the right one while `right`, both matched; `right` turns true at 0.5 s under `animation`.
    /// Each is a rectangle whose frame is written around the matched view (`Rectangle()
    /// .matchedGeometryEffect(...).frame(width:height:)`), so the rectangle takes the size proposed to it; with
    /// `fixed`, the frame is the matched view's own (`Rectangle().frame(width:height:).matchedGeometryEffect(...)`),
    /// which keeps its size whatever is proposed.
    func player(animation: String, left: String = "", right: String = "", transition: String = "\".identity\"",
                fixed: Bool = false) throws -> Player {
        func sized(_ w: Int, _ h: Int, _ args: String) -> String {
            let effect = #""matchedGeometryEffect": {"id": "'u'", "in": "ns"\#(args)}"#
            return fixed ? #""frame": {"width": \#(w), "height": \#(h)}, \#(effect)"#
                : #"\#(effect), "modifiers": [{"frame": {"width": \#(w), "height": \#(h)}}]"#
        }
        let json = """
        {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 4, "state": {"right": false},
         "root": {"hstack": [
           {"zstack": [{"if": "!right", "shape": "rectangle", "fill": "red", "transition": \(transition),
                        \(sized(20, 10, left))}],
            "frame": {"width": 100, "height": 100}},
           {"zstack": [{"if": "right", "shape": "rectangle", "fill": "red", "transition": \(transition),
                        \(sized(60, 30, right))}],
            "frame": {"width": 100, "height": 100}}], "spacing": 0},
         "script": [{"at": 0.5, "do": [{"withAnimation": "\(animation)", "do": [{"set": {"right": true}}]}]}]}
        """
        return try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    /// The bounds of every shape drawn (through groups' transforms), in drawing order.
    func shapeBounds(_ items: [DisplayItem], _ transform: Transform = .identity) -> [Rect] {
        var rects: [Rect] = []
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
                for p in points {
                    (x0, y0, x1, y1) = (min(x0, p.x), min(y0, p.y), max(x1, p.x), max(y1, p.y))
                }
                rects.append(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
            case .group(let group):
                rects += shapeBounds(group.children, group.transform.concatenating(transform))
            default:
                break
            }
        }
        return rects
    }

    let from = Rect(x: 40, y: 45, width: 20, height: 10)
    let to = Rect(x: 120, y: 35, width: 60, height: 30)

    /// The rectangle a fraction `p` of the way from `a` to `b` (centre and size interpolated).
    func lerp(_ a: Rect, _ b: Rect, _ p: Double) -> Rect {
        Rect(x: a.minX + (b.minX - a.minX) * p, y: a.minY + (b.minY - a.minY) * p,
             width: a.width + (b.width - a.width) * p, height: a.height + (b.height - a.height) * p)
    }

    func assertRect(_ r: Rect?, _ e: Rect, _ message: String, accuracy: Double = 1e-6) {
        guard let r else { return XCTFail("no shape: \(message)") }
        XCTAssertEqual(r.minX, e.minX, accuracy: accuracy, message)
        XCTAssertEqual(r.minY, e.minY, accuracy: accuracy, message)
        XCTAssertEqual(r.width, e.width, accuracy: accuracy, message)
        XCTAssertEqual(r.height, e.height, accuracy: accuracy, message)
    }

    /// Linear: both views (the one leaving and the one arriving) are drawn at the linear interpolation
    /// between the two frames, then the arriving one alone at its own.
    func testTheArrivingViewMovesFromTheLeavingOnesFrame() throws {
        let player = try player(animation: ".linear(duration: 1)")
        XCTAssertEqual(shapeBounds(try player.displayList(at: 0.25).items).count, 1)
        assertRect(shapeBounds(try player.displayList(at: 0.25).items).first, from, "before")
        for t in [0.5, 0.75, 1.0, 1.3] {
            let rects = shapeBounds(try player.displayList(at: t).items)
            XCTAssertEqual(rects.count, 2, "both drawn at \(t)")
            for r in rects { assertRect(r, lerp(from, to, t - 0.5), "at \(t)") }
        }
        let after = shapeBounds(try player.displayList(at: 1.6).items)
        XCTAssertEqual(after.count, 1)
        assertRect(after.first, to, "after")
    }

    /// A view with a fixed frame of its own ignores the size proposed to it (SwiftUI's `MatchedFrame` takes
    /// the size the view fits in the shared size): the leaving 20 x 10 and the arriving 60 x 30 keep their
    /// sizes, and both are centred on the shared frame's centre, which moves linearly from (50, 50) to
    /// (150, 50).
    func testAFixedFrameKeepsItsSizeAndMovesItsCentre() throws {
        let player = try player(animation: ".linear(duration: 1)", fixed: true)
        func centred(_ cx: Double, _ cy: Double, _ w: Double, _ h: Double) -> Rect {
            Rect(x: cx - w / 2, y: cy - h / 2, width: w, height: h)
        }
        for t in [0.5, 0.75, 1.0, 1.3] {
            let cx = 50 + 100 * (t - 0.5)
            let rects = shapeBounds(try player.displayList(at: t).items)
            XCTAssertEqual(rects.count, 2, "both drawn at \(t)")
            assertRect(rects.first, centred(cx, 50, 20, 10), "leaving at \(t)")
            assertRect(rects.last, centred(cx, 50, 60, 30), "arriving at \(t)")
        }
        let after = shapeBounds(try player.displayList(at: 1.6).items)
        XCTAssertEqual(after.count, 1)
        assertRect(after.first, to, "after")
    }

    /// A spring: the frame follows the spring's step response x(t) = 1 - e^(-a t)(cos(wd t) + a/wd sin(wd t)),
    /// overshooting past the target.
    func testASpringCarriesTheSharedFrame() throws {
        let player = try player(animation: ".spring(response: 0.4, dampingFraction: 0.5)")
        let w0 = 2 * Double.pi / 0.4, a = 0.5 * w0, wd = w0 * (1 - 0.25).squareRoot()
        func x(_ t: Double) -> Double { 1 - exp(-a * t) * (cos(wd * t) + a / wd * sin(wd * t)) }
        var overshot = false
        for s in [0.05, 0.12, 0.2, 0.3, 0.45] {
            let rects = shapeBounds(try player.displayList(at: 0.5 + s).items)
            XCTAssertEqual(rects.count, 2)
            for r in rects { assertRect(r, lerp(from, to, x(s)), "at \(s) s", accuracy: 1e-6) }
            if x(s) > 1 { overshot = true }
        }
        XCTAssertTrue(overshot, "the times include the overshoot")
    }

    /// Without an animation the arriving view is at its own frame at once.
    func testNoAnimationNoMotion() throws {
        let json = """
        {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 2, "state": {"right": false},
         "root": {"hstack": [
           {"zstack": [{"if": "!right", "shape": "rectangle", "fill": "red", "frame": {"width": 20, "height": 10},
                        "matchedGeometryEffect": {"id": "'u'", "in": "ns"}}], "frame": {"width": 100, "height": 100}},
           {"zstack": [{"if": "right", "shape": "rectangle", "fill": "red", "frame": {"width": 60, "height": 30},
                        "matchedGeometryEffect": {"id": "'u'", "in": "ns"}}], "frame": {"width": 100, "height": 100}}],
           "spacing": 0},
         "script": [{"at": 0.5, "do": [{"set": {"right": true}}]}]}
        """
        let player = try Player(scene: SceneDecoder.decode(Array(json.utf8)))
        let rects = shapeBounds(try player.displayList(at: 0.6).items)
        XCTAssertEqual(rects.count, 1)
        assertRect(rects.first, to, "at once")
    }

    /// Two views present together: the one with isSource false (a rectangle in a 60 x 30 frame written
    /// around the effect, so it takes the size proposed to it) takes the source's frame, its position
    /// only, or its size only; `anchor` picks the point that is shared.
    func testAFollowerTakesTheSourcesFramePositionOrSize() throws {
        func follower(_ args: String) throws -> Rect? {
            let json = """
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 1, "state": {},
             "root": {"hstack": [
               {"zstack": [{"shape": "rectangle", "fill": "red", "frame": {"width": 20, "height": 10},
                            "matchedGeometryEffect": {"id": 7, "in": "ns"\(args)}}], "frame": {"width": 100, "height": 100}},
               {"zstack": [{"shape": "rectangle", "fill": "blue",
                            "matchedGeometryEffect": {"id": 7, "in": "ns", "isSource": "1 < 2"\(args)},
                            "modifiers": [{"frame": {"width": 60, "height": 30}}]}],
                "frame": {"width": 100, "height": 100}}], "spacing": 0}}
            """
            let player = try Player(scene: SceneDecoder.decode(Array(json.utf8)))
            let rects = shapeBounds(try player.displayList(at: 0).items)
            XCTAssertEqual(rects.count, 2)
            assertRect(rects.first, from, "the source stays")
            return rects.last
        }
        assertRect(try follower(""), from, "frame")
        // Position: the follower's centre on the source's centre (50, 50), its own size.
        assertRect(try follower(#", "properties": "position""#), Rect(x: 20, y: 35, width: 60, height: 30), "position")
        // Size: the source's size at its own origin (as SwiftUI's MatchedFrame keeps the laid-out position).
        assertRect(try follower(#", "properties": "size""#), Rect(x: 120, y: 35, width: 20, height: 10), "size")
        // Position by the top-leading corner: the source's (40, 45).
        assertRect(try follower(#", "properties": "position", "anchor": "topLeading""#), Rect(x: 40, y: 45, width: 60, height: 30),
                   "anchor")
    }

    /// `Rectangle().frame(width: 50, height: 50).matchedGeometryEffect(id: 1, in: ns, isSource: false)` beside a
    /// 200 x 100 source: the follower ignores the shared size proposed to it and keeps 50 x 50; its anchor
    /// point is put on the shared position, the source's anchor point (OpenSwiftUI's `SharedFrame` keeps the
    /// source's `anchor.in(size)`, `MatchedFrame` subtracts the follower's `anchor.in(matchedSize)`). The row
    /// (200 + 50 wide) is centred on the 300 x 200 canvas: the source at (25, 50, 200 x 100), the follower
    /// laid out at (225, 75).
    func testAFollowerWithAFixedFrameKeepsItsSizeAtTheSourcesAnchor() throws {
        func follower(_ args: String, source: String? = nil) throws -> Rect? {
            let json = """
            {"canvas": {"width": 300, "height": 200, "scale": 1}, "duration": 1, "state": {},
             "root": {"hstack": [
               {"shape": "rectangle", "fill": "red", "frame": {"width": 200, "height": 100},
                "matchedGeometryEffect": {"id": 1, "in": "ns"\(source ?? args)}},
               {"shape": "rectangle", "fill": "blue", "frame": {"width": 50, "height": 50},
                "matchedGeometryEffect": {"id": 1, "in": "ns", "isSource": false\(args)}}], "spacing": 0}}
            """
            let player = try Player(scene: SceneDecoder.decode(Array(json.utf8)))
            let rects = drawnShapes(try player.displayList(at: 0).items).map(\.rect)
            XCTAssertEqual(rects.count, 2)
            assertRect(rects.first, Rect(x: 25, y: 50, width: 200, height: 100), "the source stays")
            return rects.last
        }
        // The source's centre is (125, 100).
        assertRect(try follower(""), Rect(x: 100, y: 75, width: 50, height: 50), "centre")
        assertRect(try follower(#", "properties": "position""#), Rect(x: 100, y: 75, width: 50, height: 50), "position")
        // Both top-leading: on the source's (25, 50); both bottom-trailing: on the source's (225, 150).
        assertRect(try follower(#", "anchor": "topLeading""#), Rect(x: 25, y: 50, width: 50, height: 50), "topLeading")
        assertRect(try follower(#", "anchor": "bottomTrailing""#), Rect(x: 175, y: 100, width: 50, height: 50), "bottomTrailing")
        // The source shares its centre; the follower puts its top-leading corner there.
        assertRect(try follower(#", "anchor": "topLeading""#, source: ""), Rect(x: 125, y: 100, width: 50, height: 50),
                   "the source's centre, the follower's corner")
        // Size only: proposed 200 x 100, it keeps 50 x 50 where it was laid out.
        assertRect(try follower(#", "properties": "size""#), Rect(x: 225, y: 75, width: 50, height: 50), "size")
    }

    /// A fixed 50 x 50 follower whose id changes from a 200 x 100 source to a 100 x 40 one in a linear
    /// transaction: the shared frame's size changes, the follower's does not; its centre moves linearly
    /// from the first source's (100, 100) to the second's (250, 100).
    func testAFixedFollowerMovesBetweenSourcesAtItsOwnSize() throws {
        let json = """
        {"canvas": {"width": 300, "height": 200, "scale": 1}, "duration": 3, "state": {"selected": 0},
         "root": {"zstack": [
           {"hstack": [
              {"shape": "rectangle", "fill": "red", "frame": {"width": 200, "height": 100}, "matchedGeometryEffect": {"id": 0, "in": "ns"}},
              {"shape": "rectangle", "fill": "red", "frame": {"width": 100, "height": 40}, "matchedGeometryEffect": {"id": 1, "in": "ns"}}],
            "spacing": 0},
           {"shape": "rectangle", "fill": "blue", "frame": {"width": 50, "height": 50},
            "matchedGeometryEffect": {"id": "selected", "in": "ns", "isSource": false}}]},
         "script": [{"at": 0.5, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"selected": 1}}]}]}]}
        """
        let player = try Player(scene: SceneDecoder.decode(Array(json.utf8)))
        func follower(at t: Double) throws -> Rect? { drawnShapes(try player.displayList(at: t).items).last?.rect }
        assertRect(try follower(at: 0.25), Rect(x: 75, y: 75, width: 50, height: 50), "before")
        for t in [0.5, 0.7, 1.0, 1.4] {
            let cx = 100 + 150 * (t - 0.5)
            assertRect(try follower(at: t), Rect(x: cx - 25, y: 75, width: 50, height: 50), "at \(t)")
        }
        assertRect(try follower(at: 2), Rect(x: 225, y: 75, width: 50, height: 50), "after")
    }

    func testBadValuesNameTheirPath() {
        func message(_ effect: String) -> String {
            let json = """
            {"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {},
             "root": {"shape": "circle", "matchedGeometryEffect": \(effect)}}
            """
            do {
                _ = try SceneDecoder.decode(Array(json.utf8))
                return ""
            } catch {
                return "\(error.path): \(error.message)"
            }
        }
        XCTAssertEqual(message(#"{"id": 1, "in": "ns", "properties": "frames"}"#),
                       #"root.matchedGeometryEffect.properties: unknown value "frames"; did you mean "frame"?"#)
        XCTAssertEqual(message(#"{"id": 1}"#), #"root.matchedGeometryEffect: missing required key "in""#)
        XCTAssertEqual(message(#"{"id": 1, "in": "my ns"}"#),
                       #"root.matchedGeometryEffect.in: a namespace is a name, as an @Namespace variable's: got "my ns""#)
        XCTAssertEqual(message(#"{"id": 1, "in": "ns", "isSource": 3}"#).hasPrefix("root.matchedGeometryEffect.isSource:"), true,
                       message(#"{"id": 1, "in": "ns", "isSource": 3}"#))
        XCTAssertEqual(message(#"{"id": 1, "in": "ns", "anchor": "middle"}"#).hasPrefix("root.matchedGeometryEffect.anchor: unknown value"), true)
        XCTAssertEqual(message(#"{"id": 1, "in": "ns", "source": true}"#),
                       #"root.matchedGeometryEffect.source: unknown key "source", did you mean "isSource"?"#)
    }
}

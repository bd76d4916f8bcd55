import Flipbook
import Foundation
import SwiftSource
import XCTest

/// The order of a chain around `matchedGeometryEffect`: the format keeps the effect on the view, where it
/// places the view with its fixed keys and sits under its `modifiers` entries
/// (docs/scene-format.md#matchedgeometryeffect). A positional modifier written after the effect is an entry
/// after it; what was written before it stays inside.
final class ModifierOrderLoweringTests: XCTestCase {
    /// Two red sources side by side (200 x 100 and 100 x 40, the row centred on a 300 x 200 canvas: at
    /// (0, 50) and (200, 80)) and a blue follower of `selected`, which turns from 0 to 1 at 0.5 s under a
    /// one-second linear animation. `follower` is the blue view's Swift.
    func source(follower: String) -> String {
        """
        struct V: View {
            @Namespace var ns
            @State var selected = 0
            var body: some View {
                ZStack {
                    HStack(spacing: 0) {
                        Color.red.frame(width: 200, height: 100).matchedGeometryEffect(id: 0, in: ns)
                        Color.red.frame(width: 100, height: 40).matchedGeometryEffect(id: 1, in: ns)
                    }
                    \(follower)
                }
                .onAppear {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                        withAnimation(.linear(duration: 1)) { selected = 1 }
                    }
                }
            }
        }
        """
    }

    let sidecar = #"{"canvas": {"width": 300, "height": 200, "scale": 1}, "duration": 2, "fps": 10}"#

    /// The follower: the last view of the root zstack.
    func follower(_ json: JSON) -> JSON? {
        guard case .array(let children)? = json["root"]?["zstack"] else { return nil }
        return children.last
    }

    /// The bounding box of the blue pixels (the follower; the sources are red, the canvas white), as
    /// (x, y, width, height) in pixels.
    func blueBox(_ player: Player, at t: Double) throws -> [Int] {
        let image = try player.frame(at: t)
        var (x0, y0, x1, y1) = (Int.max, Int.max, -1, -1)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                guard p.b > 200 && p.r < 100 else { continue }
                (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
            }
        }
        return x1 < 0 ? [] : [x0, y0, x1 - x0 + 1, y1 - y0 + 1]
    }

    func player(_ json: JSON) throws -> Player {
        try Player(scene: SceneFile.load(json: json.pretty(), file: "Test.swift (converted)"))
    }

    /// `Color.blue.frame(width: 50, height: 50).matchedGeometryEffect(...)`: the fixed frame is inside the
    /// effect, a key of the view; the follower ignores the size proposed to it and keeps 50 x 50, its centre
    /// on the source's, which moves linearly from (100, 100) to (250, 100).
    func testAFrameWrittenBeforeTheEffectKeepsItsSize() throws {
        let (json, _) = try lowerAndDecode(source(follower: """
            Color.blue.frame(width: 50, height: 50).matchedGeometryEffect(id: selected, in: ns, isSource: false)
            """), sidecar: sidecar)
        let blue = try XCTUnwrap(follower(json))
        XCTAssertEqual(blue["frame"], .object([("width", .number(50)), ("height", .number(50))]))
        XCTAssertNil(blue["modifiers"])
        XCTAssertEqual(blue["matchedGeometryEffect"]?["id"], .string("selected"))
        let player = try player(json)
        XCTAssertEqual(try blueBox(player, at: 0.2), [75, 75, 50, 50])
        // Halfway (1.0 s): the centre at (175, 100).
        XCTAssertEqual(try blueBox(player, at: 1.0), [150, 75, 50, 50])
        XCTAssertEqual(try blueBox(player, at: 1.8), [225, 75, 50, 50])
    }

    /// `Color.blue.matchedGeometryEffect(...).frame(width: 50, height: 50)`: the frame is written after the
    /// effect, so it is a `modifiers` entry around it; the flexible colour takes the source's size and
    /// position, moving and resizing from (0, 50, 200 x 100) to (200, 80, 100 x 40): halfway, each edge is
    /// halfway, (100, 65, 150 x 70); at the end the source's rectangle.
    func testAFrameWrittenAfterTheEffectIsAnEntryAndTheColourTakesTheSourcesFrame() throws {
        let (json, _) = try lowerAndDecode(source(follower: """
            Color.blue.matchedGeometryEffect(id: selected, in: ns, isSource: false).frame(width: 50, height: 50)
            """), sidecar: sidecar)
        let blue = try XCTUnwrap(follower(json))
        XCTAssertNil(blue["frame"])
        XCTAssertEqual(blue["modifiers"], .array([.object([("frame", .object([("width", .number(50)), ("height", .number(50))]))])]))
        XCTAssertEqual(blue["matchedGeometryEffect"]?["id"], .string("selected"))
        let player = try player(json)
        XCTAssertEqual(try blueBox(player, at: 0.2), [0, 50, 200, 100])
        XCTAssertEqual(try blueBox(player, at: 1.0), [100, 65, 150, 70])
        XCTAssertEqual(try blueBox(player, at: 1.8), [200, 80, 100, 40])
    }

    /// The rule is the fixed order's: every positional modifier has its place inside the effect (the
    /// effect places the view with all its keys), so written after it each is an entry, and so is an
    /// `animation` after those entries; environment keys and handlers go where they went.
    func testEveryPositionalModifierAfterTheEffectIsAnEntry() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                @Namespace var ns
                @State var on = false
                var body: some View {
                    Text("A")
                        .padding(4)
                        .background(Color.yellow)
                        .matchedGeometryEffect(id: 0, in: ns)
                        .padding(8)
                        .opacity(0.5)
                        .foregroundColor(.red)
                        .animation(.default, value: on)
                        .onTapGesture { on.toggle() }
                }
            }
            """)
        let root = try XCTUnwrap(json["root"])
        XCTAssertEqual(root["text"], .string("A"))
        XCTAssertEqual(root["padding"], .number(4))
        XCTAssertEqual(root["background"], .string("yellow"))
        let animation = JSON.object([("curve", .string(".default")), ("value", .string("on"))])
        XCTAssertEqual(root["modifiers"], .array([.object([("padding", .number(8))]), .object([("opacity", .number(0.5))]),
                                                  .object([("animation", animation)])]))
        XCTAssertEqual(root["matchedGeometryEffect"], .object([("id", .number(0)), ("in", .string("ns"))]))
        XCTAssertEqual(root["foregroundColor"], .string("red"))
        XCTAssertNil(root["animation"])
        XCTAssertNotNil(root["onTap"])
    }

    /// `animation` right after the effect: its place is above the effect's (it covers the effect too), so it
    /// stays a key of the view, as before the effect.
    func testAnAnimationRightAfterTheEffectStaysAKey() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                @Namespace var ns
                @State var on = false
                var body: some View {
                    Circle().frame(width: 20, height: 20).matchedGeometryEffect(id: 0, in: ns).animation(.default, value: on)
                }
            }
            """)
        let root = try XCTUnwrap(json["root"])
        XCTAssertEqual(root["frame"], .object([("width", .number(20)), ("height", .number(20))]))
        XCTAssertEqual(root["animation"], .object([("curve", .string(".default")), ("value", .string("on"))]))
        XCTAssertNil(root["modifiers"])
    }

    /// Written after an entry of `modifiers` (an offset then a rotation: the rotation is an entry), the
    /// effect cannot sit under that entry, so the view so far is wrapped in a one-child zstack that takes the
    /// effect; a frame written after it is that zstack's entry.
    func testTheEffectAfterAnEntryWrapsTheViewSoFar() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                @Namespace var ns
                var body: some View {
                    Circle()
                        .offset(x: 10)
                        .rotationEffect(.degrees(30))
                        .matchedGeometryEffect(id: 0, in: ns)
                        .frame(width: 40, height: 40)
                        .accessibilityIdentifier("dot")
                }
            }
            """)
        let root = try XCTUnwrap(json["root"])
        XCTAssertEqual(root["id"], .string("dot"))
        XCTAssertEqual(root["matchedGeometryEffect"], .object([("id", .number(0)), ("in", .string("ns"))]))
        XCTAssertEqual(root["modifiers"], .array([.object([("frame", .object([("width", .number(40)), ("height", .number(40))]))])]))
        guard case .array(let children)? = root["zstack"], children.count == 1 else { return XCTFail("not wrapped: \(json.pretty())") }
        let circle = children[0]
        XCTAssertEqual(circle["shape"], .string("circle"))
        XCTAssertEqual(circle["offset"], .object([("x", .number(10))]))
        XCTAssertEqual(circle["modifiers"], .array([.object([("rotation", .number(30))])]))
        XCTAssertNil(circle["matchedGeometryEffect"])
    }

    /// Wrapped later (an environment key set twice wraps the view), the effect goes inside with what was
    /// written before it, and the key written after it stays outside.
    func testAWrapAfterTheEffectTakesItInside() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                @Namespace var ns
                var body: some View {
                    Text("A")
                        .foregroundColor(.red)
                        .matchedGeometryEffect(id: 0, in: ns)
                        .background(Text("B"))
                }
            }
            """)
        let root = try XCTUnwrap(json["root"])
        XCTAssertNil(root["matchedGeometryEffect"])
        XCTAssertNotNil(root["background"])
        guard case .array(let children)? = root["zstack"], children.count == 1 else { return XCTFail("not wrapped: \(json.pretty())") }
        XCTAssertEqual(children[0]["text"], .string("A"))
        XCTAssertEqual(children[0]["foregroundColor"], .string("red"))
        XCTAssertEqual(children[0]["matchedGeometryEffect"], .object([("id", .number(0)), ("in", .string("ns"))]))
    }

    /// `scrollTransition` has its place after every other key of the view (its effects apply to all of
    /// them, docs/scene-format.md's fixed order), so a padding written after it is an entry around it (the
    /// view the scroll view measures for the phase includes the padding), and one written before it a key.
    func testAModifierAfterScrollTransitionIsAnEntry() throws {
        func root(_ chain: String) throws -> JSON? {
            let (json, _) = try lowerAndDecode("""
                struct V: View {
                    var body: some View {
                        ScrollView {
                            Circle()\(chain)
                        }
                    }
                }
                """)
            guard case .array(let children)? = json["root"]?["scrollView"] else { return nil }
            return children.first
        }
        let transition = ".scrollTransition { content, phase in content.opacity(phase.isIdentity ? 1 : 0.5) }"
        let effects = JSON.object([("opacity", .string("phase.isIdentity ? 1 : 0.5"))])
        let after = try XCTUnwrap(try root(transition + ".padding(10)"))
        XCTAssertEqual(after["scrollTransition"], effects)
        XCTAssertNil(after["padding"])
        XCTAssertEqual(after["modifiers"], .array([.object([("padding", .number(10))])]))
        let before = try XCTUnwrap(try root(".padding(10)" + transition))
        XCTAssertEqual(before["scrollTransition"], effects)
        XCTAssertEqual(before["padding"], .number(10))
        XCTAssertNil(before["modifiers"])
    }
}

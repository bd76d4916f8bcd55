import Compose
import Flipbook
import Foundation
import SceneFormat
import XCTest

/// Core Animation animations act on what views show: the presentation of the attributes bound to the
/// animated property, never the model value (which labels, conditions and actions keep reading), and
/// removal shows the model value again. Oracles are closed forms computed here.
final class LayerAttributeAnimationTests: XCTestCase {
    func player(_ root: String, state: String, actions: String, tapAt: Double = 0.5, duration: Double = 4) throws -> Player {
        let json = """
            {"canvas": {"width": 200, "height": 200, "scale": 1}, "duration": \(duration), "state": \(state),
             "root": {"zstack": [\(root), {"id": "button", "shape": "circle", "frame": {"width": 10, "height": 10}, "onTap": \(actions)}]},
             "script": [{"at": \(tapAt), "tap": "button"}]}
            """
        return try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    func view(_ player: Player, _ id: String, at t: Double) throws -> InspectedView {
        try XCTUnwrap(try player.views(at: t).first { $0.id == id }?.view, "no view \(id) at \(t)")
    }

    /// y of the cubic Bézier (x1, y1, x2, y2) at the x that equals `x`, by bisection.
    func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if b(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return b((lo + hi) / 2, y1, y2)
    }

    /// `layer.add(CABasicAnimation(keyPath: "transform.rotation.z"), ...)` with easeOut: the wheel's rotation
    /// follows fromValue -> toValue; a label reading the same property shows the model value throughout;
    /// the model is set by the completion, and removal shows it.
    func testBasicAnimationMovesTheAttributeNotTheModel() throws {
        let p = try player("""
            {"vstack": [{"id": "wheel", "shape": "rectangle", "frame": {"width": 40, "height": 40}, "rotation": "deg(angle)"},
                        {"id": "label", "text": "${format(deg(angle), 0)}"}]}
            """, state: #"{"angle": 0}"#, actions: """
            [{"caAnimation": {"keyPath": "angle", "fromValue": 0, "toValue": "pi", "duration": 2, "timingFunction": "easeOut",
               "animationDidStop": [{"set": {"angle": "pi / 2"}}]}}]
            """)
        XCTAssertEqual(try view(p, "wheel", at: 0.4).rotation, 0, accuracy: 1e-12)
        for x in [0.1, 0.3, 0.5, 0.8] {
            let t = 0.5 + 2 * x
            XCTAssertEqual(try view(p, "wheel", at: t).rotation, 180 * bezier(x, 0, 0, 0.58, 1), accuracy: 1e-6, "t = \(t)")
            XCTAssertEqual(try view(p, "label", at: t).text, "0", "the label reads the model value")
            XCTAssertEqual(p.snapshot(at: t).values["angle"], .number(0), "the model does not move")
        }
        // At the end the animation is removed and the completion's model value shows.
        XCTAssertEqual(try view(p, "wheel", at: 2.5).rotation, 90, accuracy: 1e-9)
        XCTAssertEqual(try view(p, "label", at: 2.5).text, "90")
    }

    /// The attribute interpolates between its values at fromValue and toValue, as a layer property does:
    /// a rotation of `90 * sin(a)` animated linearly from 0 to pi/2 is 45 degrees half way (the attribute's
    /// own interpolation), not 90 sin(pi/4).
    func testTheAttributeInterpolatesBetweenItsEndValues() throws {
        let p = try player(#"{"id": "needle", "shape": "rectangle", "frame": {"width": 4, "height": 40}, "rotation": "90 * sin(a)"}"#,
                           state: #"{"a": 0}"#, actions: #"[{"caAnimation": {"keyPath": "a", "fromValue": 0, "toValue": "pi / 2", "duration": 1}}]"#)
        for s in [0.25, 0.5, 0.75] {
            XCTAssertEqual(try view(p, "needle", at: 0.5 + s).rotation, 90 * s, accuracy: 1e-9, "s = \(s)")
        }
        XCTAssertEqual(try view(p, "needle", at: 1.5).rotation, 0, accuracy: 1e-12, "removed: the model value")
    }

    /// `fillMode = .forwards` with `isRemovedOnCompletion = false` holds toValue over a model that never
    /// changed; the colour of a fill bound to the property blends meanwhile, in its encoded sRGB components
    /// as Core Animation blends a `CGColor`.
    func testForwardFillHoldsAndColoursBlend() throws {
        let p = try player(#"{"id": "dot", "shape": "circle", "fill": "rgb(k, 0, 1 - k)", "frame": {"width": 20, "height": 20}, "scale": {"x": "1 + k", "y": "1 + k"}}"#,
                           state: #"{"k": 0}"#, actions: """
            [{"caAnimation": {"keyPath": "k", "fromValue": 0, "toValue": 1, "duration": 1, "fillMode": "forwards", "isRemovedOnCompletion": false}}]
            """)
        let s = 0.3, dot = try view(p, "dot", at: 0.5 + s)
        XCTAssertEqual(dot.scale.x, 1 + s, accuracy: 1e-12)
        // The fill is blue at fromValue and red at toValue: each encoded component moves with the progress.
        let fill = try XCTUnwrap(dot.fill)
        XCTAssertEqual(fill.red, s, accuracy: 1e-9)
        XCTAssertEqual(fill.blue, 1 - s, accuracy: 1e-9)
        for t in [1.5, 3.9] {
            XCTAssertEqual(try view(p, "dot", at: t).scale.x, 2, accuracy: 1e-12, "held at t = \(t)")
        }
        XCTAssertEqual(p.snapshot(at: 3.9).values["k"], .number(0))
    }

    /// `CAKeyframeAnimation` values [0, -40, 10] at key times [0, 0.5, 1] on a property an offset reads
    /// doubled, and `CASpringAnimation`'s defaults (mass 1, stiffness 100, damping 10) on a scale.
    func testKeyframeAndSpringAnimationsOnAttributes() throws {
        let p = try player("""
            {"vstack": [{"id": "ball", "shape": "circle", "frame": {"width": 10, "height": 10}, "offset": {"y": "2 * y"}},
                        {"id": "pop", "shape": "circle", "frame": {"width": 10, "height": 10}, "scale": {"x": "s", "y": "s"}}]}
            """, state: #"{"y": 0, "s": 1}"#, actions: """
            [{"caKeyframeAnimation": {"keyPath": "y", "values": [0, -40, 10], "keyTimes": [0, 0.5, 1], "duration": 2}},
             {"caSpringAnimation": {"keyPath": "s", "fromValue": 0, "toValue": 1, "duration": 2}}]
            """)
        XCTAssertEqual(try view(p, "ball", at: 1.0).offset.y, 2 * -20, accuracy: 1e-9)
        XCTAssertEqual(try view(p, "ball", at: 2.0).offset.y, 2 * (-40 + 50 * 0.5), accuracy: 1e-9)
        XCTAssertEqual(try view(p, "ball", at: 2.6).offset.y, 0, accuracy: 1e-12, "removed: the model value")
        let w0 = 10.0, zeta = 0.5, wd = w0 * (1 - zeta * zeta).squareRoot()
        for s in [0.1, 0.3, 0.7] {
            let x = 1 - exp(-zeta * w0 * s) * (cos(wd * s) + zeta * w0 / wd * sin(wd * s))
            XCTAssertEqual(try view(p, "pop", at: 0.5 + s).scale.x, x, accuracy: 1e-9, "s = \(s)")
        }
    }
}

import DisplayList
import Foundation
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// Symbol effects and the replace content transition, against the curves' closed forms written here.
final class SymbolEffectTests: XCTestCase {
    /// The shapes drawn at `t` for a scene whose root is `root`.
    func shapes(_ root: String, state: String, script: String, at t: Double) throws -> [ShapeItem] {
        let json = #"{"canvas": {"width": 200, "height": 200, "scale": 1}, "duration": 5, "state": \#(state), "root": \#(root), "script": \#(script)}"#
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let items = try Composer(scene: scene, measurer: FixedMeasurer()).displayList(for: timeline.snapshot(at: t)).items
        return items.compactMap { if case .shape(let s) = $0 { return s } else { return nil } }
    }

    /// A filled circle at 17 pt is 17 * 1.16 across; the effects scale it about its centre.
    let disc = 17 * 1.16

    func width(_ shape: ShapeItem?) -> Double { shape?.path.bounds?.width ?? .nan }

    func alpha(_ shape: ShapeItem?) -> Double {
        guard case .color(let c)? = shape?.fill?.paint else { return .nan }
        return c.alpha
    }

    /// `.symbolEffect(.bounce, value: count)`: a change at 0.5 s starts 1 + 0.28 e^(-tau/0.15) sin(2 pi tau/0.5);
    /// `.bounce.down` swings the other way; before the change and after the bounce the scale is 1.
    func testBounceFollowsTheChangeOfItsValue() throws {
        let script = #"[{"at": 0.5, "do": [{"set": {"count": 1}}]}]"#
        for (effect, sign) in [(".bounce", 1.0), (".bounce.down", -1.0)] {
            let root = #"{"systemImage": "circle.fill", "symbolEffect": {"effect": "\#(effect)", "value": "count"}}"#
            for tau in [0.05, 0.125, 0.3, 0.45] {
                let expected = 1 + sign * 0.28 * exp(-tau / 0.15) * sin(2 * Double.pi * tau / 0.5)
                let drawn = try shapes(root, state: #"{"count": 0}"#, script: script, at: 0.5 + tau)
                XCTAssertEqual(width(drawn.first), disc * expected, accuracy: 1e-6, "\(effect) \(tau)")
            }
            XCTAssertEqual(width(try shapes(root, state: #"{"count": 0}"#, script: script, at: 0.4).first), disc, accuracy: 1e-6)
            XCTAssertEqual(width(try shapes(root, state: #"{"count": 0}"#, script: script, at: 1.6).first), disc, accuracy: 1e-6)
        }
    }

    /// `.symbolEffect(.pulse, value:)`: one pulse, opacity 1 - 0.7 sin^2(pi tau); `.pulse` alone repeats each second.
    func testPulse() throws {
        let script = #"[{"at": 1, "do": [{"set": {"n": 1}}]}]"#
        let once = #"{"systemImage": "circle.fill", "foregroundColor": "rgb(1, 0, 0)", "symbolEffect": {"effect": ".pulse", "value": "n"}}"#
        for tau in [0.2, 0.5, 0.8] {
            let s = sin(Double.pi * tau)
            XCTAssertEqual(alpha(try shapes(once, state: #"{"n": 0}"#, script: script, at: 1 + tau).first), 1 - 0.7 * s * s, accuracy: 1e-9)
        }
        XCTAssertEqual(alpha(try shapes(once, state: #"{"n": 0}"#, script: script, at: 2.5).first), 1, accuracy: 1e-9)
        let always = #"{"systemImage": "circle.fill", "foregroundColor": "rgb(1, 0, 0)", "symbolEffect": ".pulse"}"#
        XCTAssertEqual(alpha(try shapes(always, state: "{}", script: "[]", at: 3.5).first), 0.3, accuracy: 1e-9)
        XCTAssertEqual(alpha(try shapes(always, state: "{}", script: "[]", at: 3).first), 1, accuracy: 1e-9)
    }

    /// `.symbolEffect(.scale.up, isActive: on)`: 1.2 while active, reached by a 0.3 s smoothstep from the change.
    func testScaleWhileActive() throws {
        let root = #"{"systemImage": "circle.fill", "symbolEffect": {"effect": ".scale.up", "isActive": "on"}}"#
        let script = #"[{"at": 1, "do": [{"set": {"on": true}}]}, {"at": 2, "do": [{"set": {"on": false}}]}]"#
        XCTAssertEqual(width(try shapes(root, state: #"{"on": false}"#, script: script, at: 0.5).first), disc, accuracy: 1e-6)
        // Halfway through the smoothstep (x = 0.5: 0.5).
        XCTAssertEqual(width(try shapes(root, state: #"{"on": false}"#, script: script, at: 1.15).first), disc * 1.1, accuracy: 1e-6)
        XCTAssertEqual(width(try shapes(root, state: #"{"on": false}"#, script: script, at: 1.5).first), disc * 1.2, accuracy: 1e-6)
        // x = 0.25: 3/16 - 2/64 = 0.15625 of the way back.
        XCTAssertEqual(width(try shapes(root, state: #"{"on": false}"#, script: script, at: 2.075).first),
                       disc * (1.2 - 0.2 * 0.15625), accuracy: 1e-6)
    }

    /// `.contentTransition(.symbolEffect(.replace))` with an animated change: the old symbol shrinks and
    /// fades over 0.25 s (scale 1 - 0.5 x^2, opacity 1 - x^2), the new one comes in from 0.15 s; a change
    /// without animation swaps at once.
    func testReplaceDrawsTheOldAndTheNewSymbol() throws {
        let root = #"{"systemImage": "on ? 'circle.fill' : 'square.fill'", "contentTransition": ".symbolEffect(.replace)"}"#
        let animated = #"[{"at": 1, "do": [{"withAnimation": ".default", "do": [{"set": {"on": true}}]}]}]"#
        let square = try shapes(root, state: #"{"on": false}"#, script: animated, at: 0.5)
        XCTAssertEqual(square.count, 1)
        let early = try shapes(root, state: #"{"on": false}"#, script: animated, at: 1.1)
        XCTAssertEqual(early.count, 1, "the new symbol has not started to fade in")
        let squareWidth = width(square.first)
        XCTAssertEqual(width(early.first), squareWidth * (1 - 0.5 * 0.16), accuracy: 1e-6)
        XCTAssertEqual(alpha(early.first), 1 - 0.16, accuracy: 1e-9)
        let both = try shapes(root, state: #"{"on": false}"#, script: animated, at: 1.2)
        XCTAssertEqual(both.count, 2)
        // At 0.3 s: the old one is gone; the new one is at the back-out curve's x = 0.15 / 0.35.
        let late = try shapes(root, state: #"{"on": false}"#, script: animated, at: 1.3)
        XCTAssertEqual(late.count, 1)
        let x = 0.15 / 0.35
        let back = 1 + 2.2 * pow(x - 1, 3) + 1.2 * pow(x - 1, 2)
        XCTAssertEqual(width(late.first), disc * (0.5 + 0.5 * back), accuracy: 1e-6)
        let plain = #"[{"at": 1, "do": [{"set": {"on": true}}]}]"#
        XCTAssertEqual(try shapes(root, state: #"{"on": false}"#, script: plain, at: 1.1).count, 1)
        XCTAssertEqual(width(try shapes(root, state: #"{"on": false}"#, script: plain, at: 1.1).first), disc, accuracy: 1e-6)
    }

    func testBadEffectsAreErrors() {
        let cases = [
            (#"{"effect": ".bounce"}"#, "discrete effect"),
            (#"{"effect": ".scale", "value": "n"}"#, "indefinite effect"),
            (#"{"effect": ".bounse", "value": "n"}"#, #"did you mean ".bounce""#),
            (#"{"effect": ".pulse", "value": "n", "isActive": true}"#, "not both"),
        ]
        for (effect, expected) in cases {
            let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"n": 0}, "root": {"systemImage": "bell", "symbolEffect": \#(effect)}}"#
            XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8)), effect) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
                XCTAssertTrue("\(error)".contains("root.symbolEffect"), "\(error)")
            }
        }
        let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"systemImage": "bell", "contentTransition": ".numericText()"}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8)))
    }
}

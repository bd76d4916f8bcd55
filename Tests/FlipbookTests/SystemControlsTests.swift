import DisplayList
import Expressions
import Flipbook
import Foundation
import Geometry
import SceneFormat
import XCTest

/// `toggle` and `progressView`: their sizes against UIKit's measurements, their state driven by taps and
/// sets, their motion against the closed form of the animation that carries it.
final class SystemControlsTests: XCTestCase {
    func player(_ root: String, state: String, script: String = "[]", size: (Double, Double) = (51, 31)) throws -> Player {
        let json = """
        {"canvas": {"width": \(size.0), "height": \(size.1), "scale": 1}, "duration": 3, "state": \(state),
         "root": \(root), "script": \(script)}
        """
        return try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    /// A UISwitch: 51 x 31, a 27 pt knob 2 pt from the edge, off on the left, on on the right after a tap;
    /// in between, the knob follows SwiftUI's default spring (response 0.55, critically damped):
    /// x(t) = 1 - e^(-w t)(1 + w t), w = 2 pi / 0.55.
    func testToggleSizeKnobAndItsSpring() throws {
        let player = try player(#"{"toggle": "isOn", "id": "s"}"#, state: #"{"isOn": false}"#, script: #"[{"at": 1, "tap": "s"}]"#)
        // Off: the grey track and the knob (the green track, at opacity 0, draws nothing).
        let off = drawnShapes(try player.displayList(at: 0.5).items)
        XCTAssertEqual(off.count, 2, "track and knob")
        XCTAssertEqual(off[0].rect, Rect(x: 0, y: 0, width: 51, height: 31))
        let knobOff = off[1].rect
        XCTAssertEqual(knobOff.width, 27, accuracy: 1e-9)
        XCTAssertEqual(knobOff.minX, 2, accuracy: 1e-9)
        XCTAssertEqual(knobOff.midY, 15.5, accuracy: 1e-9)
        let on = drawnShapes(try player.displayList(at: 2.9).items)
        XCTAssertEqual(on.count, 3, "track, green track, knob")
        XCTAssertEqual(on[2].rect.maxX, 49, accuracy: 1e-6)
        XCTAssertEqual(on[1].opacity, 1, accuracy: 1e-6)
        guard case .color(let green)? = on[1].fill?.paint else { return XCTFail("a green track") }
        XCTAssertEqual([green.red, green.green, green.blue].map { ($0 * 255).rounded() }, [52, 199, 89])
        let w = 2 * Double.pi / 0.55
        for s in [0.05, 0.15, 0.3] {
            let x = 1 - exp(-w * s) * (1 + w * s)
            let drawn = drawnShapes(try player.displayList(at: 1 + s).items)
            XCTAssertEqual(drawn.count, 3)
            guard drawn.count == 3 else { continue }
            XCTAssertEqual(drawn[2].rect.minX, 2 + 20 * x, accuracy: 1e-6, "knob at \(s) s")
            XCTAssertEqual(drawn[1].opacity, x, accuracy: 1e-6, "green at \(s) s")
        }
    }

    /// A labelled toggle: the label leading, the switch trailing; the view's own onTap runs after the flip.
    func testLabelledToggleAndItsActions() throws {
        let player = try player(##"{"toggle": "isOn", "label": "Wi-Fi", "id": "s", "tint": "#FF0000", "onTap": [{"set": {"seen": "isOn"}}]}"##,
                                state: #"{"isOn": false, "seen": false}"#, script: #"[{"at": 1, "tap": "s"}]"#, size: (200, 31))
        let drawn = try player.displayList(at: 2.9)
        let switchShapes = drawnShapes(drawn.items)
        guard switchShapes.count == 3 else { return XCTFail("track, green track, knob: \(switchShapes.count)") }
        XCTAssertEqual(switchShapes.first?.rect, Rect(x: 149, y: 0, width: 51, height: 31), "the switch is trailing")
        guard case .color(let red)? = switchShapes[1].fill?.paint else { return XCTFail("the tint") }
        XCTAssertEqual(red.red, 1, accuracy: 1e-9)
        XCTAssertEqual(player.timeline.modelValue("seen", at: 2), .bool(true), "onTap reads the flipped value")
        guard case .text(let label)? = drawn.items.first(where: { if case .text = $0 { return true }; return false }) else {
            return XCTFail("a label")
        }
        XCTAssertEqual(label.string, "Wi-Fi")
        XCTAssertEqual(label.origin.x, 0, accuracy: 1e-9)
    }

    /// ProgressView: a 4 pt track across the width, the bar value / total of it (clamped), its width
    /// animating with the change's transaction.
    func testProgressViewBarFollowsTheValue() throws {
        let player = try player(#"{"progressView": "p", "total": "total"}"#, state: #"{"p": 1, "total": 4}"#,
                                script: #"[{"at": 1, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"p": 3}}]}]}, {"at": 2.5, "do": [{"set": {"p": 9}}]}]"#,
                                size: (200, 20))
        let start = drawnShapes(try player.displayList(at: 0.5).items)
        guard start.count == 2 else { return XCTFail("track and bar: \(start.count)") }
        XCTAssertEqual(start[0].rect, Rect(x: 0, y: 8, width: 200, height: 4))
        XCTAssertEqual(start[1].rect.width, 50, accuracy: 1e-9)
        XCTAssertEqual(start[1].rect.minX, 0, accuracy: 1e-9)
        guard case .color(let blue)? = start[1].fill?.paint else { return XCTFail("the tint") }
        XCTAssertEqual([blue.red, blue.green, blue.blue].map { ($0 * 255).rounded() }, [0, 122, 255])
        XCTAssertEqual(drawnShapes(try player.displayList(at: 1.25).items)[1].rect.width, 50 + 100 * 0.25, accuracy: 1e-6)
        XCTAssertEqual(drawnShapes(try player.displayList(at: 2.9).items)[1].rect.width, 200, accuracy: 1e-9, "clamped to the total")
    }

    func testBadControlsNameTheirPath() {
        func message(_ root: String) -> String { decodeErrorMessage(root: root, state: #"{"on": false}"#) }
        XCTAssertEqual(message(#"{"toggle": "on == true"}"#),
                       #"root.toggle: a toggle is bound to a state variable: write its name, as in Toggle(isOn: $isOn), got "on == true""#)
        XCTAssertEqual(message(#"{"toggle": "of"}"#), #"root.toggle: "of" is not a state variable here"#)
        XCTAssertEqual(message(#"{"toggle": "on", "tint": 3}"#), "root.tint: expected a string, got a number")
        XCTAssertEqual(message(#"{"progressView": true}"#), "root.progressView: expected a number or an expression string, got a boolean")
        XCTAssertTrue(message(#"{"progressView": 0.5, "label": "x"}"#).hasPrefix(#"root.label: unknown key "label""#),
                      message(#"{"progressView": 0.5, "label": "x"}"#))
    }
}

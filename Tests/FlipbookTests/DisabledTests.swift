import DisplayList
import Flipbook
import Foundation
import Raster
import SceneFormat
import XCTest

/// `disabled`: SwiftUI's `isEnabled` environment value. Counts and values against what the taps would do
/// by hand, pixels against the opacity the docs give, load errors against the places written in the test.
final class DisabledTests: XCTestCase {
    func player(_ root: String, state: String, script: String, size: (Int, Int) = (200, 100)) throws -> Player {
        let json = """
        {"canvas": {"width": \(size.0), "height": \(size.1), "scale": 1}, "duration": 2, "state": \(state),
         "root": \(root), "script": \(script)}
        """
        return try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    /// `disabled: count >= 2` on the button: of four taps, only the first two add one.
    func testATapOnADisabledButtonDoesNotRunItsAction() throws {
        let p = try player(#"{"button": "Add", "id": "add", "disabled": "count >= 2", "onTap": [{"set": {"count": "count + 1"}}]}"#,
                           state: #"{"count": 0}"#,
                           script: #"[{"at": 0.1, "tap": "add"}, {"at": 0.2, "tap": "add"}, {"at": 0.3, "tap": "add"}, {"at": 0.4, "tap": "add"}]"#)
        XCTAssertEqual(p.timeline.modelValue("count", at: 0.15), .number(1))
        XCTAssertEqual(p.timeline.modelValue("count", at: 1), .number(2), "the third and fourth taps come while count >= 2")
    }

    /// A `disabled` around the view disables it, and the view's own `"disabled": false` cannot re-enable it.
    func testAnAncestorDisablesAndAChildCannotReEnable() throws {
        let root = """
        {"vstack": [{"button": "Add", "id": "add", "disabled": false, "onTap": [{"set": {"count": "count + 1"}}]},
                    {"toggle": "isOn", "id": "switch"}],
         "disabled": "locked"}
        """
        let script = """
        [{"at": 0.1, "tap": "add"}, {"at": 0.1, "tap": "switch"},
         {"at": 0.5, "do": [{"set": {"locked": true}}]},
         {"at": 0.6, "tap": "add"}, {"at": 0.6, "tap": "switch"}]
        """
        let p = try player(root, state: #"{"count": 0, "isOn": false, "locked": false}"#, script: script)
        XCTAssertEqual(p.timeline.modelValue("count", at: 2), .number(1), "only the tap before locking counts")
        XCTAssertEqual(p.timeline.modelValue("isOn", at: 2), .bool(true), "the switch flipped once, before locking")
    }

    /// A stepper's segments and a slider's drag are refused while disabled.
    func testADisabledStepperAndSliderKeepTheirValues() throws {
        let root = """
        {"vstack": [{"stepper": "n", "in": [0, 10], "id": "st"},
                    {"slider": "v", "in": [0, 10], "id": "sl", "frame": {"width": 131}}],
         "disabled": "time > 0.5"}
        """
        let script = """
        [{"at": 0.1, "tap": "st.increment"}, {"at": 0.7, "tap": "st.increment"},
         {"at": 1, "drag": "sl", "points": [[15.5, 15], [115.5, 15]], "duration": 0.5}]
        """
        let p = try player(root, state: #"{"n": 0, "v": 0}"#, script: script)
        XCTAssertEqual(p.timeline.modelValue("n", at: 2), .number(1), "one step, before 0.5 s")
        XCTAssertEqual(p.timeline.modelValue("v", at: 2), .number(0), "the drag comes while disabled")
    }

    /// `"disabled": true` around a tapped view: the tap could never run, so the scene is refused at the tap.
    func testATapOnAViewDisabledForGoodIsALoadError() throws {
        let root = #"{"vstack": [{"button": "Add", "id": "add", "onTap": [{"set": {"count": 1}}]}], "disabled": true}"#
        XCTAssertThrowsError(try player(root, state: #"{"count": 0}"#, script: #"[{"at": 0.1, "tap": "add"}]"#)) { error in
            let e = error as? SceneError
            XCTAssertEqual(e?.location?.line, 2, "the root and the script share the file's second line: \(String(describing: e))")
            XCTAssertTrue(e?.message.contains("disabled") == true, "\(String(describing: e))")
            // The message names where `disabled` is: line 2, after `"root": ` and the vstack.
            let column = #" "root": {"vstack": [{"button": "Add", "id": "add", "onTap": [{"set": {"count": 1}}]}], "disabled": "#.count + 1
            XCTAssertTrue(e?.message.contains("2:\(column)") == true, "\(String(describing: e))")
        }
    }

    /// A disabled switch is drawn at 50 % opacity: its red on-track over white is (255, 127.5, 127.5).
    func testADisabledToggleIsDrawnAtHalfOpacity() throws {
        func pixel(disabled: Bool) throws -> (Int, Int, Int) {
            let root = """
            {"zstack": [{"shape": "rectangle", "fill": "#ffffff"},
                        {"toggle": "isOn", "tint": "#ff0000", "disabled": \(disabled)}]}
            """
            let p = try player(root, state: #"{"isOn": true}"#, script: "[]", size: (51, 31))
            let image = try Rasterizer().render(p.displayList(at: 0))
            // (8, 15): on the track, left of the knob (its left edge is at 25.5 + 10 - 13.5 = 22).
            let c = image[8, 15]
            return (Int(c.r), Int(c.g), Int(c.b))
        }
        let enabled = try pixel(disabled: false), disabled = try pixel(disabled: true)
        XCTAssertEqual(enabled.0, 255)
        XCTAssertEqual(enabled.1, 0)
        XCTAssertEqual(disabled.0, 255)
        XCTAssertEqual(Double(disabled.1), 127.5, accuracy: 1)
        XCTAssertEqual(Double(disabled.2), 127.5, accuracy: 1)
    }

    /// The environment reaches a button inside a disabled stack: its title turns tertiaryLabel (RGB 60 60 67
    /// at 30 %), from the tint's systemBlue, while `locked`.
    func testAButtonInsideADisabledStackDrawsDisabled() throws {
        func texts(_ items: [DisplayItem]) -> [TextItem] {
            items.flatMap { item -> [TextItem] in
                switch item {
                case .text(let text): return [text]
                case .group(let group): return texts(group.children)
                default: return []
                }
            }
        }
        let p = try player(#"{"vstack": [{"button": "Add"}], "disabled": "locked"}"#, state: #"{"locked": false}"#,
                           script: #"[{"at": 1, "do": [{"set": {"locked": true}}]}]"#)
        let before = try XCTUnwrap(texts(p.displayList(at: 0.5).items).first?.runs.first?.color)
        let after = try XCTUnwrap(texts(p.displayList(at: 1.5).items).first?.runs.first?.color)
        XCTAssertEqual([before.red * 255, before.green * 255, before.blue * 255, before.alpha], [0, 122, 255, 1])
        for (a, e) in zip([after.red * 255, after.green * 255, after.blue * 255, after.alpha], [60.0, 60, 67, 0.3]) {
            XCTAssertEqual(a, e, accuracy: 1e-9)
        }
    }
}

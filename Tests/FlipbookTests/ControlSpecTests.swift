import Flipbook
import Foundation
import SceneFormat
import XCTest

/// Controls decode into typed specs: the view is one view of its kind (`render inspect` lists it as such)
/// and errors in it point at its own line and column.
final class ControlSpecTests: XCTestCase {
    func scene(_ root: String, state: String = #"{"isOn": false, "level": 0.5, "count": 1, "name": ""}"#) throws -> Scene {
        let json = """
        {"canvas": {"width": 300, "height": 80, "scale": 1}, "duration": 1, "state": \(state),
         "root": \(root)}
        """
        return try SceneDecoder.decode(Array(json.utf8))
    }

    func testEachControlDecodesIntoItsSpec() throws {
        let toggle = try scene(##"{"toggle": "isOn", "label": "Wi-Fi", "tint": "#ff0000", "id": "wifi"}"##).root
        guard case .control(.toggle(let spec)) = toggle.kind else { return XCTFail("\(toggle.kind)") }
        XCTAssertEqual(spec.name, "isOn")
        XCTAssertEqual(spec.tint?.constant, .color(ColorValue(red: 1, green: 0, blue: 0, alpha: 1)))
        XCTAssertNotNil(spec.label)
        // A tap flips the variable: one action, before the view's own.
        XCTAssertEqual(toggle.onTap.count, 1)

        let slider = try scene(#"{"slider": "level", "in": [0, 2], "step": 0.5}"#).root
        guard case .control(.slider(let s)) = slider.kind else { return XCTFail("\(slider.kind)") }
        XCTAssertEqual([s.range.low, s.range.high, s.range.step], [0, 2, 0.5])

        let stepper = try scene(#"{"stepper": "count", "in": [0, 10], "id": "c"}"#).root
        guard case .control(.stepper(let st)) = stepper.kind else { return XCTFail("\(stepper.kind)") }
        XCTAssertEqual(st.range.step, 1, "a stepper steps by 1 unless told")
        XCTAssertEqual(st.parts(id: "c").map(\.id), ["c.decrement", "c.increment"])

        let button = try scene(#"{"button": "Go", "buttonStyle": "bordered", "controlSize": "large", "role": "destructive"}"#).root
        guard case .control(.button(let b)) = button.kind else { return XCTFail("\(button.kind)") }
        XCTAssertEqual(b.style, .bordered)
        XCTAssertEqual(b.controlSize, .large)
        XCTAssertEqual(b.role, .destructive)

        let field = try scene(#"{"textField": "name", "textFieldStyle": "roundedBorder"}"#).root
        guard case .control(.textField(let f)) = field.kind else { return XCTFail("\(field.kind)") }
        XCTAssertEqual(f.style, .roundedBorder)

        let progress = try scene(#"{"progressView": "level", "total": 2}"#).root
        guard case .control(.progressView(let p)) = progress.kind else { return XCTFail("\(progress.kind)") }
        XCTAssertEqual(p.total?.constant, .number(2))
    }

    /// An unknown variable or a bad tint is reported at the control's key or the tint's, not inside parts.
    func testErrorsPointAtTheControlItself() throws {
        let root = """
        {"vstack": [
          {"text": "x"},
          {"toggle": "isOnn", "label": "Wi-Fi"}
        ]}
        """
        XCTAssertThrowsError(try scene(root)) { error in
            let e = error as? SceneError
            // Line 4 of the file (the canvas line, then the root's three), at the value "isOnn".
            XCTAssertEqual(e?.location?.line, 4, "\(String(describing: e))")
            XCTAssertEqual(e?.location?.column, #"  {"toggle": "#.count + 1, "\(String(describing: e))")
            XCTAssertTrue(e?.message.contains("isOnn") == true, "\(String(describing: e))")
        }
        let slider = """
        {"vstack": [
          {"slider": "level", "tint": "colr(1, 0, 0)"}
        ]}
        """
        XCTAssertThrowsError(try scene(slider)) { error in
            let e = error as? SceneError
            XCTAssertEqual(e?.location?.line, 3, "\(String(describing: e))")
            XCTAssertEqual(e?.location?.column, #"  {"slider": "level", "tint": "#.count + 1, "\(String(describing: e))")
        }
    }

    /// `render inspect` lists a control with an id as one view of its kind (its parts have no ids).
    func testInspectShowsTheControlAsOneView() throws {
        let player = try Player(scene: scene(#"{"vstack": [{"toggle": "isOn", "label": "Wi-Fi", "id": "wifi"}, {"slider": "level", "id": "lvl", "frame": {"width": 200}}]}"#))
        let views = try player.views(at: 0)
        XCTAssertEqual(views.map(\.id).sorted(), ["lvl", "wifi"])
        XCTAssertEqual(views.first { $0.id == "wifi" }?.view.control, "toggle")
        XCTAssertEqual(views.first { $0.id == "lvl" }?.view.control, "slider")
        // The toggle spans the width offered (its label takes what the switch leaves); 31 pt high, the switch's height.
        XCTAssertEqual(views.first { $0.id == "wifi" }?.view.frame.height, 31)
    }
}

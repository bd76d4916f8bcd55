import DisplayList
import Expressions
import struct Expressions.Expression
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

private struct NoText: TextMeasuring {
    func measure(_ runs: [TextRun], width: Double?, alignment: TextAlignment, lineLimit: Int?) -> Size { .zero }
}

/// The system controls build the expressions of their look (`Composer+<Control>.swift`) and of their tap and
/// drag actions (`NodeDecoder+<Control>.swift`) as trees (`Expr+Building.swift`), with no source text to
/// parse; their errors still point at the control's key.
final class ControlTreesTests: XCTestCase {
    private func scene(_ root: String) throws -> Scene {
        let json = """
        {"canvas": {"width": 300, "height": 200, "scale": 1}, "duration": 1, "state": {"on": false, "v": 0.5, "n": 2, "s": "x", "f": true},
         "root": \(root)}
        """
        return try SceneDecoder.decode(Array(json.utf8))
    }

    /// Every `Expression` inside `value` (a node, a spec, actions), found by reflection.
    private func expressions(in value: Any) -> [Expression] {
        if let expression = value as? Expression { return [expression] }
        return Mirror(reflecting: value).children.flatMap { expressions(in: $0.value) }
    }

    /// A parsed expression's root spans its source; a built one carries the empty range `Expr.built`.
    func testControlsBuildTheirPartsAndActionsAsTrees() throws {
        let controls = [
            #"{"toggle": "on", "label": "Wi-Fi", "id": "t"}"#,
            #"{"slider": "v", "in": [-1, 2], "step": 0.5, "id": "s", "frame": {"width": 200}}"#,
            #"{"stepper": "n", "in": [0, 5], "id": "st"}"#,
            #"{"progressView": 0.3, "total": 2}"#,
            #"{"button": "Go", "buttonStyle": "bordered", "role": "destructive"}"#,
            #"{"button": "Go", "buttonStyle": "borderedProminent"}"#,
            #"{"textField": "s", "prompt": "Name", "textFieldStyle": "roundedBorder", "focused": true}"#,
        ]
        for json in controls {
            let node = try scene(json).root
            guard case .control(let control) = node.kind else { return XCTFail("\(json): \(node.kind)") }
            let bodies = [true, false].map { Composer.makeControlBody(control, id: node.id, enabled: $0) }
                + [Composer.makeControlBody(control, id: node.id, enabled: true, inheritsForeground: true)]
            let found = expressions(in: node) + expressions(in: bodies)
            XCTAssertFalse(found.isEmpty, json)
            for expression in found {
                XCTAssertEqual(expression.root.range, Expr.built, "\(json): \(expression.source) was parsed from text")
            }
        }
    }

    /// A slider's drag and a stepper's taps land on the range's steps: [0, 5] in steps of 2 has the steps 0, 2
    /// and 4 (6 is above the range), so 4.9 and 5 give 4, 1.2 gives 2, 0.9 and -1 give 0; without a step the
    /// value is only clamped.
    func testSnappedTreeLandsOnTheRangesSteps() throws {
        let stepped = ControlRange(low: 0, high: 5, step: 2), plain = ControlRange(low: -1, high: 1, step: nil)
        for (x, expected) in [(4.9, 4.0), (5, 4), (1.2, 2), (0.9, 0), (-1, 0), (2.9, 2), (3.1, 4)] {
            XCTAssertEqual(try Expression(tree: stepped.snapped(.number(x))).evaluate(in: DictionaryScope()), .number(expected), "\(x)")
        }
        for (x, expected) in [(-3.0, -1.0), (0.25, 0.25), (7, 1)] {
            XCTAssertEqual(try Expression(tree: plain.snapped(.number(x))).evaluate(in: DictionaryScope()), .number(expected), "\(x)")
        }
    }

    /// An expression inside a control's parts that fails while a frame is drawn is reported at the
    /// control's key: line 3 (the canvas line, the root's line, then the control's), at the key's value.
    func testErrorsInAControlsPartsPointAtItsKey() throws {
        let cases = [
            (#"{"progressView": "s"}"#, #"    {"progressView": "#, "'/' cannot divide a string by a number"),
            (#"{"stepper": "s"}"#, #"    {"stepper": "#, "'>' cannot compare a string with a number"),
            (#"{"textField": "s", "focused": "n"}"#, #"    {"textField": "#, "'&&' needs bools, not a number"),
        ]
        for (control, prefix, message) in cases {
            let scene = try scene("{\"vstack\": [\n\(#"    "#)\(control)]}")
            let timeline = try Simulator(scene: scene).run()
            XCTAssertThrowsError(try Composer(scene: scene, measurer: NoText()).displayList(for: timeline.snapshot(at: 0))) { error in
                let error = error as? SceneError
                XCTAssertEqual(error?.location?.line, 3, control)
                XCTAssertEqual(error?.location?.column, prefix.count + 1, control)
                XCTAssertTrue(error?.message.contains(message) ?? false, "\(control): \(String(describing: error))")
            }
        }
    }
}

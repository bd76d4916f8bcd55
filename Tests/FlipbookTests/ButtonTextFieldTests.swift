import DisplayList
import Expressions
import Flipbook
import Foundation
import Geometry
import SceneFormat
import XCTest

/// `button`, `textField` and the `typeText` action: colours against iOS's light-mode values written out
/// here, sizes against the metrics table, typed text against the typing rule computed here.
final class ButtonTextFieldTests: XCTestCase {
    /// iOS light-mode colours, as 0...255 RGB and alpha.
    static let systemBlue = [0.0, 122, 255, 1], systemRed = [255.0, 59, 48, 1], white = [255.0, 255, 255, 1], black = [0.0, 0, 0, 1]
    static let tertiaryLabel = [60.0, 60, 67, 0.3], tertiarySystemFill = [118.0, 118, 128, 0.12]
    static let placeholderText = [60.0, 60, 67, 0.3], separator = [60.0, 60, 67, 0.29]

    func player(_ root: String, state: String = "{}", script: String = "[]", size: (Double, Double) = (300, 60),
                duration: Double = 4) throws -> Player {
        let json = """
        {"canvas": {"width": \(size.0), "height": \(size.1), "scale": 1}, "duration": \(duration), "state": \(state),
         "root": \(root), "script": \(script)}
        """
        return try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    func rgba(_ c: Color) -> [Double] { [c.red * 255, c.green * 255, c.blue * 255, c.alpha] }

    func assertColor(_ actual: [Double], _ expected: [Double], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.count, 4, message, file: file, line: line)
        for (a, e) in zip(actual, expected) { XCTAssertEqual(a, e, accuracy: 1e-9, "\(message): \(actual) vs \(expected)", file: file, line: line) }
    }

    func fill(_ shape: DrawnShape) -> [Double] {
        guard case .color(let c)? = shape.fill?.paint else { return [] }
        return rgba(c)
    }

    /// Every text drawn, with the opacity of the groups around it.
    func drawnTexts(_ items: [DisplayItem], _ opacity: Double = 1) -> [(text: TextItem, opacity: Double)] {
        var result: [(TextItem, Double)] = []
        for item in items {
            switch item {
            case .text(let text): result.append((text, opacity))
            case .group(let group): result += drawnTexts(group.children, opacity * group.opacity)
            default: break
            }
        }
        return result
    }

    // MARK: typeText

    /// The typing rule: character k (from 0) is appended at start + k * interval, so at t >= start the
    /// variable holds its earlier value followed by the first min(n, floor((t - start) / interval) + 1)
    /// characters.
    func typed(_ text: String, before: String, start: Double, interval: Double, at t: Double) -> String {
        guard t >= start else { return before }
        let count = min(text.count, Int(((t - start) / interval).rounded(.down)) + 1)
        return before + String(text.prefix(count))
    }

    func testTypeTextAppendsOneCharacterPerInterval() throws {
        // Characters the expression language escapes, a non-ASCII one, and an earlier value kept.
        let text = "a'b$c\\é ${x}"
        let (start, interval) = (0.5, 0.13)
        let json = String(data: try JSONEncoder().encode([text]), encoding: .utf8)!.dropFirst().dropLast()
        let player = try player(#"{"textField": "field", "prompt": "Type here"}"#, state: #"{"field": ">"}"#,
                                script: #"[{"at": \#(start), "do": [{"typeText": \#(json), "into": "field", "interval": \#(interval)}]}]"#)
        // Times between keystrokes (a third of an interval after each), before the start and past the end.
        var times = [0.0, 0.49]
        for k in 0..<(text.count + 2) { times.append(start + (Double(k) + 1.0 / 3) * interval) }
        for t in times {
            let expected = typed(text, before: ">", start: start, interval: interval, at: t)
            XCTAssertEqual(player.timeline.modelValue("field", at: t), .string(expected), "the variable at \(t)")
            let drawn = drawnTexts(try player.displayList(at: t).items).filter { $0.opacity > 0 }.map(\.text.string)
            XCTAssertEqual(drawn, [expected], "the field shows the variable at \(t)")
        }
    }

    /// With the default interval (0.1 s), the first character comes when the action runs.
    func testTypeTextDefaultInterval() throws {
        let player = try player(#"{"textField": "s"}"#, state: #"{"s": ""}"#,
                                script: #"[{"at": 1, "do": [{"typeText": "abcd", "into": "s"}]}]"#)
        for t in [0.99, 1.0, 1.05, 1.15, 1.25, 1.35, 2] {
            XCTAssertEqual(player.timeline.modelValue("s", at: t), .string(typed("abcd", before: "", start: 1, interval: 0.1, at: t)), "at \(t)")
        }
    }

    // MARK: textField

    /// The prompt shows in placeholder grey while the string is empty, and goes when a character is typed.
    func testPromptShowsWhileEmpty() throws {
        let player = try player(#"{"textField": "email", "prompt": "Email", "textFieldStyle": "roundedBorder"}"#, state: #"{"email": ""}"#,
                                script: #"[{"at": 1, "do": [{"typeText": "x", "into": "email"}]}]"#)
        let before = drawnTexts(try player.displayList(at: 0.5).items)
        let prompt = try XCTUnwrap(before.first { $0.text.string == "Email" })
        XCTAssertEqual(prompt.opacity, 1)
        assertColor(rgba(prompt.text.runs[0].color), Self.placeholderText, "UIColor.placeholderText")
        XCTAssertEqual(prompt.text.runs[0].font.size, 17, "body")
        let after = drawnTexts(try player.displayList(at: 1.5).items)
        XCTAssertEqual(after.first { $0.text.string == "Email" }?.opacity ?? 0, 0, "the prompt is hidden")
        let value = try XCTUnwrap(after.first { $0.text.string == "x" })
        XCTAssertEqual(value.opacity, 1)
        assertColor(rgba(value.text.runs[0].color), Self.black, "the typed text in the label colour")
    }

    /// roundedBorder: a white 34 pt high rounded rectangle across the width offered, a hairline separator
    /// border, the text inset 7 pt; plain: no shape.
    func testRoundedBorderAndPlainStyles() throws {
        let rounded = try player(#"{"textField": "s", "prompt": "P", "textFieldStyle": "roundedBorder", "frame": {"width": 240}}"#,
                                 state: #"{"s": ""}"#, size: (300, 60))
        let list = try rounded.displayList(at: 0)
        let shapes = drawnShapes(list.items)
        XCTAssertEqual(shapes.count, 1)
        let border = try XCTUnwrap(shapes.first)
        // The field is centred on the 300 x 60 canvas.
        let rect = Rect(x: 30, y: 13, width: 240, height: 34)
        for (a, b) in [(border.rect.minX, rect.minX), (border.rect.minY, rect.minY), (border.rect.width, rect.width), (border.rect.height, rect.height)] {
            XCTAssertEqual(a, b, accuracy: 1e-9, "\(border.rect) vs \(rect)")
        }
        assertColor(fill(border), Self.white, "a white field")
        guard case .shape(let item)? = list.items.first(where: { if case .shape = $0 { return true }; return false }),
              let stroke = item.stroke, case .color(let c) = stroke.paint else { return XCTFail("a stroked border") }
        assertColor(rgba(c), Self.separator, "UIColor.separator")
        XCTAssertEqual(stroke.lineWidth, 0.5)
        let prompt = try XCTUnwrap(drawnTexts(list.items).first?.text)
        XCTAssertEqual(prompt.origin.x, 30 + 7, accuracy: 1e-9, "the text inset 7 pt")

        let plain = try player(#"{"textField": "s", "prompt": "P", "frame": {"width": 240}}"#, state: #"{"s": ""}"#)
        XCTAssertTrue(drawnShapes(try plain.displayList(at: 0).items).isEmpty, "plain: no border")
        XCTAssertEqual(try XCTUnwrap(drawnTexts(try plain.displayList(at: 0).items).first).text.origin.x, 30, accuracy: 1e-9)
    }

    /// `focused`: a 2 x 20 pt systemBlue insertion point after the text, shown for the first half of each
    /// second of scene time; none while not focused.
    func testFocusedFieldBlinksAnInsertionPoint() throws {
        let player = try player(#"{"textField": "s", "prompt": "Email", "textFieldStyle": "roundedBorder", "focused": "f", "frame": {"width": 240}}"#,
                                state: #"{"s": "", "f": false}"#, script: #"[{"at": 1, "do": [{"set": {"f": true}}]}]"#)
        func caret(at t: Double) throws -> DrawnShape? { drawnShapes(try player.displayList(at: t).items).dropFirst().first }
        for (t, shown) in [(0.2, false), (0.7, false), (1.2, true), (1.7, false), (2.3, true), (2.6, false)] {
            let drawn = try caret(at: t).flatMap { $0.opacity > 0 ? $0 : nil }
            XCTAssertEqual(drawn != nil, shown, "caret at \(t)")
            if let bar = drawn {
                XCTAssertEqual(bar.rect.width, 2, accuracy: 1e-9)
                XCTAssertEqual(bar.rect.height, 20, accuracy: 1e-9)
                XCTAssertEqual(bar.rect.minX, 30 + 7, accuracy: 1e-9, "at the start of an empty field")
                XCTAssertEqual(bar.rect.midY, 30, accuracy: 1e-9, "centred in the field")
                assertColor(fill(bar), Self.systemBlue, "systemBlue")
            }
        }
    }

    // MARK: button

    /// Each style's title colour and background, with the default tint (systemBlue), a tint, and the
    /// destructive role (systemRed, whatever the tint).
    func testStylesTintAndDestructiveRole() throws {
        let cases: [(json: String, title: [Double], background: [Double]?)] = [
            (#"{"button": "Go"}"#, Self.systemBlue, nil),
            (#"{"button": "Go", "buttonStyle": "borderless"}"#, Self.systemBlue, nil),
            (#"{"button": "Go", "buttonStyle": "plain"}"#, Self.black, nil),
            (#"{"button": "Go", "buttonStyle": "bordered"}"#, Self.systemBlue, [0, 122, 255, 0.15]),
            (#"{"button": "Go", "buttonStyle": "borderedProminent"}"#, Self.white, Self.systemBlue),
            (##"{"button": "Go", "buttonStyle": "borderedProminent", "tint": "#00FF00"}"##, Self.white, [0, 255, 0, 1]),
            (##"{"button": "Go", "buttonStyle": "bordered", "tint": "rgb(1, 0, 1)"}"##, [255, 0, 255, 1], [255, 0, 255, 0.15]),
            (#"{"button": "Go", "role": "destructive"}"#, Self.systemRed, nil),
            (##"{"button": "Go", "buttonStyle": "borderedProminent", "role": "destructive", "tint": "#00FF00"}"##, Self.white, Self.systemRed),
            (#"{"button": "Go", "buttonStyle": "bordered", "role": "destructive"}"#, Self.systemRed, [255, 59, 48, 0.15]),
        ]
        for c in cases {
            let list = try player(c.json).displayList(at: 0)
            let title = try XCTUnwrap(drawnTexts(list.items).first?.text, c.json)
            XCTAssertEqual(title.string, "Go")
            assertColor(rgba(title.runs[0].color), c.title, "title of \(c.json)")
            let shapes = drawnShapes(list.items)
            if let background = c.background {
                XCTAssertEqual(shapes.count, 1, c.json)
                if let shape = shapes.first { assertColor(fill(shape), background, "background of \(c.json)") }
            } else {
                XCTAssertTrue(shapes.isEmpty, "no background: \(c.json)")
            }
        }
    }

    /// A bordered button's height and font size per control size (the metrics table), its background as
    /// wide as the title plus the padding on both sides, centred on the title.
    func testControlSizes() throws {
        for (size, height, font, padding) in [("mini", 24.0, 13.0, 8.0), ("small", 28, 15, 10), ("regular", 34, 17, 12),
                                              ("large", 50, 17, 20), ("extraLarge", 50, 17, 20)] {
            let list = try player(#"{"button": "Continue", "buttonStyle": "bordered", "controlSize": "\#(size)"}"#, size: (300, 80)).displayList(at: 0)
            let background = try XCTUnwrap(drawnShapes(list.items).first).rect
            XCTAssertEqual(background.height, height, accuracy: 1e-9, size)
            XCTAssertEqual(background.midY, 40, accuracy: 1e-9, "centred on the canvas: \(size)")
            XCTAssertEqual(background.midX, 150, accuracy: 1e-9, "centred on the canvas: \(size)")
            let title = try XCTUnwrap(drawnTexts(list.items).first?.text)
            XCTAssertEqual(title.runs[0].font.size, font, size)
            XCTAssertEqual(title.origin.x, background.minX + padding, accuracy: 1e-9, "padding: \(size)")
        }
    }

    /// `.disabled(n >= 2)`: taps run the action until n reaches 2, then do nothing; the disabled button is
    /// drawn in tertiaryLabel on tertiarySystemFill.
    func testDisabledButtonIgnoresTaps() throws {
        let taps = [0.2, 0.4, 0.6, 0.8, 1.0].map { #"{"at": \#($0), "tap": "b"}"# }.joined(separator: ", ")
        let counter = try player(#"{"button": "Add", "buttonStyle": "borderedProminent", "id": "b", "disabled": "n >= 2", "onTap": [{"set": {"n": "n + 1"}}]}"#,
                                 state: #"{"n": 0}"#, script: "[\(taps)]")
        for (t, n) in [(0.1, 0.0), (0.3, 1), (0.5, 2), (0.7, 2), (1.5, 2)] {
            XCTAssertEqual(counter.timeline.modelValue("n", at: t), .number(n), "n at \(t)")
        }
        let enabled = try counter.displayList(at: 0.1), disabled = try counter.displayList(at: 0.5)
        assertColor(fill(try XCTUnwrap(drawnShapes(enabled.items).first)), Self.systemBlue, "enabled fill")
        assertColor(rgba(try XCTUnwrap(drawnTexts(enabled.items).first).text.runs[0].color), Self.white, "enabled title")
        assertColor(fill(try XCTUnwrap(drawnShapes(disabled.items).first)), Self.tertiarySystemFill, "disabled fill")
        assertColor(rgba(try XCTUnwrap(drawnTexts(disabled.items).first).text.runs[0].color), Self.tertiaryLabel, "disabled title")

        // `disabled: true`: no tap could ever run, so a tap on it is refused when the scene loads.
        XCTAssertThrowsError(try player(#"{"button": "Add", "id": "b", "disabled": true, "onTap": [{"set": {"n": "n + 1"}}]}"#,
                                        state: #"{"n": 0}"#, script: "[\(taps)]")) { error in
            XCTAssertTrue("\(error)".contains("is disabled"), "\(error)")
        }
    }

    // MARK: decoding

    func message(_ root: String, script: String = "[]") -> String {
        let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"s": "", "n": 0}, "root": \#(root), "script": \#(script)}"#
        do {
            _ = try SceneDecoder.decode(Array(json.utf8))
            return ""
        } catch {
            return error.description
        }
    }

    func testBadValuesNameTheirPath() {
        for (root, script, expected) in [
            (#"{"button": "OK", "buttonStyle": "filled"}"#, "[]", "root.buttonStyle: unknown value \"filled\""),
            (#"{"button": "OK", "controlSize": 3}"#, "[]", "root.controlSize: expected a string"),
            (#"{"button": "OK", "role": "delete"}"#, "[]", "root.role: unknown value \"delete\""),
            (##"{"button": "OK", "tint": "#12"}"##, "[]", "root.tint: invalid colour"),
            (#"{"button": "OK", "disabled": "n +"}"#, "[]", "root.disabled: invalid expression"),
            (#"{"button": 4}"#, "[]", "root.button: expected a string"),
            (#"{"textField": "s", "textFieldStyle": "rounded"}"#, "[]", "root.textFieldStyle: unknown value \"rounded\""),
            (#"{"textField": "s.x"}"#, "[]", "root.textField: a textField is bound to a state variable"),
            (#"{"textField": "s", "prompt": 1}"#, "[]", "root.prompt: expected a string"),
            (#"{"spacer": {}}"#, #"[{"at": 0, "do": [{"typeText": "", "into": "s"}]}]"#, "script[0].do[0].typeText: typeText types 1 to 1000 characters, got 0"),
            (#"{"spacer": {}}"#, #"[{"at": 0, "do": [{"typeText": "a", "into": "s", "interval": -1}]}]"#, "script[0].do[0].interval: -1 is out of range"),
            (#"{"spacer": {}}"#, #"[{"at": 0, "do": [{"typeText": "a"}]}]"#, "script[0].do[0]: missing required key \"into\""),
            (#"{"spacer": {}}"#, #"[{"at": 0, "do": [{"typeText": "a", "into": "s", "speed": 2}]}]"#, "script[0].do[0].speed: unknown key \"speed\""),
        ] {
            let text = message(root, script: script)
            XCTAssertTrue(text.contains(expected), "\(root) \(script): \(text)")
        }
    }

    /// A button and a text field decode with the view's own modifiers and actions around them.
    func testDecodesWithModifiers() throws {
        let player = try player(#"{"vstack": [{"textField": "s", "prompt": "Name", "textFieldStyle": "roundedBorder", "padding": 4}, {"button": "Save", "buttonStyle": "bordered", "id": "save", "opacity": 0.5, "onTap": [{"set": {"n": 1}}]}]}"#,
                                state: #"{"s": "", "n": 0}"#, script: #"[{"at": 1, "tap": "save"}]"#, size: (300, 100))
        XCTAssertEqual(player.timeline.modelValue("n", at: 1.5), .number(1), "an enabled button's action runs")
        let texts = drawnTexts(try player.displayList(at: 0).items)
        XCTAssertEqual(texts.map(\.text.string).filter { !$0.isEmpty }, ["Name", "Save"])
        XCTAssertEqual(texts.last?.opacity ?? 0, 0.5, accuracy: 1e-9, "the button's opacity modifier")
    }
}

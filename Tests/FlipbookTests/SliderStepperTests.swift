import DisplayList
import Expressions
import Flipbook
import Foundation
import Geometry
import SceneFormat
import XCTest

/// `slider` and `stepper`: their geometry against UIKit's layout written out as closed forms here, their
/// values driven by drags and taps against the mapping computed here, their motion against the curve.
final class SliderStepperTests: XCTestCase {
    func color(_ fill: Fill?) -> [Double] {
        guard case .color(let c)? = fill?.paint else { return [] }
        return [c.red, c.green, c.blue, c.alpha]
    }

    func player(_ root: String, state: String, script: String = "[]", size: (Double, Double), duration: Double = 3) throws -> Player {
        let json = """
        {"canvas": {"width": \(size.0), "height": \(size.1), "scale": 1}, "duration": \(duration), "state": \(state),
         "root": \(root), "script": \(script)}
        """
        return try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    // UIKit's layout of a W-point slider (trackRect(forBounds:), thumbRect(forBounds:trackRect:value:)):
    // the track is inset 3 pt at each end, 4 pt high at y 14; the thumb's 31 pt square moves from x 0 to
    // W - 31 with the value's fraction f; the minimum track ends, and the maximum track starts, at the
    // square's centre; the visible thumb is a 28 pt circle centred in the square.
    struct Layout {
        var width: Double, fraction: Double
        var square: Double { (width - 31) * fraction }
        var minimumTrack: Rect { Rect(x: 3, y: 14, width: square + 15.5 - 3, height: 4) }
        var maximumTrack: Rect { Rect(x: square + 15.5, y: 14, width: width - 3 - (square + 15.5), height: 4) }
        var thumb: Rect { Rect(x: square + 1.5, y: 1.5, width: 28, height: 28) }
    }

    func assertRect(_ a: Rect, _ b: Rect, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y, name) in [(a.minX, b.minX, "x"), (a.minY, b.minY, "y"), (a.width, b.width, "width"), (a.height, b.height, "height")] {
            XCTAssertEqual(x, y, accuracy: 1e-6, "\(message): \(name) (\(a) vs \(b))", file: file, line: line)
        }
    }

    /// The drawn parts of a slider: minimum track, maximum track, then the thumb's circles.
    func sliderParts(_ player: Player, at t: Double) throws -> [DrawnShape] {
        try drawnShapes(player.displayList(at: t).items)
    }

    func testSliderPartsSitWhereUIKitPutsThem() throws {
        // A range not starting at 0, a value inside it, one below it (drawn at the low end) and one above.
        let player = try player(#"{"slider": "v", "in": [-10, 30], "frame": {"width": 200}}"#, state: #"{"v": 5}"#,
                                script: #"[{"at": 1, "do": [{"set": {"v": -40}}]}, {"at": 2, "do": [{"set": {"v": 99}}]}]"#,
                                size: (200, 31))
        for (t, fraction) in [(0.5, 15.0 / 40), (1.5, 0), (2.5, 1)] {
            let parts = try sliderParts(player, at: t)
            XCTAssertEqual(parts.count, 4, "two tracks and the thumb drawn twice (its two shadows)")
            guard parts.count == 4 else { continue }
            let expected = Layout(width: 200, fraction: fraction)
            assertRect(parts[0].rect, expected.minimumTrack, "minimum track at \(t)")
            assertRect(parts[1].rect, expected.maximumTrack, "maximum track at \(t)")
            assertRect(parts[2].rect, expected.thumb, "thumb at \(t)")
            assertRect(parts[3].rect, expected.thumb, "thumb at \(t)")
            XCTAssertEqual(color(parts[0].fill).map { ($0 * 255).rounded() }, [0, 122, 255, 255], "systemBlue")
            XCTAssertEqual(color(parts[1].fill), [120 / 255, 120 / 255, 128 / 255, 0.2], "systemFill")
            XCTAssertEqual(color(parts[3].fill), [1, 1, 1, 1], "a white thumb")
        }
    }

    /// In a taller frame the 31 pt slider is centred, and its tint is the minimum track's colour.
    func testSliderInATallerFrameAndItsTint() throws {
        let player = try player(##"{"slider": "v", "tint": "#FF0000", "frame": {"width": 100, "height": 51}}"##, state: #"{"v": 0.5}"#,
                                size: (100, 51))
        let parts = try sliderParts(player, at: 0)
        guard parts.count == 4 else { return XCTFail("\(parts.count) parts") }
        var thumb = Layout(width: 100, fraction: 0.5).thumb
        thumb.origin.y += 10
        assertRect(parts[3].rect, thumb, "thumb")
        XCTAssertEqual(color(parts[0].fill), [1, 0, 0, 1])
    }

    /// A drag sets the value from the finger's x at each 60 Hz sample: v = low + clamp((x - 15.5) / (W - 31))
    /// * (high - low), rounded to the step; the thumb follows.
    func testDragSetsTheValueFromTheFinger() throws {
        let width = 231.0  // a 200 pt travel
        let script = #"[{"at": 1, "drag": "s", "points": [[20, 15], [180, 40], [260, 15]], "duration": 1}]"#
        let free = try player(#"{"slider": "v", "id": "s", "in": [0, 50], "frame": {"width": 231}}"#, state: #"{"v": 10}"#,
                              script: script, size: (width, 31))
        let stepped = try player(#"{"slider": "v", "id": "s", "in": [0, 50], "step": 7, "frame": {"width": 231}}"#, state: #"{"v": 10}"#,
                                 script: script, size: (width, 31))
        XCTAssertEqual(free.timeline.modelValue("v", at: 0.99), .number(10), "untouched before the drag")
        // The finger: (20 -> 180) over the first half second, (180 -> 260) over the second; samples at k / 60 s.
        // Touching down does not move the thumb (UIKit keeps the value until the finger moves).
        XCTAssertEqual(free.timeline.modelValue("v", at: 1.001), .number(10), "touch-down")
        for k in [1, 6, 15, 29, 31, 45, 59] {
            let s = Double(k) / 60
            let x = s < 0.5 ? 20 + 160 * s / 0.5 : 180 + 80 * (s - 0.5) / 0.5
            let raw = 50 * min(max((x - 15.5) / 200, 0), 1)
            let t = 1 + s + 0.001
            guard case .number(let v)? = free.timeline.modelValue("v", at: t) else { return XCTFail("a number") }
            XCTAssertEqual(v, raw, accuracy: 1e-9, "free value at sample \(k)")
            // Multiples of 7 up to 49, the last one in the range.
            let snapped = min((raw / 7).rounded(.toNearestOrAwayFromZero) * 7, 49)
            XCTAssertEqual(stepped.timeline.modelValue("v", at: t), .number(snapped), "stepped value at sample \(k)")
            let thumb = try sliderParts(free, at: t)[3].rect
            XCTAssertEqual(thumb.midX, 15.5 + 200 * raw / 50, accuracy: 1e-6, "the thumb follows at sample \(k)")
        }
        XCTAssertEqual(free.timeline.modelValue("v", at: 2.5), .number(50), "past the end: the high bound")
    }

    /// `withAnimation(.linear(duration: 1)) { v = 1 }`: the thumb slides at the curve's pace, the tracks follow.
    func testSetUnderWithAnimationSlidesTheThumb() throws {
        let player = try player(#"{"slider": "v", "frame": {"width": 131}}"#, state: #"{"v": 0}"#,
                                script: #"[{"at": 1, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"v": 1}}]}]}]"#,
                                size: (131, 31))
        for p in [0.0, 0.25, 0.6, 1] {
            let parts = try sliderParts(player, at: 1 + p)
            let expected = Layout(width: 131, fraction: p)
            assertRect(parts[3].rect, expected.thumb, "thumb at \(p)")
            assertRect(parts[0].rect, expected.minimumTrack, "minimum track at \(p)")
        }
    }

    /// UIStepper: 94 x 32, trailing after its label; taps on the halves step the value within the range,
    /// and the half at a bound is greyed and does nothing.
    func testStepperTapsStepWithinTheRange() throws {
        let taps = (0..<4).map { #"{"at": \#(0.5 + Double($0) * 0.25), "tap": "c.increment"}"# }
            + [#"{"at": 2, "tap": "c.decrement"}"#]
        let player = try player(#"{"stepper": "n", "in": [0, 2.5], "step": 1, "id": "c", "label": "Count: ${n}"}"#, state: #"{"n": 0}"#,
                                script: "[" + taps.joined(separator: ", ") + "]", size: (200, 32))
        for (t, n) in [(0.4, 0.0), (0.6, 1), (0.9, 2), (1.1, 2.5), (1.4, 2.5), (2.1, 1.5)] {
            XCTAssertEqual(player.timeline.modelValue("n", at: t), .number(n), "n at \(t)")
        }
        let list = try player.displayList(at: 1.5)
        let parts = drawnShapes(list.items)
        // Background, minus, divider, plus (two bars).
        guard parts.count == 5 else { return XCTFail("\(parts.count) parts") }
        assertRect(parts[0].rect, Rect(x: 200 - 94, y: 0, width: 94, height: 32), "the control, trailing")
        XCTAssertEqual(color(parts[0].fill), [118 / 255, 118 / 255, 128 / 255, 0.12], "tertiarySystemFill")
        let half = (94.0 - 1) / 2
        assertRect(parts[1].rect, Rect(x: 106 + half / 2 - 7, y: 15, width: 14, height: 2), "minus, centred in its half")
        assertRect(parts[2].rect, Rect(x: 106 + half, y: 7, width: 1, height: 18), "divider")
        assertRect(parts[3].rect, Rect(x: 106 + half + 1 + half / 2 - 7, y: 15, width: 14, height: 2), "plus, across")
        assertRect(parts[4].rect, Rect(x: 106 + half + 1 + half / 2 - 1, y: 9, width: 2, height: 14), "plus, down")
        XCTAssertEqual(color(parts[1].fill), [0, 0, 0, 1], "minus enabled")
        XCTAssertEqual(color(parts[3].fill).last ?? 0, 0.3, accuracy: 1e-12, "plus disabled at the high bound")
        guard case .text(let label)? = list.items.first(where: { if case .text = $0 { return true }; return false }) else {
            return XCTFail("a label")
        }
        XCTAssertEqual(label.string, "Count: 2.5")
        XCTAssertEqual(color(drawnShapes(try player.displayList(at: 0.1).items)[1].fill).last ?? 0, 0.3, accuracy: 1e-12, "minus disabled at 0")
    }

    /// Inside a component instance the parts are `instance.id.part` and the state is the instance's own;
    /// a slider's own onDrag actions run after its value is set.
    func testPartsInsideAComponentAndTheSlidersOwnDrag() throws {
        let json = """
        {"canvas": {"width": 231, "height": 80, "scale": 1}, "duration": 2, "state": {"seen": -1, "ended": false},
         "components": {"Row": {"state": {"n": 3, "v": 0}, "body": {"vstack": [
            {"stepper": "n", "in": [0, 4], "id": "count"},
            {"slider": "v", "id": "s", "frame": {"width": 231},
             "onDrag": {"onChanged": [{"set": {"seen": "v"}}], "onEnded": [{"set": {"ended": true}}]}}]}}},
         "root": {"use": "Row", "id": "row"},
         "script": [{"at": 0.5, "tap": "row.count.increment"}, {"at": 0.6, "tap": "row.count.increment"},
                    {"at": 1, "drag": "row.s", "points": [[15.5, 15], [115.5, 15]], "duration": 0.5}]}
        """
        let player = try Player(scene: SceneDecoder.decode(Array(json.utf8)))
        XCTAssertEqual(player.timeline.modelValue("row.n", at: 0.55), .number(4))
        XCTAssertEqual(player.timeline.modelValue("row.n", at: 0.65), .number(4), "clamped at the high bound")
        XCTAssertEqual(player.timeline.modelValue("row.v", at: 1.6), .number(0.5), "(115.5 - 15.5) / (231 - 31)")
        XCTAssertEqual(player.timeline.modelValue("seen", at: 1.6), .number(0.5), "onChanged saw the new value")
        XCTAssertEqual(player.timeline.modelValue("ended", at: 1.6), .bool(true))
    }

    func testBadControlValuesNameTheirPath() {
        func message(_ root: String, script: String = "[]") -> String {
            let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"v": 0}, "root": \#(root), "script": \#(script)}"#
            do {
                _ = try SceneDecoder.decode(Array(json.utf8))
                return ""
            } catch {
                return "\(error.path): \(error.message)"
            }
        }
        XCTAssertEqual(message(#"{"slider": "v", "in": [1, 0]}"#),
                       "root.in: the range's low bound 1 is above its high bound 0; a ClosedRange needs low <= high")
        XCTAssertEqual(message(#"{"stepper": "v", "in": [0, 1, 2]}"#),
                       "root.in: a stepper's range is [low, high], as in Stepper(value: $value, in: 0...10); got 3 numbers")
        XCTAssertEqual(message(#"{"slider": "v", "step": 0}"#), "root.step: a step must be above 0, got 0")
        XCTAssertEqual(message(#"{"stepper": "v", "step": -2}"#), "root.step: a step must be above 0, got -2")
        XCTAssertEqual(message(#"{"slider": "v", "in": ["0", 1]}"#), "root.in[0]: expected a number, got a string")
        XCTAssertEqual(message(#"{"slider": "$v"}"#),
                       #"root.slider: a slider is bound to a state variable: write its name, as in Slider(value: $volume), got "$v""#)
        XCTAssertEqual(message(#"{"stepper": "v + 1"}"#),
                       #"root.stepper: a stepper is bound to a state variable: write its name, as in Stepper(value: $count), got "v + 1""#)
        XCTAssertEqual(message(#"{"stepper": "count", "id": "c"}"#), "root.stepper: unknown name 'count'")
        XCTAssertEqual(message(#"{"slider": "v", "id": "s"}"#),
                       #"root.slider: a slider with an id is dragged by the script, which needs its width: give it a fixed "frame": {"width": 200}"#)
        XCTAssertEqual(message(#"{"slider": "v", "id": "s", "frame": {"width": 30}}"#),
                       "root.slider: a slider needs a frame width above 31 pt, the thumb's square, to move in; got 30")
        XCTAssertEqual(message(#"{"stepper": "v", "id": "c"}"#, script: #"[{"at": 0, "tap": "c"}]"#),
                       #"script[0].tap: the view "c" has no onTap actions; its parts "c.decrement" and "c.increment" do"#)
    }
}

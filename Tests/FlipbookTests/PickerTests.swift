import DisplayList
import Flipbook
import Foundation
import Geometry
import SceneFormat
import XCTest

/// `picker` (SwiftUI's segmented `Picker`, a `UISegmentedControl`): its geometry against the layout written
/// out here (W / n wide segments, the thumb inset 2 pt, 28 pt high), its selection after taps, its thumb's
/// motion against the linear curve, and the styles and taps it refuses.
final class PickerTests: XCTestCase {
    func player(_ root: String, state: String, script: String = "[]", width: Double = 300, duration: Double = 3) throws -> Player {
        let json = """
        {"canvas": {"width": \(width), "height": 32, "scale": 1}, "duration": \(duration), "state": \(state),
         "root": \(root), "script": \(script)}
        """
        return try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    static let flavors = #"[{"text": "Chocolate", "tag": "chocolate"}, {"text": "Vanilla", "tag": "vanilla"}, "#
        + #"{"text": "Strawberry", "tag": "strawberry"}]"#

    func color(_ fill: Fill?) -> [Double] {
        guard case .color(let c)? = fill?.paint else { return [] }
        return [c.red, c.green, c.blue, c.alpha]
    }

    /// Whether a fill is white (to rounding: an animated view's colour is interpolated, white to white).
    func isWhite(_ fill: Fill?) -> Bool {
        let c = color(fill)
        return c.count == 4 && c.allSatisfy { abs($0 - 1) < 1e-9 }
    }

    /// The white thumb among the drawn shapes.
    func thumb(_ player: Player, at t: Double, file: StaticString = #filePath, line: UInt = #line) throws -> Rect {
        let white = drawnShapes(try player.displayList(at: t).items).filter { isWhite($0.fill) && $0.opacity > 0 }
        XCTAssertEqual(white.count, 1, "one thumb at \(t)", file: file, line: line)
        return try XCTUnwrap(white.first, file: file, line: line).rect
    }

    /// The thumb of segment i of n in a W-point control: x = i W / n + 2, width W / n - 4, y 2, height 28.
    func expectedThumb(_ i: Double, of n: Double, width: Double) -> Rect {
        Rect(x: i * width / n + 2, y: 2, width: width / n - 4, height: 28)
    }

    func assertRect(_ a: Rect, _ b: Rect, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y, name) in [(a.minX, b.minX, "x"), (a.minY, b.minY, "y"), (a.width, b.width, "width"), (a.height, b.height, "height")] {
            XCTAssertEqual(x, y, accuracy: 1e-6, "\(message): \(name) (\(a) vs \(b))", file: file, line: line)
        }
    }

    /// A tap on segment 2 at 0.5 s with `.linear(duration: 1)` on the binding: the selection is the segment's
    /// tag at once, and the thumb goes from segment 0 to 2 in 1 s, so at 1 s it is halfway:
    /// x = 2 + (0 + (200 - 0) x 0.5) = 102 in a 300 pt control of 100 pt segments.
    func testATapSelectsTheTagAndTheThumbSlidesWithTheBindingAnimation() throws {
        let player = try player(#"{"picker": "flavor", "id": "flavor", "pickerStyle": "segmented", "options": \#(Self.flavors), "#
                                + #""bindingAnimation": ".linear(duration: 1)"}"#,
                                state: #"{"flavor": "chocolate"}"#, script: #"[{"at": 0.5, "tap": "flavor.segment2"}]"#)
        XCTAssertEqual(player.timeline.modelValue("flavor", at: 0.4), .string("chocolate"))
        XCTAssertEqual(player.timeline.modelValue("flavor", at: 0.5), .string("strawberry"))
        let segment = 300.0 / 3
        assertRect(try thumb(player, at: 0.4), expectedThumb(0, of: 3, width: 300), "before the tap")
        for (t, progress) in [(0.75, 0.25), (1.0, 0.5), (1.25, 0.75)] {
            var expected = expectedThumb(0, of: 3, width: 300)
            expected.origin.x += 2 * segment * progress
            assertRect(try thumb(player, at: t), expected, "at \(t)")
        }
        assertRect(try thumb(player, at: 1.6), expectedThumb(2, of: 3, width: 300), "after the animation")
    }

    /// Without a binding animation the thumb slides by itself (UIKit's own animation): moving, strictly
    /// between the segments, shortly after the tap, and on the new segment once settled.
    func testWithoutABindingAnimationTheThumbStillSlides() throws {
        let player = try player(#"{"picker": "flavor", "id": "flavor", "pickerStyle": "segmented", "options": \#(Self.flavors)}"#,
                                state: #"{"flavor": "chocolate"}"#, script: #"[{"at": 0.5, "tap": "flavor.segment1"}]"#)
        let moving = try thumb(player, at: 0.6).minX
        XCTAssertGreaterThan(moving, 2)
        XCTAssertLessThan(moving, 102)
        assertRect(try thumb(player, at: 2.5), expectedThumb(1, of: 3, width: 300), "settled")
    }

    /// The background is the control, the separator beside the selected segment is hidden and the other
    /// sits on its boundary: 1 x 18 pt at x = 2 W / 3 - 0.5, y = (32 - 18) / 2.
    func testBackgroundAndSeparators() throws {
        let player = try player(#"{"picker": "flavor", "pickerStyle": "segmented", "options": \#(Self.flavors)}"#,
                                state: #"{"flavor": "chocolate"}"#, width: 240)
        let shapes = drawnShapes(try player.displayList(at: 0).items).filter { $0.opacity > 0 && (color($0.fill).last ?? 0) > 0 }
        assertRect(shapes[0].rect, Rect(x: 0, y: 0, width: 240, height: 32), "background")
        XCTAssertEqual(color(shapes[0].fill), [118 / 255, 118 / 255, 128 / 255, 0.12], "tertiarySystemFill")
        let separators = shapes.filter { $0.rect.width == 1 }
        XCTAssertEqual(separators.count, 1, "the separator between segments 0 and 1 is hidden")
        assertRect(try XCTUnwrap(separators.first).rect, Rect(x: 2 * 240 / 3 - 0.5, y: 7, width: 1, height: 18), "separator")
        assertRect(try thumb(player, at: 0), expectedThumb(0, of: 3, width: 240), "thumb")
    }

    /// Options from a list (`ForEach(sizes, id: \.self) { Text($0).tag($0) }`): four segments, a tap selects
    /// the element (the default tag) or the tag written over it.
    func testOptionsFromAList() throws {
        let elements = try player(#"{"picker": "size", "id": "size", "pickerStyle": "segmented", "#
                                  + #""options": {"forEach": "sizes", "as": "s", "text": "${s}"}}"#,
                                  state: #"{"size": "M", "sizes": ["S", "M", "L", "XL"]}"#, script: #"[{"at": 0.5, "tap": "size.segment3"}]"#)
        XCTAssertEqual(elements.timeline.modelValue("size", at: 0.6), .string("XL"))
        assertRect(try thumb(elements, at: 0), expectedThumb(1, of: 4, width: 300), "M selected")
        assertRect(try thumb(elements, at: 2.5), expectedThumb(3, of: 4, width: 300), "XL selected")
        let tagged = try player(#"{"picker": "n", "id": "size", "pickerStyle": "segmented", "#
                                + #""options": {"forEach": "sizes", "as": "s", "text": "${s}", "tag": "s.count * 10"}}"#,
                                state: #"{"n": 0, "sizes": ["S", "M", "XL"]}"#, script: #"[{"at": 0.5, "tap": "size.segment2"}]"#)
        XCTAssertEqual(tagged.timeline.modelValue("n", at: 0.6), .number(20))
        XCTAssertEqual(try drawnShapes(tagged.displayList(at: 0).items).filter { isWhite($0.fill) && $0.opacity > 0 }.count, 0,
                       "no tag is 0: no segment selected, no thumb")
    }

    /// The tap runs in a transaction carrying the binding's animation, so another view reading the
    /// selection animates with it too: a bar at x = 100 n, n going 0 -> 2 at 0.5 s over 1 s, is at 100 at 1 s.
    func testOtherViewsReadingTheSelectionAnimateWithTheTap() throws {
        let root = #"{"vstack": [{"picker": "n", "id": "p", "pickerStyle": "segmented", "bindingAnimation": ".linear(duration: 1)", "#
            + #""options": [{"text": "A", "tag": 0}, {"text": "B", "tag": 1}, {"text": "C", "tag": 2}]}, "#
            + #"{"shape": "rectangle", "id": "bar", "frame": {"width": 10, "height": 10}, "offset": {"x": "n * 100"}}]}"#
        let player = try player(root, state: #"{"n": 0}"#, script: #"[{"at": 0.5, "tap": "p.segment2"}]"#)
        func barX(_ t: Double) throws -> Double {
            let data = Data(try Inspector.json(player, times: [t]).utf8)
            let frames = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            let views = try XCTUnwrap(frames.first?["views"] as? [String: [String: Any]])
            return try XCTUnwrap((views["bar"]?["offset"] as? [Double])?.first)
        }
        XCTAssertEqual(try barX(0.4), 0, accuracy: 1e-9)
        XCTAssertEqual(try barX(1), 100, accuracy: 1e-6)
        XCTAssertEqual(try barX(1.6), 200, accuracy: 1e-9)
    }

    /// Disabled (an expression true at the tap), a tap selects nothing and the control is drawn at half
    /// opacity; `"disabled": true` with a scripted tap is refused at load.
    func testADisabledPickerTakesNoTaps() throws {
        let root = #"{"picker": "n", "id": "p", "pickerStyle": "segmented", "disabled": "locked", "#
            + #""options": [{"text": "A", "tag": 0}, {"text": "B", "tag": 1}]}"#
        let player = try player(root, state: #"{"n": 0, "locked": true}"#, script: #"[{"at": 0.5, "tap": "p.segment1"}]"#)
        XCTAssertEqual(player.timeline.modelValue("n", at: 1), .number(0))
        let shapes = drawnShapes(try player.displayList(at: 1).items)
        XCTAssertEqual(shapes.first?.opacity ?? 0, 0.5, accuracy: 1e-12, "dimmed")
        let constant = #"{"picker": "v", "id": "p", "pickerStyle": "segmented", "disabled": true, "options": [{"text": "A", "tag": 0}]}"#
        let message = error(constant, script: #"[{"at": 0.5, "tap": "p.segment0"}]"#)
        XCTAssertTrue(message.contains(#"the view "p.segment0" is disabled"#), message)
    }

    /// The decoder's error for `root`, as "line:column: path: message".
    func error(_ root: String, script: String = "[]") -> String {
        let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"v": 0}, "root": \#(root), "script": \#(script)}"#
        do {
            _ = try SceneDecoder.decode(Array(json.utf8))
            return ""
        } catch {
            return "\(error)"
        }
    }

    /// The 1-based column of `needle` in the scene `error` wraps `root` in.
    func column(of needle: String, in root: String, script: String = "[]") -> Int {
        let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"v": 0}, "root": \#(root), "script": \#(script)}"#
        return json.distance(from: json.startIndex, to: json.range(of: needle)!.lowerBound) + 1
    }

    func testOtherStylesAreRefusedWithWhatToWrite() {
        let options = #"[{"text": "A", "tag": 0}]"#
        for style in ["menu", "wheel", "inline", "automatic"] {
            let root = #"{"picker": "v", "pickerStyle": "\#(style)", "options": \#(options)}"#
            let message = error(root)
            XCTAssertTrue(message.hasPrefix("1:\(column(of: "\"\(style)\"", in: root)): root.pickerStyle: "), message)
            XCTAssertTrue(message.hasSuffix(#"which is not drawn; write "pickerStyle": "segmented" (SwiftUI's .pickerStyle(.segmented)), the one picker style drawn"#),
                          message)
        }
        let bare = #"{"picker": "v", "options": \#(options)}"#
        XCTAssertTrue(error(bare).hasPrefix("1:\(column(of: #"{"picker": "v""#, in: bare) + 11): root.picker: a picker without \"pickerStyle\" is SwiftUI's automatic style"),
                      error(bare))
        XCTAssertEqual(error(#"{"picker": "v", "pickerStyle": "segmentd", "options": \#(options)}"#).components(separatedBy: ": ").dropFirst().joined(separator: ": "),
                       #"root.pickerStyle: unknown value "segmentd"; did you mean "segmented"?"#)
        XCTAssertTrue(error(#"{"picker": "v", "pickerStyle": "segmented", "options": \#(options), "onTap": []}"#)
            .contains("a picker's taps select a segment and run no actions"))
        XCTAssertTrue(error(#"{"picker": "v", "pickerStyle": "segmented", "options": []}"#).contains("a picker needs at least one option"))
    }

    /// A tap on a segment past the last: refused at load for written options (the tap's line:column), an
    /// error when it runs for options from a list.
    func testATapOutOfRangeIsAnError() throws {
        let root = #"{"picker": "v", "id": "p", "pickerStyle": "segmented", "options": [{"text": "A", "tag": 0}, {"text": "B", "tag": 1}]}"#
        let script = #"[{"at": 0.5, "tap": "p.segment2"}]"#
        XCTAssertEqual(error(root, script: script),
                       "1:\(column(of: "{\"at\"", in: root, script: script)): script[0].tap: tap target \"p.segment2\" is not a segment of the picker \"p\": "
                           + #"it has 2 segments, "p.segment0" to "p.segment1""#)
        XCTAssertEqual(error(root, script: #"[{"at": 0.5, "tap": "p"}]"#).components(separatedBy: ": ").dropFirst().joined(separator: ": "),
                       #"script[0].tap: the view "p" has no onTap actions; its segments "p.segment0" to "p.segment1" do"#)
        XCTAssertThrowsError(try player(#"{"picker": "v", "id": "p", "pickerStyle": "segmented", "#
                                        + #""options": {"forEach": "[1, 2, 3]", "as": "x", "text": "${x}"}}"#,
                                        state: #"{"v": 1}"#, script: #"[{"at": 0.5, "tap": "p.segment5"}]"#)) { error in
            XCTAssertTrue("\(error)".contains("the list index 5 is out of range"), "\(error)")
        }
    }
}

import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// A measurer that wraps: every character is 10 x 20 points and lines break between words, at the width
/// when one is given (a word longer than the width stands on its own line).
private struct WrappingMeasurer: TextMeasuring {
    func measure(_ runs: [TextRun], width: Double?, alignment: TextAlignment, lineLimit: Int?) -> Size {
        let words = runs.map(\.text).joined().split(separator: " ").map { Double($0.count) * 10 }
        var lines: [Double] = []
        for word in words {
            if let last = lines.last, width.map({ last + 10 + word <= $0 }) ?? true {
                lines[lines.count - 1] = last + 10 + word
            } else {
                lines.append(word)
            }
        }
        return Size(lines.max() ?? 0, Double(max(lines.count, 1)) * 20)
    }
}

/// `HStack { Text(long); Spacer() }`: a spacer's layout priority is -infinity (OpenSwiftUI's
/// `SpacerLayoutComputer.layoutPriority()`), so the stack sets aside only its minimum length (8 points by
/// default, the stack's spacing; `minLength` when given) and offers the text the rest, instead of half.
/// Frames worked out by hand, text sizes from the measurer above.
final class SpacerPriorityTests: XCTestCase {
    private let measurer = WrappingMeasurer()

    private func text(_ root: String) throws -> TextItem {
        let json = #"{"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 1, "root": \#(root)}"#
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let items = try Composer(scene: scene, measurer: measurer).displayList(for: timeline.snapshot(at: 0)).items
        for case .text(let text) in items { return text }
        throw XCTSkip("no text drawn")
    }

    private func measured(_ string: String, width: Double?) -> Size {
        measurer.measure([TextRun(text: string, font: Font(), color: Color(red: 0, green: 0, blue: 0))], width: width, alignment: .leading, lineLimit: nil)
    }

    /// Checks the drawn text against the measurer's size at the width offered (the drawn box is that size,
    /// plus a few hundredths of slack against rounding), centred vertically in the 100-point canvas.
    private func check(_ text: TextItem, _ string: String, offered: Double, file: StaticString = #filePath, line: UInt = #line) throws {
        let size = measured(string, width: offered)
        XCTAssertEqual(try XCTUnwrap(text.width), size.width, accuracy: 0.05, file: file, line: line)
        XCTAssertEqual(text.origin.x, 0, file: file, line: line)
        XCTAssertEqual(text.origin.y, (100 - size.height) / 2, file: file, line: line)
    }

    /// 200 wide, spacing 8: the text is offered 200 - 8 - 8 = 184 and its 140 fit on one line (the spacer
    /// takes 52, the stack the full 200, so the text starts at x = 0, at y = 40).
    func testTheTextKeepsOneLineWhenItFitsBesideTheSpacersMinimum() throws {
        let string = "aaaa bbbb cccc"
        XCTAssertEqual(measured(string, width: nil), Size(140, 20))
        XCTAssertEqual(measured(string, width: 184), Size(140, 20))
        let text = try text(#"{"hstack": [{"text": "\#(string)"}, {"spacer": {}}]}"#)
        try check(text, string, offered: 184)
        XCTAssertEqual(text.origin.y, 40)
    }

    /// The spacer's `minLength` is what is set aside: 170 of text fit beside a 20-point spacer (offered
    /// 200 - 8 - 20 = 172) and wrap beside a 30-point one (offered 162): two lines, 80 wide, from y = 30.
    func testTheSpacersMinimumLengthIsSetAside() throws {
        let string = "aaaaaaaa bbbbbbbb"
        XCTAssertEqual(measured(string, width: 172), Size(170, 20))
        XCTAssertEqual(measured(string, width: 162), Size(80, 40))
        try check(try text(#"{"hstack": [{"text": "\#(string)"}, {"spacer": {}, "minLength": 20}]}"#), string, offered: 172)
        let wraps = try text(#"{"hstack": [{"text": "\#(string)"}, {"spacer": {}, "minLength": 30}]}"#)
        try check(wraps, string, offered: 162)
        XCTAssertEqual(wraps.origin.y, 30)
    }

    /// A spacer given a layout priority sizes with the views of that priority: `layoutPriority(0)` makes it
    /// share with the text again, which is offered (200 - 8) / 2 = 96 and wraps: "aaaa bbbb" over "cccc".
    func testAnExplicitPriorityOnTheSpacerCounts() throws {
        let string = "aaaa bbbb cccc"
        XCTAssertEqual(measured(string, width: 96), Size(90, 40))
        try check(try text(#"{"hstack": [{"text": "\#(string)"}, {"spacer": {}, "layoutPriority": 0}]}"#), string, offered: 96)
    }
}

import Compose
import DisplayList
import Flipbook
import Foundation
import SceneFormat
import XCTest

/// A stack's `alignment` as an expression moves its children smoothly when it changes under an animation;
/// a text view's foreground colour and its runs' own colours blend. Oracles are closed forms computed here.
final class StackAlignmentTextColorTests: XCTestCase {
    func player(_ json: String) throws -> Player {
        try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    func view(_ player: Player, _ id: String, at t: Double) throws -> InspectedView {
        try XCTUnwrap(try player.views(at: t).first { $0.id == id }?.view, "no view \(id) at \(t)")
    }

    func linear(_ s: Double) -> Double { s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4) }
    func srgb(_ l: Double) -> Double { l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055 }

    /// `easeInOut` is the cubic Bézier (0.42, 0, 0.58, 1): y at the x that equals `p`, by bisection.
    func easeInOut(_ p: Double) -> Double {
        func bezier(_ s: Double, _ a: Double, _ b: Double) -> Double { 3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if bezier(mid, 0.42, 0.58) < p { lo = mid } else { hi = mid }
        }
        return bezier((lo + hi) / 2, 0, 1)
    }

    /// Every text item, inside groups too.
    func textItems(_ items: [DisplayItem]) -> [TextItem] {
        items.flatMap { item -> [TextItem] in
            switch item {
            case .text(let text): return [text]
            case .group(let group): return textItems(group.children)
            default: return []
            }
        }
    }

    /// `VStack(alignment: right ? .trailing : .leading)` under `withAnimation(.linear(duration: 1))`: the
    /// 20 pt dot beside a 100 pt bar slides 80 pt, a quarter of it after a quarter of a second.
    func testVStackAlignmentChangeSlidesTheChild() throws {
        let p = try player(#"""
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 2, "state": {"right": false},
             "root": {"vstack": [{"shape": "rectangle", "frame": {"width": 100, "height": 10}},
                                 {"id": "dot", "shape": "circle", "frame": {"width": 20, "height": 20}}],
                      "alignment": "right ? 'trailing' : 'leading'", "spacing": 0},
             "script": [{"at": 0.5, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"right": true}}]}]}]}
            """#)
        // The 100 pt wide stack is centred in 200: leading x = 50, trailing x = 50 + 100 - 20 = 130.
        for (t, x) in [(0.4, 50.0), (0.75, 70), (1.0, 90), (1.5, 130), (1.9, 130)] {
            XCTAssertEqual(try view(p, "dot", at: t).frame.minX, x, accuracy: 1e-9, "t = \(t)")
        }
    }

    /// `HStack(alignment:)` and `ZStack(alignment:)` from expressions, under `.easeInOut(duration: 1)`.
    func testHStackAndZStackAlignmentsAnimate() throws {
        let p = try player(#"""
            {"canvas": {"width": 200, "height": 200, "scale": 1}, "duration": 2, "state": {"down": false},
             "root": {"vstack": [
               {"hstack": [{"shape": "rectangle", "frame": {"width": 10, "height": 60}},
                           {"id": "chip", "shape": "rectangle", "frame": {"width": 10, "height": 20}}],
                "alignment": "down ? 'bottom' : 'top'", "spacing": 0},
               {"zstack": [{"shape": "rectangle", "frame": {"width": 80, "height": 80}},
                           {"id": "badge", "shape": "circle", "frame": {"width": 20, "height": 20}}],
                "alignment": "down ? 'bottomTrailing' : 'topLeading'"}],
              "spacing": 0},
             "script": [{"at": 0, "do": [{"withAnimation": ".easeInOut(duration: 1)", "do": [{"set": {"down": true}}]}]}]}
            """#)
        // The column is 60 + 80 = 140 high, centred in 200: the HStack's top is y = 30, the ZStack's 90;
        // the ZStack is 80 wide, centred: x = 60.
        let chip0 = try view(p, "chip", at: 0).frame, badge0 = try view(p, "badge", at: 0).frame
        XCTAssertEqual(chip0.minY, 30, accuracy: 1e-9)
        XCTAssertEqual(badge0.minX, 60, accuracy: 1e-9)
        XCTAssertEqual(badge0.minY, 90, accuracy: 1e-9)
        for t in [0.2, 0.5, 0.7] {
            let f = easeInOut(t)
            XCTAssertEqual(try view(p, "chip", at: t).frame.minY, 30 + 40 * f, accuracy: 1e-6, "t = \(t)")
            let badge = try view(p, "badge", at: t).frame
            XCTAssertEqual(badge.minX, 60 + 60 * f, accuracy: 1e-6, "t = \(t)")
            XCTAssertEqual(badge.minY, 90 + 60 * f, accuracy: 1e-6, "t = \(t)")
        }
        XCTAssertEqual(try view(p, "chip", at: 1.5).frame.minY, 70, accuracy: 1e-9)
    }

    /// A name the stack does not have is an error naming the value and the JSON path; a bare wrong word is
    /// refused when the file loads.
    func testWrongAlignmentNames() throws {
        XCTAssertThrowsError(try player(#"""
            {"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 1, "state": {"on": false},
             "root": {"vstack": [{"shape": "circle"}], "alignment": "on ? 'trailing' : 'top'"}}
            """#).displayList(at: 0)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("\"top\" is not an alignment here"), message)
            XCTAssertTrue(message.contains("leading, center, trailing") || message.contains("center, leading, trailing"), message)
            XCTAssertTrue(message.contains("root.alignment"), message)
        }
        XCTAssertThrowsError(try player(#"""
            {"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 1,
             "root": {"hstack": [{"shape": "circle"}], "alignment": "leading"}}
            """#)) { error in
            XCTAssertTrue("\(error)".contains("root.alignment"), "\(error)")
        }
    }

    /// `Text("Paid").foregroundColor(paid ? .green : .red)` under `withAnimation(.linear(duration: 1))`, and
    /// a run with its own colour (`Text("!").foregroundColor(...)` concatenated): both blend in linear sRGB.
    func testTextForegroundAndRunColoursBlend() throws {
        let p = try player(#"""
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 2, "state": {"paid": false},
             "root": {"vstack": [
               {"id": "label", "text": "Paid", "foregroundColor": "paid ? rgb(0, 1, 0) : rgb(1, 0, 0)"},
               {"text": [{"text": "Total "}, {"text": "!", "foregroundColor": "paid ? rgb(0, 0, 1) : rgb(1, 1, 0)"}]}]},
             "script": [{"at": 0, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"paid": true}}]}]}]}
            """#)
        for t in [0.25, 0.5, 0.8] {
            let color = try XCTUnwrap(try view(p, "label", at: t).foregroundColor)
            XCTAssertEqual(color.red, srgb(1 - t), accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(color.green, srgb(t), accuracy: 1e-9, "t = \(t)")
            let texts = textItems(try p.displayList(at: t).items)
            let label = try XCTUnwrap(texts.first { $0.string == "Paid" })
            XCTAssertEqual(label.runs[0].color.green, srgb(t), accuracy: 1e-9, "t = \(t)")
            let runs = try XCTUnwrap(texts.first { $0.string == "Total !" }).runs
            XCTAssertEqual(runs[1].color.red, srgb(1 - t), accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(runs[1].color.green, srgb(1 - t), accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(runs[1].color.blue, srgb(t), accuracy: 1e-9, "t = \(t)")
            // The run without a colour keeps the foreground (black) throughout.
            XCTAssertEqual(runs[0].color.red, 0, accuracy: 1e-12)
        }
        XCTAssertEqual(try view(p, "label", at: 1.5).foregroundColor?.green ?? 0, 1, accuracy: 1e-12)
    }
}

import DisplayList
import Flipbook
import Foundation
import Geometry
import SceneFormat
import XCTest

/// `contentTransition` on text: which glyphs stay, leave and arrive, and how far each is through its
/// roll, from the display list, against the transaction's linear progress worked out here.
final class ContentTransitionTests: XCTestCase {
    /// A 20 pt text of `template` over state `n`, set to `to` at 1 s with `.linear(duration: 1)`.
    func player(_ template: String, from: Double, to: Double, transition: String,
                animation: String = ".linear(duration: 1)") throws -> Player {
        let json = """
        {"canvas": {"width": 200, "height": 60, "scale": 1}, "duration": 3, "state": {"n": \(from)},
         "root": {"text": "\(template)", "font": {"size": 20}, "contentTransition": "\(transition)"},
         "script": [{"at": 1, "do": [{"withAnimation": "\(animation)", "do": [{"set": {"n": \(to)}}]}]}]}
        """
        return try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    /// A glyph drawn at one moment: its text, and the group around it if it is rolling.
    struct Glyph {
        var text: String
        var opacity = 1.0
        var transform = Transform.identity
        var blur = 0.0
    }

    func glyphs(_ items: [DisplayItem]) -> [Glyph] {
        var result: [Glyph] = []
        for item in items {
            switch item {
            case .text(let text):
                result.append(Glyph(text: text.string))
            case .group(let group):
                // A rolling glyph: transform and opacity around a blur around the text.
                guard case .group(let blurred)? = group.children.first, case .blur(let sigma)? = blurred.filter,
                      case .text(let text)? = blurred.children.first else {
                    result += glyphs(group.children).map { var g = $0; g.opacity *= group.opacity; return g }
                    continue
                }
                result.append(Glyph(text: text.string, opacity: group.opacity, transform: group.transform, blur: sigma))
            default:
                break
            }
        }
        return result
    }

    /// Checks a rolling glyph `a` of the way out: faded by a, shrunk by (1 - 0.51) a, moved by 0.19 x 20 x a
    /// (up for `rise` -1), blurred by 0.32 of the move.
    func assertRolling(_ g: Glyph?, _ text: String, activity a: Double, rise: Double, _ message: String) {
        guard let g else { return XCTFail("no glyph \(text): \(message)") }
        XCTAssertEqual(g.text, text, message)
        XCTAssertEqual(g.opacity, 1 - a, accuracy: 1e-9, message)
        XCTAssertEqual(g.transform.a, 1 - 0.49 * a, accuracy: 1e-9, message)
        XCTAssertEqual(g.transform.d, 1 - 0.49 * a, accuracy: 1e-9, message)
        XCTAssertEqual(g.blur, 0.32 * 0.19 * 20 * a, accuracy: 1e-9, message)
        // The move is the translation left once the scale about the glyph's centre is taken out:
        // T = S(about c) then translate, so ty = c.y (1 - s) + move.
        let s = 1 - 0.49 * a
        let centreY = (g.transform.ty - rise * 0.19 * 20 * a) / (1 - s)
        XCTAssertGreaterThan(centreY, 0, message)
        XCTAssertLessThan(centreY, 60, message)
    }

    func testOneDigitRollsUpWhenCountingUp() throws {
        let player = try player("${n}", from: 8, to: 9, transition: ".numericText()")
        XCTAssertEqual(glyphs(try player.displayList(at: 0.9).items).map(\.text), ["8"])
        for t in [1.25, 1.5, 1.8] {
            let p = t - 1
            let drawn = glyphs(try player.displayList(at: t).items)
            XCTAssertEqual(drawn.map(\.text), ["8", "9"], "at \(t)")
            assertRolling(drawn.first, "8", activity: p, rise: -1, "leaving at \(t)")
            assertRolling(drawn.last, "9", activity: 1 - p, rise: 1, "arriving at \(t)")
        }
        // Both moves at 1.25 s: the leaving 8 above its place by 0.19 x 20 x 0.25, the arriving 9 below by x 0.75.
        let drawn = glyphs(try player.displayList(at: 1.25).items)
        let out = drawn[0].transform, into = drawn[1].transform
        let s0 = 1 - 0.49 * 0.25, s1 = 1 - 0.49 * 0.75
        XCTAssertEqual((out.ty + 0.19 * 20 * 0.25) / (1 - s0), (into.ty - 0.19 * 20 * 0.75) / (1 - s1), accuracy: 1e-6,
                       "both scale about the same line centre")
        let settled = glyphs(try player.displayList(at: 2.1).items)
        XCTAssertEqual(settled.map(\.text), ["9"])
        XCTAssertEqual(settled.first?.opacity, 1)
    }

    /// Shared characters at the start and the end stay; the ones in between are replaced.
    func testSharedCharactersStay() throws {
        let label = try player("Count: ${n}", from: 19, to: 20, transition: ".numericText()")
        let drawn = glyphs(try label.displayList(at: 1.5).items)
        XCTAssertEqual(drawn.filter { $0.opacity == 1 && $0.transform == .identity }.map(\.text), Array("Count: ").map(String.init))
        XCTAssertEqual(drawn.filter { $0.transform != .identity }.map(\.text), ["1", "9", "2", "0"])
        let middle = try player("${n}", from: 109, to: 119, transition: ".numericText()")
        let replaced = glyphs(try middle.displayList(at: 1.5).items)
        XCTAssertEqual(replaced.filter { $0.transform == .identity }.map(\.text), ["1", "9"])
        XCTAssertEqual(replaced.filter { $0.transform != .identity }.map(\.text), ["0", "1"])
    }

    /// countsDown and numericText(value:) with a decreasing value roll the other way.
    func testCountingDownRollsDown() throws {
        for transition in [".numericText(countsDown: true)", ".numericText(value: n)"] {
            let player = try player("${n}", from: 9, to: 8, transition: transition)
            let drawn = glyphs(try player.displayList(at: 1.5).items)
            assertRolling(drawn.first, "9", activity: 0.5, rise: 1, "\(transition): leaving downwards")
            assertRolling(drawn.last, "8", activity: 0.5, rise: -1, "\(transition): arriving from above")
        }
        // numericText(value:) counting up rolls up.
        let up = try player("${n}", from: 8, to: 9, transition: ".numericText(value: n)")
        assertRolling(glyphs(try up.displayList(at: 1.5).items).first, "8", activity: 0.5, rise: -1, "value up")
    }

    func testOpacityCrossFadesAndIdentityOrNoAnimationSwapsAtOnce() throws {
        let fade = try player("${n}", from: 8, to: 9, transition: ".opacity")
        let drawn = glyphs(try fade.displayList(at: 1.3).items)
        XCTAssertEqual(drawn.map(\.text), ["8", "9"])
        XCTAssertEqual(drawn[0].opacity, 0.7, accuracy: 1e-9)
        XCTAssertEqual(drawn[1].opacity, 0.3, accuracy: 1e-9)
        XCTAssertEqual(glyphs(try player("${n}", from: 8, to: 9, transition: ".identity").displayList(at: 1.3).items).map(\.text), ["9"])
        let json = """
        {"canvas": {"width": 200, "height": 60, "scale": 1}, "duration": 3, "state": {"n": 8},
         "root": {"text": "${n}", "contentTransition": ".numericText()"},
         "script": [{"at": 1, "do": [{"set": {"n": 9}}]}]}
        """
        let unanimated = try Player(scene: SceneDecoder.decode(Array(json.utf8)))
        XCTAssertEqual(glyphs(try unanimated.displayList(at: 1.3).items).map(\.text), ["9"])
    }

    /// A text of `string` whose font goes from 20 pt light to 40 pt black at 1 s, `.linear(duration: 1)`.
    func fontPlayer(_ transition: String, string: String = "Weight") throws -> Player {
        let json = """
        {"canvas": {"width": 300, "height": 80, "scale": 1}, "duration": 3, "state": {"big": false},
         "root": {"text": "\(string)", "font": {"size": "big ? 40 : 20", "weight": "big ? 'black' : 'light'"},
                  "contentTransition": "\(transition)"},
         "script": [{"at": 1, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"big": true}}]}]}]}
        """
        return try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    /// The texts drawn, with the opacity of the groups around them: (string, size, weight, opacity).
    func drawnTexts(_ items: [DisplayItem], opacity: Double = 1) -> [(String, Double, FontWeight, Double)] {
        items.flatMap { item -> [(String, Double, FontWeight, Double)] in
            switch item {
            case .text(let text): return text.runs.map { ($0.text, $0.font.size, $0.font.weight, opacity) }
            case .group(let group): return drawnTexts(group.children, opacity: opacity * group.opacity)
            default: return []
            }
        }
    }

    func testInterpolateAnimatesTheSizeAndCrossFadesNeighbouringWeights() throws {
        let player = try fontPlayer(".interpolate")
        // Weights on the OpenType scale: light 300 -> black 900; the heavier of the two static weights
        // around the animated value fades in over the lighter by how far the value is between them.
        let weights: [(FontWeight, Int)] = FontWeight.allCases.map { ($0, $0.value) }
        for t in [0.5, 1.25, 1.5, 1.8, 2.5] {
            let p = min(1, max(0, t - 1))
            let size = 20 + 20 * p, weight = 300 + 600 * p
            let drawn = drawnTexts(try player.displayList(at: t).items)
            XCTAssertTrue(drawn.allSatisfy { $0.0 == "Weight" && abs($0.1 - size) < 1e-9 }, "size at \(t): \(drawn)")
            let lower = weights.last { Double($0.1) <= weight }!, upper = weights.first { Double($0.1) >= weight }!
            if lower.0 == upper.0 {
                XCTAssertEqual(drawn.map(\.2), [lower.0], "at \(t)")
                XCTAssertEqual(drawn.first?.3 ?? 0, 1, accuracy: 1e-9)
            } else {
                let mix = (weight - Double(lower.1)) / Double(upper.1 - lower.1)
                XCTAssertEqual(drawn.map(\.2), [lower.0, upper.0], "at \(t)")
                XCTAssertEqual(drawn[0].3, 1, accuracy: 1e-9, "at \(t)")
                XCTAssertEqual(drawn[1].3, mix, accuracy: 1e-9, "at \(t)")
            }
        }
        // Without it, the text takes its new font at the transaction (text is not animatable).
        let identity = drawnTexts(try fontPlayer(".identity").displayList(at: 1.25).items)
        XCTAssertEqual(identity.map(\.1), [40])
        XCTAssertEqual(identity.map(\.2), [.black])
    }

    func testInterpolateCrossFadesANewString() throws {
        let json = """
        {"canvas": {"width": 300, "height": 80, "scale": 1}, "duration": 3, "state": {"big": false},
         "root": {"text": "${big ? 'On' : 'Off'}", "contentTransition": ".interpolate"},
         "script": [{"at": 1, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"big": true}}]}]}]}
        """
        let player = try Player(scene: SceneDecoder.decode(Array(json.utf8)))
        let drawn = drawnTexts(try player.displayList(at: 1.25).items)
        XCTAssertEqual(drawn.map(\.0), ["Off", "On"])
        XCTAssertEqual(drawn[0].3, 0.75, accuracy: 1e-9)
        XCTAssertEqual(drawn[1].3, 0.25, accuracy: 1e-9)
    }

    func testBadTransitionsNameTheirPath() {
        func message(_ root: String) -> String { decodeErrorMessage(root: root) }
        XCTAssertEqual(message(#"{"text": "a", "contentTransition": ".numericTxt()"}"#),
                       "root.contentTransition: unknown content transition .numericTxt; expected .numericText(), .interpolate, .opacity or .identity")
        XCTAssertEqual(message(#"{"text": "a", "contentTransition": ".numericText(up: true)"}"#),
                       #"root.contentTransition: .numericText has no argument "up:"; it takes countsDown: or value:"#)
        XCTAssertEqual(message(#"{"text": "a", "contentTransition": ".interpolate(1)"}"#),
                       "root.contentTransition: .interpolate takes no arguments")
        XCTAssertEqual(message(#"{"text": "a", "contentTransition": ".numericText(value: m)"}"#).hasPrefix("root.contentTransition"), true)
        XCTAssertTrue(message(#"{"zstack": [], "contentTransition": ".numericText()"}"#)
            .hasPrefix(#"root.contentTransition: "contentTransition" is SwiftUI's .contentTransition; the format has no such key"#),
                      message(#"{"zstack": [], "contentTransition": ".numericText()"}"#))
    }
}

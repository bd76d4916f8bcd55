import Compose
import DisplayList
import Flipbook
import Foundation
import Geometry
import Pixels
import SceneFormat
import XCTest

/// What the format accepts is drawn as SwiftUI draws it: scroll-linked effects during an animated scroll,
/// a button's title in an inherited foreground, a `forEach` item leaving with the values it had, triggers
/// read through a component's parameters and a phase animator's phase, `opacity(colour, f)` out of 0...1
/// and a stepper beside an unrelated repeating animation. Oracles are computed here.
final class FidelityRowsTests: XCTestCase {
    func player(_ json: String) throws -> Player {
        try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    func view(_ player: Player, _ id: String, at t: Double, file: StaticString = #filePath,
              line: UInt = #line) throws -> InspectedView {
        try XCTUnwrap(try player.views(at: t).first { $0.id == id }?.view, "no view \(id) at \(t)", file: file, line: line)
    }

    // MARK: - A scroll-linked parallax during an animated scroll and a fling

    /// A 100 pt band at the top of a scroll view; the square inside is offset by -minY / 2 (a parallax).
    func parallaxScene(_ scroll: String) -> String {
        #"""
        {"canvas": {"width": 200, "height": 300, "scale": 1}, "duration": 3,
         "root": {"id": "scroll", "spacing": 0, "scrollView": [
           {"frame": {"height": 100}, "let": {"geoMinY": "minY"}, "id": "band",
            "zstack": [{"shape": "rectangle", "id": "para", "frame": {"width": 40, "height": 40}, "offset": {"y": "-geoMinY / 2"}}]},
           {"shape": "rectangle", "frame": {"height": 1000}}]},
         "script": [\#(scroll)]}
        """#
    }

    /// `.easeInOut`: the cubic Bézier (0.42, 0, 0.58, 1), its y at x solved by bisection.
    func easeInOut(_ x: Double) -> Double {
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var (lo, hi) = (0.0, 1.0)
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if bezier(mid, 0.42, 0.58) < x { lo = mid } else { hi = mid }
        }
        return bezier((lo + hi) / 2, 0, 1)
    }

    /// Scrolled to 200 over an easeInOut second from 0.5 s: the band's top is -200 p and the square moves
    /// down by half that, 100 p, at every frame (not 200 p - 100: the scroll counted twice).
    func testParallaxTracksHalfAnAnimatedScroll() throws {
        let player = try player(parallaxScene(#"{"at": 0.5, "scroll": "scroll", "to": 200, "animation": ".easeInOut(duration: 1)"}"#))
        for t in [0.5, 0.6, 0.75, 1.0, 1.2, 1.45, 2.0] {
            let scrolled = 200 * easeInOut(min(1, t - 0.5))
            XCTAssertEqual(try view(player, "band", at: t).frame.minY, -scrolled, accuracy: 1e-6, "band at \(t)")
            XCTAssertEqual(try view(player, "para", at: t).offset.y, scrolled / 2, accuracy: 1e-6, "parallax at \(t)")
        }
    }

    /// A fling at 500 pt/s at the normal rate (0.998 per ms) from 0.5 s: the offset is
    /// d (1 - 0.998^(1000 tau)), d = 500 / (1000 ln(1 / 0.998)); the square moves by half of it.
    func testParallaxTracksHalfAFling() throws {
        let player = try player(parallaxScene(#"{"at": 0.5, "scroll": "scroll", "velocity": 500}"#))
        let d = 500 / (1000 * log(1 / 0.998))
        for t in [0.6, 0.8, 1.1, 1.5] {
            let scrolled = d * (1 - pow(0.998, 1000 * (t - 0.5)))
            XCTAssertEqual(try view(player, "band", at: t).frame.minY, -scrolled, accuracy: 1e-6, "band at \(t)")
            XCTAssertEqual(try view(player, "para", at: t).offset.y, scrolled / 2, accuracy: 1e-6, "parallax at \(t)")
        }
    }

    // MARK: - A button's title in the foreground set on it or around it

    /// The colours of the pixels inside `rect` (canvas points at scale 1) that are not white.
    func inkColors(_ image: PixelImage, in rect: Rect) -> [RGBA8] {
        var result: [RGBA8] = []
        for y in Int(rect.minY.rounded(.up))..<Int(rect.maxY.rounded(.down)) {
            for x in Int(rect.minX.rounded(.up))..<Int(rect.maxX.rounded(.down)) {
                let p = image[x, y]
                if (p.r, p.g, p.b) != (255, 255, 255) { result.append(p) }
            }
        }
        return result
    }

    /// `.foregroundColor(.red)` on a stack around a `Button` and `.foregroundColor(green)` on one colour
    /// its title (SwiftUI's button styles draw the title in the tint only when no foreground is set, as
    /// Hacking with Swift's `Button("Tap Me").foregroundColor(.white)` shows); a button with none keeps
    /// systemBlue (0, 122, 255); a `borderedProminent` one under a black foreground draws a black title on
    /// its tinted bezel.
    func testButtonTitleTakesTheForegroundSetAroundIt() throws {
        let player = try player(#"""
            {"canvas": {"width": 300, "height": 240, "scale": 1, "background": "white"}, "duration": 1,
             "root": {"vstack": [
               {"vstack": [{"button": "Parent red", "id": "a"}], "foregroundColor": "rgb(1, 0, 0)"},
               {"button": "Own green", "id": "b", "foregroundColor": "rgb(0, 1, 0)"},
               {"button": "Default", "id": "c"},
               {"vstack": [{"button": "Prominent", "buttonStyle": "borderedProminent", "id": "d"}], "foregroundStyle": "rgb(0, 0, 0)"}
             ], "spacing": 16}}
            """#)
        let image = try player.frame(at: 0)
        let red = inkColors(image, in: try view(player, "a", at: 0).frame)
        XCTAssertFalse(red.isEmpty)
        // Red over white: 255 red, equal green and blue, and some pixels fully red.
        XCTAssertTrue(red.allSatisfy { $0.r == 255 && $0.g == $0.b }, "\(red.prefix(5))")
        XCTAssertTrue(red.contains { $0.g == 0 })
        let green = inkColors(image, in: try view(player, "b", at: 0).frame)
        XCTAssertTrue(green.allSatisfy { $0.g == 255 && $0.r == $0.b }, "\(green.prefix(5))")
        XCTAssertTrue(green.contains { $0.r == 0 })
        let blue = inkColors(image, in: try view(player, "c", at: 0).frame)
        XCTAssertTrue(blue.allSatisfy { $0.b == 255 })
        XCTAssertTrue(blue.contains { ($0.r, $0.g) == (0, 122) })
        // Inside the bezel, away from its 8 pt corners: the tint (0, 122, 255) and black over it, no white.
        let bezel = try view(player, "d", at: 0).frame
        let inner = Rect(x: bezel.minX + 8, y: bezel.minY + 8, width: bezel.width - 16, height: bezel.height - 16)
        let prominent = inkColors(image, in: inner)
        XCTAssertTrue(prominent.allSatisfy { $0.r == 0 }, "a white title would blend red into the bezel")
        XCTAssertTrue(prominent.contains { ($0.g, $0.b) == (0, 0) })
    }

    // MARK: - A forEach item leaving with the values it had

    /// `ForEach(letters.indices, id: \.self... )` keyed by the letter: removing "B" (the middle) with a
    /// linear second from 0.5 s. The leaving item, whose index is 1, still reads `letters[1]` as it was
    /// ("B"), not as the new list has it ("C"), while it fades out.
    func testForEachItemLeavesWithItsValues() throws {
        let player = try player(#"""
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 2, "state": {"letters": ["A", "B", "C"]},
             "root": {"hstack": [{"forEach": "0..<count(letters)", "as": "i", "id": "letters[i]",
                                  "content": {"text": "${letters[i]}", "id": "t-${letters[i]}"}}], "spacing": 10},
             "script": [{"at": 0.5, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"letters": "['A', 'C']"}}]}]}]}
            """#)
        for t in [0.6, 1.0, 1.4] {
            let views = try player.views(at: t)
            XCTAssertEqual(views.map(\.id).sorted(), ["t-A", "t-B", "t-C"], "at \(t)")
            XCTAssertEqual(try view(player, "t-B", at: t).text, "B", "at \(t)")
            XCTAssertEqual(try view(player, "t-C", at: t).text, "C", "at \(t)")
        }
        XCTAssertEqual(try player.views(at: 1.6).map(\.id).sorted(), ["t-A", "t-C"])
    }

    /// Keyed by index (`0..<count(letters)`), removing "B" removes index 2: it leaves reading "C", the
    /// letter it showed, instead of reading `letters[2]` out of the new two-letter list (an error).
    func testForEachItemByIndexLeavesWithoutReadingOutOfRange() throws {
        let player = try player(#"""
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 2, "state": {"letters": ["A", "B", "C"]},
             "root": {"hstack": [{"forEach": "0..<count(letters)", "as": "i", "content": {"text": "${letters[i]}", "id": "t-${i}"}}], "spacing": 10},
             "script": [{"at": 0.5, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"letters": "['A', 'C']"}}]}]}]}
            """#)
        for t in stride(from: 0.5, through: 2, by: 0.1) { _ = try player.displayList(at: t) }
        XCTAssertEqual(try view(player, "t-2", at: 1).text, "C")
        XCTAssertEqual(try view(player, "t-1", at: 1).text, "C")
    }

    // MARK: - Triggers read through a component's parameters and a phase

    /// A component whose keyframe animator's trigger is its parameter, given the caller's `taps`: each tap
    /// (1 s, 2.5 s) plays 0 -> 100 linearly over a second, then a move back to 0.
    func testKeyframeTriggerThroughAParameter() throws {
        let player = try player(#"""
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 4, "state": {"taps": 0},
             "components": {"Bouncer": {"params": {"trigger": 0},
               "body": {"shape": "rectangle", "id": "sq", "frame": {"width": 10, "height": 10}, "offset": {"x": "value"},
                        "keyframeAnimator": {"initialValue": 0, "trigger": "trigger", "keyframes": [{"linear": 100, "duration": 1}, {"move": 0}]}}}},
             "root": {"zstack": [{"use": "Bouncer", "id": "b", "args": {"trigger": "taps"}}], "frame": {"width": 200, "height": 100},
                      "id": "root", "onTap": [{"set": {"taps": "taps + 1"}}]},
             "script": [{"at": 1, "tap": "root"}, {"at": 2.5, "tap": "root"}]}
            """#)
        for (t, x) in [(0.5, 0.0), (1.25, 25.0), (1.5, 50.0), (2.2, 0.0), (2.75, 25.0), (3.4, 90.0)] {
            XCTAssertEqual(try view(player, "b.sq", at: t).offset.x, x, accuracy: 1e-9, "at \(t)")
        }
    }

    /// An `if` inside a component over its parameter, given the caller's `on`: turned on with a linear
    /// second at 1 s, it fades in through its opacity transition (half at 1.5 s) instead of appearing.
    func testConditionThroughAParameterAnimatesItsTransition() throws {
        let player = try player(#"""
            {"canvas": {"width": 100, "height": 100, "scale": 1, "background": "white"}, "duration": 3, "state": {"on": false},
             "components": {"Box": {"params": {"shown": false},
               "body": {"zstack": [{"shape": "rectangle", "fill": "rgb(1, 0, 0)", "frame": {"width": 10, "height": 10}, "if": "shown", "transition": ".opacity"}],
                        "frame": {"width": 100, "height": 100}}}},
             "root": {"use": "Box", "id": "b", "args": {"shown": "on"}, "onTap": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"on": true}}]}]},
             "script": [{"at": 1, "tap": "b"}]}
            """#)
        for (t, alpha) in [(1.25, 0.25), (1.5, 0.5), (2.5, 1.0)] {
            let pixel = try player.frame(at: t)[50, 50]
            XCTAssertEqual(Double(pixel.g), 255 * (1 - alpha), accuracy: 1.5, "at \(t)")
        }
    }

    /// `.symbolEffect(.bounce, value: phase)` inside a phase animator's content: the phase changes at 0, 1
    /// and 2 s (linear one-second steps), and each change starts a bounce, scale
    /// 1 + 0.28 e^(-tau / 0.15) sin(2 pi tau / 0.5); half a second in the scale is back to 1.
    func testSymbolEffectReadsThePhase() throws {
        let player = try player(#"""
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 3,
             "root": {"systemImage": "circle.fill", "font": {"size": 40},
                      "phaseAnimator": {"phases": [0, 1], "animation": ".linear(duration: 1)"},
                      "symbolEffect": {"effect": ".bounce", "value": "phase"}}}
            """#)
        func width(_ t: Double) throws -> Double {
            try XCTUnwrap(drawnShapes(player.displayList(at: t).items).first).rect.width
        }
        let rest = try width(1.5)
        XCTAssertEqual(try width(2.5), rest, accuracy: 1e-9)
        for change in [1.0, 2.0] {
            for tau in [0.05, 0.125, 0.3] {
                let scale = 1 + 0.28 * exp(-tau / 0.15) * sin(2 * Double.pi * tau / 0.5)
                XCTAssertEqual(try width(change + tau), rest * scale, accuracy: 1e-6, "\(tau) s after \(change) s")
            }
        }
    }

    // MARK: - Checked: opacity(colour, f) clamps; a stepper's glyph beside a repeating animation

    /// SwiftUI's `Color.opacity(_:)` clamps its factor to 0...1: a factor of 1.5 draws the colour opaque,
    /// -0.5 draws nothing, and the render goes on.
    func testColorOpacityFactorIsClamped() throws {
        let player = try player(#"""
            {"canvas": {"width": 100, "height": 100, "scale": 1, "background": "white"}, "duration": 1, "state": {"f": 1.5},
             "root": {"zstack": [{"shape": "rectangle", "fill": "opacity(rgb(1, 0, 0), f)", "frame": {"width": 60, "height": 60}},
                                 {"shape": "rectangle", "fill": "opacity(rgb(0, 0, 1), -0.5)", "frame": {"width": 20, "height": 20}}]}}
            """#)
        let image = try player.frame(at: 0)
        XCTAssertEqual(image[25, 25], RGBA8(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(image[50, 50], RGBA8(r: 255, g: 0, b: 0, a: 255), "the clear blue square draws nothing")
    }

    /// A stepper at its minimum beside a circle pulsing with a repeating animation: the minus glyph stays
    /// tertiaryLabel grey (60 60 67 at 30 % over the 12 % fill) in every frame until the plus is tapped at
    /// 1.2 s, then black, steadily; the repeating animation does not reach it.
    func testStepperGlyphIgnoresAnUnrelatedRepeatingAnimation() throws {
        let player = try player(#"""
            {"canvas": {"width": 240, "height": 160, "scale": 1, "background": "white"}, "duration": 2.5,
             "state": {"count": 0, "pulsing": false},
             "root": {"vstack": [
               {"stepper": "count", "in": [0, 10], "id": "st"},
               {"shape": "circle", "fill": "blue", "frame": {"width": 20, "height": 20}, "scale": "pulsing ? 1.5 : 1",
                "onAppear": [{"withAnimation": ".easeInOut(duration: 0.5).repeatForever()", "do": [{"set": {"pulsing": true}}]}]}
             ], "spacing": 20},
             "script": [{"at": 1.2, "tap": "st.increment"}]}
            """#)
        let minus = try view(player, "st.decrement", at: 0).frame
        let x = Int(minus.midX), y = Int(minus.midY)
        var seen: [Bool: Set<[UInt8]>] = [:]
        for frame in 0..<50 {
            let t = Double(frame) * 0.05
            let p = try player.frame(at: t)[x, y]
            seen[t >= 1.2, default: []].insert([p.r, p.g, p.b])
        }
        XCTAssertEqual(seen[false]?.count, 1, "one colour before the tap: \(seen[false] ?? [])")
        XCTAssertEqual(seen[true], [[0, 0, 0]])
        let grey = try XCTUnwrap(seen[false]?.first)
        XCTAssertGreaterThan(grey[0], 150, "grey, not black, at the minimum")
    }
}

import DisplayList
import Flipbook
import Foundation
import Pixels
import SceneFormat
import XCTest

/// `timelineView` and `canvas`: the date each schedule gives at a frame's time against its closed form,
/// and canvas drawing (transforms in GraphicsContext order, layers, repeats, opacity, clipping) checked
/// at pixels computed here.
final class TimelineCanvasTests: XCTestCase {
    let red = RGBA8(r: 255, g: 0, b: 0)
    let white = RGBA8(r: 255, g: 255, b: 255)

    func player(_ root: String, state: String = "{}", script: String = "[]", duration: Double = 4) throws -> Player {
        let json = #"{"canvas": {"width": 100, "height": 100, "scale": 1, "background": "white"}, "duration": \#(duration), "state": \#(state), "root": \#(root), "script": \#(script)}"#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    /// The text a frame draws (the first text item, inside any groups).
    func drawnText(_ list: DisplayList) -> String? {
        func walk(_ items: [DisplayItem]) -> String? {
            for item in items {
                switch item {
                case .text(let text): return text.string
                case .group(let group): if let s = walk(group.children) { return s }
                default: continue
                }
            }
            return nil
        }
        return walk(list.items)
    }

    /// `timeline.date` at each time, read from a text view showing it.
    func dates(_ schedule: String, at times: [Double], state: String = "{}", script: String = "[]",
               name: String = "timeline", duration: Double = 4) throws -> [Double] {
        let root = #"{"timelineView": "\#(schedule)", "as": "\#(name)", "content": {"text": "${\#(name).date}"}}"#
        let player = try player(root, state: state, script: script, duration: duration)
        return try times.map { t in
            let text = try XCTUnwrap(drawnText(try player.displayList(at: t)), "text at \(t)")
            return try XCTUnwrap(Double(text), "a number: \(text)")
        }
    }

    func assertDates(_ got: [Double], _ expected: [Double], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(got.count, expected.count, message, file: file, line: line)
        for (g, e) in zip(got, expected) { XCTAssertEqual(g, e, accuracy: 1e-9, message, file: file, line: line) }
    }

    // MARK: - Schedules

    func testAnimationIsEveryFrameTime() throws {
        let times = [0, 0.3, 1.7, 2.95, 3.5]
        assertDates(try dates(".animation", at: times), times, ".animation")
        assertDates(try dates(".animation(minimumInterval: nil, paused: false)", at: times), times, "minimumInterval nil")
    }

    func testMinimumIntervalFloorsToItsMultiples() throws {
        let times = [0, 0.2, 0.5, 0.74, 1.99, 3.01]
        assertDates(try dates(".animation(minimumInterval: 0.5)", at: times), times.map { ($0 / 0.5).rounded(.down) * 0.5 },
                    "minimumInterval 0.5")
    }

    func testPeriodicFloorsToThePeriodFromItsStart() throws {
        // From 0.25 by 0.75: 0.25, 1, 1.75, 2.5, 3.25; before 0.25 the date the view appeared, 0.
        let times = [0.1, 0.25, 0.9, 1.0, 1.2, 2.9, 3.9]
        let expected = times.map { $0 < 0.25 ? 0 : 0.25 + (($0 - 0.25) / 0.75).rounded(.down) * 0.75 }
        assertDates(try dates(".periodic(from: 0.25, by: 0.75)", at: times), expected, ".periodic")
        XCTAssertEqual(expected, [0, 0.25, 0.25, 1, 1, 2.5, 3.25])
    }

    func testEveryMinuteIsTheStartOfTheMinute() throws {
        let times = [0.5, 59.9, 61, 125]
        assertDates(try dates(".everyMinute", at: times, duration: 130), [0, 0, 60, 120], ".everyMinute")
    }

    func testExplicitIsTheLatestListedTimeAtOrBefore() throws {
        // Written out of order on purpose.
        let times = [0.2, 0.5, 1.2, 1.5, 2, 3.9]
        assertDates(try dates(".explicit([0.5, 1.5, 1])", at: times), [0, 0.5, 1, 1.5, 1.5, 1.5], ".explicit")
    }

    /// Paused by a state change at 1.2 s and resumed at 2 s: the date stays at 1.2 s meanwhile.
    func testPausedFreezesTheDateWhenItWasPaused() throws {
        let script = #"[{"at": 1.2, "do": [{"set": {"p": true}}]}, {"at": 2, "do": [{"set": {"p": false}}]}]"#
        let times = [1.0, 1.5, 1.9, 2.3]
        assertDates(try dates(".animation(paused: p)", at: times, state: #"{"p": false}"#, script: script), [1, 1.2, 1.2, 2.3], "paused")
        // With an interval, the frozen date is the interval's floor of the pause time.
        assertDates(try dates(".animation(minimumInterval: 0.5, paused: p)", at: times, state: #"{"p": false}"#, script: script),
                    [1, 1, 1, 2], "paused, interval 0.5")
        // Paused from the start: the first update's date, 0.
        assertDates(try dates(".animation(paused: true)", at: [0.7, 3]), [0, 0], "paused: true")
    }

    /// `paused` reading a component's parameter, which the caller passes its state `stopped`: paused at 1.2 s
    /// and resumed at 2 s, as when it reads the state itself.
    func testPausedReadsAComponentParameter() throws {
        let json = #"""
        {"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 4, "state": {"stopped": false},
         "components": {"Clock": {"params": {"p": null},
           "body": {"timelineView": ".animation(paused: p)", "content": {"text": "${timeline.date}"}}}},
         "root": {"use": "Clock", "args": {"p": "stopped"}},
         "script": [{"at": 1.2, "do": [{"set": {"stopped": true}}]}, {"at": 2, "do": [{"set": {"stopped": false}}]}]}
        """#
        let player = try Player(scene: SceneDecoder.decode(Array(json.utf8)))
        let got = try [1.0, 1.5, 1.9, 2.3].map { t in try XCTUnwrap(Double(try XCTUnwrap(drawnText(try player.displayList(at: t))))) }
        assertDates(got, [1, 1.2, 1.2, 2.3], "paused through a parameter")
    }

    /// `paused` reading a `let` (worked out at each frame, with no value before and after a state change) is
    /// refused at load, at the schedule, saying what to write instead.
    func testPausedReadingALetIsRefusedAtLoad() throws {
        let json = #"""
        {"canvas": {"width": 100, "height": 100}, "duration": 1, "state": {"stopped": false},
         "root": {"let": {"q": "stopped"}, "zstack": [
           {"timelineView": ".animation(paused: q)", "content": {"text": "${timeline.date}"}}]}}
        """#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8))) { error in
            guard let error = error as? SceneError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.message.contains("\"paused\" cannot read \"q\""), error.message)
            XCTAssertTrue(error.message.contains("the let's expression"), error.message)
            // The schedule's string on line 3, after 3 spaces and `{"timelineView": ` (17 characters).
            XCTAssertEqual(error.location?.line, 3)
            XCTAssertEqual(error.location?.column, 21)
        }
    }

    func testTheContextCanBeNamed() throws {
        assertDates(try dates(".animation", at: [1.25], name: "context"), [1.25], "as context")
    }

    /// The view's own `let`s read the context too, also when ordered `modifiers` wrap the view.
    func testLetsOnTheTimelineViewReadTheDate() throws {
        let root = #"{"timelineView": ".animation(minimumInterval: 0.25)", "let": {"d": "timeline.date * 2"}, "modifiers": [{"opacity": 1}, {"padding": 2}], "content": {"text": "${d}"}}"#
        let player = try player(root)
        XCTAssertEqual(drawnText(try player.displayList(at: 1.3)), "2.5")
    }

    /// `render inspect` lists a timelineView with an id with its date.
    func testInspectShowsTheDate() throws {
        let player = try player(#"{"timelineView": ".periodic(from: 0, by: 0.75)", "id": "tl", "content": {"spacer": {}}}"#)
        for t in [0.2, 1.6, 3.9] {
            let view = try XCTUnwrap(try player.views(at: t).first { $0.id == "tl" }?.view)
            XCTAssertEqual(try XCTUnwrap(view.timelineDate), (t / 0.75).rounded(.down) * 0.75, accuracy: 1e-9, "at \(t)")
        }
    }

    /// Frames are functions of their own time: drawn out of order, each is the same.
    func testFramesDoNotDependOnOrder() throws {
        let player = try player(#"{"timelineView": ".periodic(from: 0, by: 0.5)", "content": {"text": "${timeline.date}"}}"#)
        let late = try player.displayList(at: 3.2)
        _ = try player.displayList(at: 0.3)
        XCTAssertEqual(try player.displayList(at: 3.2), late)
        XCTAssertEqual(drawnText(late), "3")
    }

    // MARK: - Canvas

    func canvas(_ commands: String, frame: String = #"{"width": 100, "height": 100}"#) -> String {
        #"{"canvas": [\#(commands)], "frame": \#(frame)}"#
    }

    /// A dot 30 pt from the centre turns 90° a second clockwise on screen with `timeline.date`.
    func testDotRotatesWithTheDate() throws {
        let root = #"{"timelineView": ".animation", "content": \#(canvas(#"{"translateBy": [50, 50]}, {"rotate": "timeline.date * 90"}, {"fill": {"circle": [26, -4, 8, 8]}, "with": "rgb(1, 0, 0)"}"#))}"#
        let player = try player(root)
        for t in [0, 0.5, 1.3, 2.75] {
            let image = try player.frame(at: t)
            let a = t * 90 * .pi / 180
            let x = Int((50 + 30 * cos(a)).rounded(.down)), y = Int((50 + 30 * sin(a)).rounded(.down))
            XCTAssertEqual(image[x, y], red, "the dot at \(t) s")
            // Where it was a quarter second before (22.5° back), nothing.
            let b = a - 22.5 * .pi / 180
            XCTAssertEqual(image[Int(50 + 30 * cos(b)), Int(50 + 30 * sin(b))], white, "behind the dot at \(t) s")
        }
    }

    /// GraphicsContext order: a transform applies to later draws in the space earlier ones made. With the
    /// origin at the centre, translate (20, 0) then rotate 90° draws the 10 pt square at (60...70, 50...60);
    /// rotate then translate moves it along the turned x axis, to (40...50, 70...80).
    func testTransformOrder() throws {
        let square = #"{"fill": {"rect": [0, 0, 10, 10]}, "with": "rgb(1, 0, 0)"}"#
        let translateThenRotate = try player(canvas(#"{"translateBy": [50, 50]}, {"translateBy": [20, 0]}, {"rotate": 90}, \#(square)"#)).frame(at: 0)
        XCTAssertEqual(translateThenRotate[65, 55], red)
        XCTAssertEqual(translateThenRotate[45, 75], white)
        let rotateThenTranslate = try player(canvas(#"{"translateBy": [50, 50]}, {"rotate": 90}, {"translateBy": [20, 0]}, \#(square)"#)).frame(at: 0)
        XCTAssertEqual(rotateThenTranslate[45, 75], red)
        XCTAssertEqual(rotateThenTranslate[65, 55], white)
        // Scale then translate: the translation is scaled too; translate then scale: it is not.
        let scaleThenTranslate = try player(canvas(#"{"scaleBy": 2}, {"translateBy": [20, 20]}, \#(square)"#)).frame(at: 0)
        XCTAssertEqual(scaleThenTranslate[50, 50], red)  // (40...60)²
        XCTAssertEqual(scaleThenTranslate[30, 30], white)
        let translateThenScale = try player(canvas(#"{"translateBy": [20, 20]}, {"scaleBy": 2}, \#(square)"#)).frame(at: 0)
        XCTAssertEqual(translateThenScale[30, 30], red)  // (20...40)²
        XCTAssertEqual(translateThenScale[50, 50], white)
    }

    /// A layer's transforms end with it; a repeat's carry from pass to pass, and its index counts.
    func testLayersAndRepeats() throws {
        let square = #"{"fill": {"rect": [0, 0, 5, 5]}, "with": "rgb(1, 0, 0)"}"#
        let layered = try player(canvas(#"{"layer": [{"translateBy": [50, 0]}, \#(square)]}, \#(square)"#)).frame(at: 0)
        XCTAssertEqual(layered[52, 2], red, "inside the layer")
        XCTAssertEqual(layered[2, 2], red, "after the layer: back at the origin")
        // Four passes, each drawing then moving 10 pt right: squares at 0, 10, 20, 30.
        let carried = try player(canvas(#"{"repeat": 4, "draw": [\#(square), {"translateBy": [10, 0]}]}"#)).frame(at: 0)
        for x in [2, 12, 22, 32] { XCTAssertEqual(carried[x, 2], red, "x \(x)") }
        XCTAssertEqual(carried[42, 2], white)
        XCTAssertEqual(carried[7, 2], white)
        // The index: squares at y = 0, 20, 40.
        let indexed = try player(canvas(#"{"repeat": 3, "as": "i", "draw": [{"fill": {"rect": [0, "i * 20", 5, 5]}, "with": "rgb(1, 0, 0)"}]}"#)).frame(at: 0)
        for y in [2, 22, 42] { XCTAssertEqual(indexed[2, y], red, "y \(y)") }
        XCTAssertEqual(indexed[2, 62], white)
        XCTAssertEqual(indexed[2, 12], white)
    }

    /// `context.opacity = 0.5` halves the alpha of later draws, and replaces (not multiplies) the value.
    func testOpacityAppliesToLaterDraws() throws {
        let image = try player(canvas(#"{"fill": {"rect": [0, 0, 10, 10]}, "with": "rgb(1, 0, 0)"}, {"opacity": 0.5}, {"opacity": 0.5}, {"fill": {"rect": [20, 0, 10, 10]}, "with": "rgb(1, 0, 0)"}"#)).frame(at: 0)
        XCTAssertEqual(image[5, 5], red)
        assertRedOverWhite(image[25, 5], alpha: 0.5, accuracy: 2)
    }

    /// The canvas clips to its frame: a 50 pt canvas centred in 100 pt filling a rectangle larger than itself.
    func testCanvasClipsToItsFrame() throws {
        let image = try player(canvas(#"{"fill": {"rect": [-20, -20, 100, 100]}, "with": "rgb(1, 0, 0)"}"#,
                                      frame: #"{"width": 50, "height": 50}"#)).frame(at: 0)
        XCTAssertEqual(image[30, 30], red)
        XCTAssertEqual(image[70, 70], red)
        XCTAssertEqual(image[20, 50], white)
        XCTAssertEqual(image[80, 50], white)
    }

    /// `w` and `h` are the canvas's size; a stroke's path commands draw in its coordinates.
    func testStrokeAndSize() throws {
        let image = try player(canvas(#"{"stroke": [["move", 0, "h / 2"], ["line", "w", "h / 2"]], "with": "rgb(1, 0, 0)", "lineWidth": 4}"#,
                                      frame: #"{"width": 60, "height": 40}"#)).frame(at: 0)
        // The canvas spans x 20...80, y 30...70: the line is at y 50 from x 20 to 80.
        XCTAssertEqual(image[50, 50], red)
        XCTAssertEqual(image[25, 49], red)
        XCTAssertEqual(image[15, 50], white)
        XCTAssertEqual(image[50, 45], white)
    }

    /// Text is placed by its anchor at the point: centred at (50, 50), its box straddles the point.
    func testTextIsPlacedByItsAnchor() throws {
        let list = try player(canvas(#"{"text": "Hi", "at": [50, 50], "anchor": "center"}, {"text": "Hi", "at": [50, 50], "anchor": "topLeading"}"#)).displayList(at: 0)
        var origins: [(Double, Double)] = []
        func walk(_ items: [DisplayItem]) {
            for item in items {
                if case .text(let text) = item { origins.append((text.origin.x, text.origin.y)) }
                if case .group(let g) = item { walk(g.children) }
            }
        }
        walk(list.items)
        XCTAssertEqual(origins.count, 2)
        XCTAssertEqual(origins[1].0, 50, accuracy: 1e-9)
        XCTAssertEqual(origins[1].1, 50, accuracy: 1e-9)
        // Centred: half the box to the left and above: half of two letters' width, half of a 17 pt font's
        // line (17 to 26 pt high).
        let dx = 50 - origins[0].0, dy = 50 - origins[0].1
        XCTAssertGreaterThan(dx, 3)
        XCTAssertLessThan(dx, 17)
        XCTAssertGreaterThan(dy, 17 / 2)
        XCTAssertLessThan(dy, 26 / 2)
    }

    /// `clip(to:)`: later draws show inside the path, placed where the context's transform was when
    /// clipped (a later translate moves the draws, not the clip); a clip inside a layer ends with it.
    func testClipAppliesToLaterDraws() throws {
        let fill = #"{"fill": {"rect": [0, 0, 100, 100]}, "with": "rgb(1, 0, 0)"}"#
        let image = try player(canvas(#"{"translateBy": [10, 10]}, {"clip": {"circle": [0, 0, 40, 40]}}, {"translateBy": [30, 0]}, \#(fill)"#)).frame(at: 0)
        // The circle of radius 20 about (30, 30); the fill covers x ≥ 40 after the second translation.
        XCTAssertEqual(image[45, 30], red, "inside the circle and the fill")
        XCTAssertEqual(image[35, 30], white, "inside the circle, left of the fill")
        XCTAssertEqual(image[45, 13], white, "inside the fill, outside the circle (22.7 from its centre)")
        XCTAssertEqual(image[70, 30], white, "outside the circle")
        let layered = try player(canvas(#"{"layer": [{"clip": {"rect": [0, 0, 10, 10]}}, \#(fill)]}, {"fill": {"rect": [50, 50, 10, 10]}, "with": "rgb(1, 0, 0)"}"#)).frame(at: 0)
        XCTAssertEqual(layered[5, 5], red)
        XCTAssertEqual(layered[20, 20], white, "clipped inside the layer")
        XCTAssertEqual(layered[55, 55], red, "the clip ended with the layer")
    }

    /// A Canvas closure is not Animatable: a state change inside withAnimation draws at once.
    func testCanvasDrawingDoesNotAnimate() throws {
        let script = #"[{"at": 0, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"x": 80}}]}]}]"#
        let image = try player(canvas(#"{"fill": {"rect": ["x", 0, 10, 10]}, "with": "rgb(1, 0, 0)"}"#), state: #"{"x": 0}"#,
                               script: script).frame(at: 0.5)
        XCTAssertEqual(image[85, 5], red, "at its new place")
        XCTAssertEqual(image[45, 5], white, "not halfway")
        XCTAssertEqual(image[5, 5], white, "not at its old place")
    }

    // MARK: - Limits

    func testRepeatCountsAreCapped() throws {
        XCTAssertThrowsError(try player(canvas(#"{"repeat": 10001, "draw": []}"#))) { error in
            XCTAssertTrue("\(error)".contains("a repeat count must be a whole number from 0 to 10000"), "\(error)")
        }
        XCTAssertThrowsError(try player(canvas(#"{"repeat": 2.5, "draw": []}"#)))
        XCTAssertNoThrow(try player(canvas(#"{"repeat": 10000, "draw": []}"#)))
    }

    /// 10,000 circles a frame over 2,000 frames: each frame is within the limits, the render's path
    /// points are not, and the estimate refuses it before anything is drawn.
    func testTheWorkEstimateRefusesAHugeRepeat() throws {
        let root = canvas(#"{"repeat": 10000, "as": "i", "draw": [{"fill": {"circle": ["mod(i, 100)", "floor(i / 100)", 2, 2]}, "with": "red"}]}"#)
        let player = try player(root, duration: 100)
        let times = (0..<2000).map { Double($0) / 20 }
        let estimate = try WorkEstimate(player: player, times: times)
        // A circle's path is a move, four cubic curves and a close: 6 points, 10,000 a frame, 2,000 frames.
        XCTAssertEqual(estimate.pathPoints, 6.0 * 10_000 * 2_000)
        XCTAssertThrowsError(try estimate.check(file: "scene.json")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("scene.json: root.canvas[0].draw[0]: the render would draw about"), message)
            XCTAssertTrue(message.contains("path points"), message)
        }
        // One frame of it is fine.
        XCTAssertNoThrow(try WorkEstimate(player: player, times: [0]).check(file: "scene.json"))
    }
}

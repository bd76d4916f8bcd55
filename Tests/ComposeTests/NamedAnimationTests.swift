import DisplayList
import Foundation
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// Animations stored in names, as SwiftUI code keeps `Animation` values in properties: a component's
/// parameter (`var animation: Animation = .spring()`), a state variable (`@State var anim: Animation =
/// .default`) that a `set` changes, modifiers on a named animation (`bounce.delay(0.5)`) and choices between
/// named ones. Positions come from closed forms written here: the linear curve's
/// x(t) = from + (to - from) (t - start) / duration, and the underdamped spring's
/// x(t) = 1 - e^(-ζω₀t) (cos ω_d t + ζω₀ / ω_d sin ω_d t), ω₀ = 2π / duration, ζ = 1 - bounce,
/// ω_d = ω₀ √(1 - ζ²) (docs/scene-format.md, "Bases").
final class NamedAnimationTests: XCTestCase {
    /// The left edge of the 20 x 10 bar (at rest centred on a 200 x 100 canvas: x = 90) at each time.
    func barX(_ json: String, at times: [Double]) throws -> [Double] {
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let composer = Composer(scene: scene, measurer: FixedMeasurer())
        let presentation = try PresentationIndex(composer: composer, timeline: timeline)
        return try times.map { t in
            let items = try composer.displayList(for: timeline.snapshot(at: t), presentation: presentation).items
            return try XCTUnwrap(DisplayItem.paintedBounds(of: items, transform: .identity)).minX
        }
    }

    func scene(state: String, components: String = "{}", root: String, script: String) -> String {
        #"{"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 4, "state": \#(state), "#
            + #""components": \#(components), "root": \#(root), "script": \#(script)}"#
    }

    /// A component's `animation` parameter, passed by its use as `.linear(duration: 2)`, animates the tap's
    /// move of 100: at 0.5 s, a quarter of the way. Without the argument the default `.linear(duration: 1)`
    /// is half way.
    func testAComponentParameterHoldsTheAnimationItsUsePasses() throws {
        let mover = #"{"Mover": {"params": {"animation": ".linear(duration: 1)"}, "body": {"shape": "rectangle", "#
            + #""frame": {"width": 20, "height": 10}, "offset": {"x": "x"}, "#
            + #""onTap": [{"withAnimation": "animation", "do": [{"set": {"x": 100}}]}]}}}"#
        for (args, expected) in [(#", "args": {"animation": ".linear(duration: 2)"}"#, 25.0), ("", 50.0)] {
            let x = try barX(scene(state: #"{"x": 0}"#, components: mover, root: #"{"use": "Mover", "id": "m"\#(args)}"#,
                                   script: #"[{"at": 0, "tap": "m"}]"#), at: [0.5])
            XCTAssertEqual(x[0], 90 + expected, accuracy: 1e-6, args)
        }
    }

    /// The underdamped spring `.spring(duration: 0.4, bounce: 0.5)`'s fraction of the way at `t`.
    func spring(_ t: Double) -> Double {
        let omega = 2 * Double.pi / 0.4, zeta = 0.5
        let damped = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
    }

    /// A named animation with a modifier, `bounce.delay(0.5)`, `bounce` a state variable holding a spring:
    /// the bar holds until 0.5 s, then follows the spring.
    func testAModifierOnANamedAnimationWrapsIt() throws {
        let times = [0.25, 0.5, 0.6, 0.7, 0.85, 1.2]
        let x = try barX(scene(state: #"{"x": 0, "bounce": ".spring(duration: 0.4, bounce: 0.5)"}"#,
                               root: #"{"shape": "rectangle", "frame": {"width": 20, "height": 10}, "offset": {"x": "x"}}"#,
                               script: #"[{"at": 0, "do": [{"withAnimation": "bounce.delay(0.5)", "do": [{"set": {"x": 100}}]}]}]"#),
                         at: times)
        for (t, shown) in zip(times, x) {
            XCTAssertEqual(shown, 90 + 100 * (t <= 0.5 ? 0 : spring(t - 0.5)), accuracy: 1e-3, "t = \(t)")
        }
    }

    /// `bounce.speed(2)` plays the named linear animation twice as fast; a choice between two named
    /// animations takes the one its condition picks.
    func testSpeedAndChoicesOnNamedAnimations() throws {
        let bar = #"{"shape": "rectangle", "frame": {"width": 20, "height": 10}, "offset": {"x": "x"}}"#
        let state = #"{"x": 0, "fast": false, "slow": ".linear(duration: 2)", "quick": ".linear(duration: 1)"}"#
        let sped = try barX(scene(state: state, root: bar,
                                  script: #"[{"at": 0, "do": [{"withAnimation": "slow.speed(2)", "do": [{"set": {"x": 100}}]}]}]"#),
                            at: [0.5])
        XCTAssertEqual(sped[0], 90 + 50, accuracy: 1e-6)
        let chosen = try barX(scene(state: state, root: bar,
                                    script: #"[{"at": 0, "do": [{"withAnimation": "fast ? quick : slow", "do": [{"set": {"x": 100}}]}]}]"#),
                              at: [0.5])
        XCTAssertEqual(chosen[0], 90 + 25, accuracy: 1e-6)
        // quick.repeatForever(): forward over the first second, back over the next (autoreversing).
        let repeated = try barX(scene(state: state, root: bar,
                                      script: #"[{"at": 0, "do": [{"withAnimation": "quick.repeatForever()", "do": [{"set": {"x": 100}}]}]}]"#),
                                at: [0.25, 1.25, 2.5])
        XCTAssertEqual(repeated[0], 90 + 25, accuracy: 1e-6)
        XCTAssertEqual(repeated[1], 90 + 75, accuracy: 1e-6)
        XCTAssertEqual(repeated[2], 90 + 50, accuracy: 1e-6)
    }

    /// A state variable holding an animation, changed by a `set` (`anim = .linear(duration: 4)`), is read
    /// when the animation is taken: the move at 1 s takes 4 s (at 2 s: a quarter of 100), not 1 s.
    func testAStateAnimationChangedByASetIsUsedAfterIt() throws {
        let x = try barX(scene(state: #"{"x": 0, "anim": ".linear(duration: 1)"}"#,
                               root: #"{"shape": "rectangle", "frame": {"width": 20, "height": 10}, "offset": {"x": "x"}, "#
                                   + #""animation": {"curve": "anim", "value": "x"}}"#,
                               script: #"[{"at": 0, "do": [{"set": {"x": 100}}]}, "#
                                   + #"{"at": 0.9, "do": [{"set": {"anim": "x > 50 ? .linear(duration: 4) : .default"}}]}, "#
                                   + #"{"at": 1, "do": [{"set": {"x": 0}}]}]"#),
                         at: [0.5, 2])
        XCTAssertEqual(x[0], 90 + 50, accuracy: 1e-6)
        XCTAssertEqual(x[1], 90 + 75, accuracy: 1e-6)
    }

    /// A phase animator's animation may be a name: the state variable `step` holding `.linear(duration: 1)`
    /// carries the move from phase 0 to phase 100 that starts at once: half way at 0.5 s.
    func testAPhaseAnimatorTakesANamedAnimation() throws {
        let x = try barX(scene(state: #"{"step": ".linear(duration: 1)"}"#,
                               root: #"{"shape": "rectangle", "frame": {"width": 20, "height": 10}, "offset": {"x": "phase"}, "#
                                   + #""phaseAnimator": {"phases": [0, 100], "animation": "step"}}"#,
                               script: "[]"),
                         at: [0.5])
        XCTAssertEqual(x[0], 90 + 50, accuracy: 1e-6)
    }

    func loadError(_ json: String) -> String {
        do {
            _ = try SceneDecoder.decode(Array(json.utf8))
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    /// "line:column" of the first `needle` in `json` (1-based, counted in characters).
    func place(of needle: String, in json: String) -> String {
        let lines = json.components(separatedBy: "\n")
        for (number, line) in lines.enumerated() {
            if let range = line.range(of: needle) {
                return "\(number + 1):\(line.distance(from: line.startIndex, to: range.lowerBound) + 1)"
            }
        }
        return "nowhere"
    }

    /// Names are checked at load, at the value's line:column: a name that is not an animation where an
    /// animation stands, an animation read as a number, an argument or assignment of the wrong type.
    func testNamesAreCheckedAtLoad() {
        let head = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"speed": 2, "bounce": ".spring()"},"#
        let notAnimation = #""speed" is not an animation, and an animation stands here; write SwiftUI's code (".easeInOut(duration: 0.3)"), or name a parameter or state variable that holds one ("speed": ".spring()" in "params" or "state")"#
        let readAsValue = #""bounce" holds an animation, and a value (a number, a colour, ...) stands here; an animation is used where one stands ("withAnimation": "bounce", a set's "animation", the animation modifier's "curve"), and an animation's duration or delay is written as a number (".linear(duration: 0.3)")"#
        let component = #" "components": {"C": {"params": {"anim": ".default"}, "body": {"spacer": {}}}},"#
        let cases: [(json: String, at: String, message: String)] = [
            (head + "\n" + #" "root": {"spacer": {}}, "script": [{"at": 0, "do": [{"withAnimation": "speed", "do": []}]}]}"#,
             #""speed","#, "script[0].do[0].withAnimation: " + notAnimation),
            (head + "\n" + #" "root": {"spacer": {}, "opacity": "bounce * 2"}}"#, #""bounce * 2""#, "root.opacity: " + readAsValue),
            (head + "\n" + #" "root": {"spacer": {}}, "script": [{"at": 0, "do": [{"withAnimation": ".linear(duration: bounce)", "do": []}]}]}"#,
             #"".linear"#, "script[0].do[0].withAnimation: " + readAsValue),
            (head + "\n" + #" "root": {"spacer": {}}, "script": [{"at": 0, "do": [{"set": {"speed": "bounce"}}]}]}"#,
             #""bounce"}"#, "script[0].do[0].set.speed: " + readAsValue),
            (head + "\n" + #" "root": {"spacer": {}}, "script": [{"at": 0, "do": [{"set": {"bounce": 3}}]}]}"#,
             "3}", #"script[0].do[0].set.bounce: an animation stands here, not a number; write SwiftUI's code as a string, ".easeInOut(duration: 0.3)", or the name of an animation"#),
            (head + component + "\n" + #" "root": {"use": "C", "args": {"anim": "speed"}}}"#, #""speed"}"#, "root.args.anim: " + notAnimation),
            (head + "\n" + #" "root": {"spacer": {}}, "script": [{"at": 0, "do": [{"withAnimation": "bounce.dely(1)", "do": []}]}]}"#,
             #""bounce.dely"#, #"script[0].do[0].withAnimation: invalid animation "bounce.dely(1)": unknown modifier .dely; did you mean .delay?"#),
            (head + "\n" + #" "root": {"spacer": {}}, "script": [{"at": 0, "do": [{"withAnimation": "bouncy", "do": []}]}]}"#,
             #""bouncy""#, #"script[0].do[0].withAnimation: unknown name 'bouncy'; SwiftUI's animation is written with its dot, ".bouncy""#),
        ]
        for (json, needle, message) in cases {
            XCTAssertEqual(loadError(json), place(of: needle, in: json) + ": " + message)
        }
    }

    /// SwiftUI's animation code where a value stands is refused at load, at the value's line:column, with
    /// where an animation goes instead; where an animation stands (a `withAnimation`, an animation
    /// parameter's argument) it loads, and so do implicit members that are colours.
    func testAnimationCodeWhereAValueStandsIsRefusedAtLoad() {
        let head = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"speed": 2, "on": false},"#
        func refused(_ code: String) -> String {
            #""\#(code)" is an animation, and an animation cannot stand here, where a value (a number, a colour, ...) does; "#
                + #"an animation is used where one stands: put the change in {"withAnimation": "\#(code)", "do": [...]}, "#
                + #"or animate the view with an animation modifier, {"animation": {"curve": "\#(code)", "value": "isOn"}}"#
        }
        let cases: [(json: String, at: String, message: String)] = [
            (head + "\n" + #" "root": {"spacer": {}, "opacity": ".spring()"}}"#, #"".spring()""#, "root.opacity: " + refused(".spring()")),
            (head + "\n" + #" "root": {"shape": "circle",  "fill": ".easeIn(duration: 1)"}}"#, #"".easeIn"#,
             "root.fill: " + refused(".easeIn(duration: 1)")),
            (head + "\n" + #" "root": {"spacer": {},"# + "\n" + #"   "opacity": "on ? 1 : .default.delay(0.2)"}}"#,
             #""on ? 1"#, "root.opacity: " + refused(".default.delay(0.2)")),
            (head + "\n" + #" "root": {"text": "n = ${speed * .linear}"}}"#, #""n = "#, "root.text: " + refused(".linear")),
            (head + "\n" + #" "root": {"spacer": {}}, "script": [{"at": 0, "do": [{"set": {"speed": ".snappy"}}]}]}"#,
             #"".snappy""#, "script[0].do[0].set.speed: " + refused(".snappy")),
        ]
        for (json, needle, message) in cases {
            XCTAssertEqual(loadError(json), place(of: needle, in: json) + ": " + message)
        }
        let component = #" "components": {"C": {"params": {"anim": ".default"}, "body": {"spacer": {}}}},"#
        let fine = [
            head + component + "\n" + #" "root": {"use": "C", "args": {"anim": ".spring(duration: 0.3)"}}}"#,
            head + "\n" + #" "root": {"shape": "circle", "fill": "on ? .red : .blue"}, "script": [{"at": 0, "do": [{"withAnimation": ".easeIn", "do": [{"set": {"on": true}}]}]}]}"#,
        ]
        for json in fine { XCTAssertEqual(loadError(json), "no error", json) }
    }
}

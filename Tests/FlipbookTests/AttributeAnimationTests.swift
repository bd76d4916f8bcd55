import Compose
import DisplayList
import Flipbook
import Expressions
import Foundation
import SceneFormat
import XCTest

/// What animates is what views show: each case is a SwiftUI micro-interaction written as an iOS
/// developer writes it, checked through `Player.views(at:)` against closed forms computed here.
final class AttributeAnimationTests: XCTestCase {
    func player(_ json: String) throws -> Player {
        try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    func view(_ player: Player, _ id: String, at t: Double) throws -> InspectedView {
        try XCTUnwrap(try player.views(at: t).first { $0.id == id }?.view, "no view \(id) at \(t)")
    }

    /// The unit step response of SwiftUI's `spring(response:dampingFraction:)` (underdamped), from rest.
    func springFraction(_ t: Double, response: Double, damping zeta: Double) -> Double {
        let w0 = 2 * Double.pi / response, wd = w0 * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
    }

    func linear(_ s: Double) -> Double { s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4) }
    func srgb(_ l: Double) -> Double { l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055 }

    /// `rotationEffect(.degrees(isAnimating ? 360 : 0))` under `withAnimation(.linear(duration: 1))`: the
    /// rotation, not the Bool, animates: 180 degrees half way.
    func testBoolTernaryRotationAnimates() throws {
        let p = try player(#"""
            {"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 2, "state": {"isAnimating": false},
             "root": {"id": "spinner", "shape": "circle", "stroke": {"lineWidth": 4}, "frame": {"width": 40, "height": 40},
                      "rotation": "isAnimating ? 360 : 0"},
             "script": [{"at": 0.5, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"isAnimating": true}}]}]}]}
            """#)
        XCTAssertEqual(try view(p, "spinner", at: 0.4).rotation, 0, accuracy: 1e-9)
        XCTAssertEqual(try view(p, "spinner", at: 1.0).rotation, 180, accuracy: 1e-9)
        XCTAssertEqual(try view(p, "spinner", at: 1.25).rotation, 270, accuracy: 1e-9)
        XCTAssertEqual(try view(p, "spinner", at: 1.6).rotation, 360, accuracy: 1e-9)
    }

    /// The classic spinner started the SwiftUI way: `.onAppear { withAnimation(.linear(duration: 1)
    /// .repeatForever(autoreverses: false)) { isAnimating = true } }`, no script at all.
    func testOnAppearStartsARepeatingSpinner() throws {
        let p = try player(#"""
            {"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 3, "state": {"isAnimating": false},
             "root": {"id": "spinner", "shape": "circle", "stroke": {"lineWidth": 4}, "frame": {"width": 40, "height": 40},
                      "rotation": "isAnimating ? 360 : 0",
                      "onAppear": [{"withAnimation": ".linear(duration: 1).repeatForever(autoreverses: false)",
                                    "do": [{"set": {"isAnimating": true}}]}]}}
            """#)
        for t in [0.25, 1.25, 2.5, 2.9] {
            let expected = 360 * (t - t.rounded(.down))
            XCTAssertEqual(try view(p, "spinner", at: t).rotation, expected, accuracy: 1e-9, "t = \(t)")
        }
    }

    /// `onAppear` of a view that comes with `if` runs at its insertion, `onDisappear` at its removal.
    func testOnAppearAndOnDisappearOfAConditionalView() throws {
        let p = try player(#"""
            {"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 3,
             "state": {"shown": false, "appeared": 0, "gone": 0},
             "root": {"zstack": [{"if": "shown", "shape": "circle", "frame": {"width": 10, "height": 10},
                                  "onAppear": [{"set": {"appeared": "appeared + 1"}}],
                                  "onDisappear": [{"set": {"gone": "time"}}]}]},
             "script": [{"at": 1, "do": [{"set": {"shown": true}}]}, {"at": 2, "do": [{"set": {"shown": false}}]}]}
            """#)
        XCTAssertEqual(p.timeline.modelValue("appeared", at: 0.9), Value.number(0))
        XCTAssertEqual(p.timeline.modelValue("appeared", at: 1), Value.number(1))
        XCTAssertEqual(p.timeline.modelValue("gone", at: 2.5), Value.number(2))
    }

    /// A toggle: `offset(x: isOn ? 20 : 0)` and `fill(isOn ? .green : .gray)` under
    /// `withAnimation(.spring(response: 0.5, dampingFraction: 0.6))` slide and blend on the spring,
    /// overshooting; the colour blends in linear sRGB, as `Color.Resolved` does.
    func testToggleOffsetAndColourFollowTheSpring() throws {
        let p = try player(#"""
            {"canvas": {"width": 100, "height": 60, "scale": 1}, "duration": 2, "state": {"isOn": false},
             "root": {"id": "knob", "shape": "circle", "fill": "isOn ? green : gray", "frame": {"width": 26, "height": 26},
                      "offset": {"x": "isOn ? 20 : 0"}},
             "script": [{"at": 0.2, "do": [{"withAnimation": ".spring(response: 0.5, dampingFraction: 0.6)",
                                            "do": [{"set": {"isOn": true}}]}]}]}
            """#)
        let gray = [142.0, 142, 147].map { $0 / 255 }, green = [52.0, 199, 89].map { $0 / 255 }
        var overshot = false
        for t in [0.25, 0.35, 0.45, 0.6, 0.8] {
            let f = springFraction(t - 0.2, response: 0.5, damping: 0.6)
            let knob = try view(p, "knob", at: t)
            XCTAssertEqual(knob.offset.x, 20 * f, accuracy: 1e-6, "t = \(t)")
            let fill = try XCTUnwrap(knob.fill)
            for (c, shown) in [fill.red, fill.green, fill.blue].enumerated() {
                let expected = srgb(linear(gray[c]) + (linear(green[c]) - linear(gray[c])) * f)
                XCTAssertEqual(shown, expected, accuracy: 1e-6, "t = \(t), channel \(c)")
            }
            if knob.offset.x > 20 { overshot = true }
        }
        XCTAssertTrue(overshot, "a spring with damping 0.6 overshoots")
    }

    /// `Text("\(Int(progress * 100))%")` under `withAnimation { progress = 0.8 }`: Text is not animatable,
    /// it shows 80% at once, while a bar bound to the same value animates.
    func testTextShowsTheNewValueAtTheTransaction() throws {
        let p = try player(#"""
            {"canvas": {"width": 200, "height": 60, "scale": 1}, "duration": 2, "state": {"progress": 0},
             "root": {"vstack": [{"id": "label", "text": "${floor(progress * 100)}%"},
                                 {"id": "bar", "shape": "rectangle", "frame": {"width": 100, "height": 4}, "scale": {"x": "progress", "y": 1}}]},
             "script": [{"at": 0.5, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"progress": 0.8}}]}]}]}
            """#)
        XCTAssertEqual(try view(p, "label", at: 0.4).text, "0%")
        XCTAssertEqual(try view(p, "label", at: 0.5).text, "80%")
        XCTAssertEqual(try view(p, "label", at: 0.6).text, "80%")
        XCTAssertEqual(try view(p, "bar", at: 1.0).scale.x, 0.4, accuracy: 1e-9)
    }

    /// A modifier bound to `sin(phase)` interpolates between its two end values; inside a component that
    /// declares `phase` animatable the body follows `sin` of the interpolated phase; an undeclared
    /// parameter jumps, but the body's rotation still animates as an attribute.
    func testAnimatableDataAgainstAttributeInterpolation() throws {
        let p = try player(#"""
            {"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 2, "state": {"phase": 0},
             "components": {
               "Declared": {"params": {"p": 0}, "animatable": ["p"],
                            "body": {"id": "inner", "shape": "rectangle", "frame": {"width": 10, "height": 10}, "rotation": "90 * sin(p)"}},
               "Undeclared": {"params": {"p": 0},
                              "body": {"id": "inner", "shape": "rectangle", "frame": {"width": 10, "height": 10}, "rotation": "90 * sin(p)"}}},
             "root": {"zstack": [
               {"id": "plain", "shape": "rectangle", "frame": {"width": 10, "height": 10}, "rotation": "90 * sin(phase)"},
               {"id": "declared", "use": "Declared", "args": {"p": "phase"}},
               {"id": "undeclared", "use": "Undeclared", "args": {"p": "phase"}}]},
             "script": [{"at": 0, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"phase": "pi / 2"}}]}]}]}
            """#)
        for t in [0.25, 0.5, 0.75] {
            XCTAssertEqual(try view(p, "plain", at: t).rotation, 90 * t, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(try view(p, "declared.inner", at: t).rotation, 90 * sin(t * Double.pi / 2), accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(try view(p, "undeclared.inner", at: t).rotation, 90 * t, accuracy: 1e-9, "t = \(t)")
        }
    }

    /// A declared animatable record (a `CGSize`, SwiftUI's `AnimatablePair`) interpolates field by field:
    /// the body sees the in-between width and height, so `width * height / 100` follows their product,
    /// not a straight line; its string field shows the new value at once.
    func testAnimatableRecordParameterInterpolatesFieldByField() throws {
        let p = try player(#"""
            {"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 2,
             "state": {"size": {"width": 0, "height": 20, "name": "a"}},
             "components": {
               "Box": {"params": {"s": {"width": 0, "height": 0, "name": ""}}, "animatable": ["s"],
                       "body": {"id": "inner", "text": "${s.name}", "rotation": "s.width * s.height / 100"}}},
             "root": {"id": "box", "use": "Box", "args": {"s": "size"}},
             "script": [{"at": 0, "do": [{"withAnimation": ".linear(duration: 1)",
                                          "do": [{"set": {"size": "record(width: 100, height: 60, name: 'b')"}}]}]}]}
            """#)
        for t in [0.25, 0.5, 0.75] {
            let width = 100 * t, height = 20 + 40 * t
            XCTAssertEqual(try view(p, "box.inner", at: t).rotation, width * height / 100, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(try view(p, "box.inner", at: t).text, "b")
        }
    }

    /// An alignment change inside a frame moves the child smoothly; a sibling that grows pushes its
    /// neighbour smoothly (the HStack re-centres too).
    func testLayoutAnimates() throws {
        let p = try player(#"""
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 2, "state": {"right": false, "big": false},
             "root": {"vstack": [
               {"zstack": [{"id": "dot", "shape": "circle", "frame": {"width": 20, "height": 20}}],
                "frame": {"width": 100, "height": 20, "alignment": "right ? 'trailing' : 'leading'"}},
               {"hstack": [{"id": "grower", "shape": "rectangle", "frame": {"width": "big ? 60 : 20", "height": 10}},
                           {"id": "neighbour", "shape": "rectangle", "frame": {"width": 20, "height": 10}}], "spacing": 0}],
              "spacing": 0},
             "script": [{"at": 0, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"right": true, "big": true}}]}]}]}
            """#)
        // The 100 pt frame is centred in 200: the dot runs from x = 50 to x = 130.
        XCTAssertEqual(try view(p, "dot", at: 0).frame.minX, 50, accuracy: 1e-9)
        XCTAssertEqual(try view(p, "dot", at: 0.25).frame.minX, 70, accuracy: 1e-9)
        XCTAssertEqual(try view(p, "dot", at: 1).frame.minX, 130, accuracy: 1e-9)
        // The HStack is 40 then 80 wide, centred: the neighbour's x goes 100 -> 120, the grower's width 20 -> 60.
        XCTAssertEqual(try view(p, "neighbour", at: 0.5).frame.minX, 110, accuracy: 1e-9)
        XCTAssertEqual(try view(p, "grower", at: 0.5).frame.width, 40, accuracy: 1e-9)
        XCTAssertEqual(try view(p, "grower", at: 0.5).frame.minX, 70, accuracy: 1e-9)
    }

    /// `.animation(.linear(duration: 1), value: on)` animates a plain `set`, wins over an enclosing
    /// `withAnimation` in its subtree, and `.animation(nil, value:)` turns animation off there.
    func testImplicitAnimationAndItsPrecedence() throws {
        func scene(_ action: String) -> String {
            #"""
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 3, "state": {"on": false},
             "root": {"vstack": [
               {"zstack": [{"id": "implicit", "shape": "circle", "frame": {"width": 10, "height": 10}, "offset": {"x": "on ? 100 : 0"}}],
                "animation": {"curve": ".linear(duration: 1)", "value": "on"}},
               {"id": "explicit", "shape": "circle", "frame": {"width": 10, "height": 10}, "offset": {"x": "on ? 100 : 0"}},
               {"id": "disabled", "shape": "circle", "frame": {"width": 10, "height": 10}, "offset": {"x": "on ? 100 : 0"},
                "animation": {"curve": null, "value": "on"}}]},
             "script": [{"at": 0, "do": [\#(action)]}]}
            """#
        }
        let plain = try player(scene(#"{"set": {"on": true}}"#))
        XCTAssertEqual(try view(plain, "implicit", at: 0.5).offset.x, 50, accuracy: 1e-9)
        XCTAssertEqual(try view(plain, "explicit", at: 0.5).offset.x, 100, accuracy: 1e-9)
        XCTAssertEqual(try view(plain, "disabled", at: 0.5).offset.x, 100, accuracy: 1e-9)
        let animated = try player(scene(#"{"withAnimation": ".linear(duration: 2)", "do": [{"set": {"on": true}}]}"#))
        XCTAssertEqual(try view(animated, "implicit", at: 0.5).offset.x, 50, accuracy: 1e-9)
        XCTAssertEqual(try view(animated, "explicit", at: 0.5).offset.x, 25, accuracy: 1e-9)
        XCTAssertEqual(try view(animated, "disabled", at: 0.5).offset.x, 100, accuracy: 1e-9)
    }

    /// An unknown name in `animatable` names the JSON path and suggests the parameter.
    func testUnknownAnimatableParameterIsAnError() throws {
        let json = #"{"canvas": {"width": 10, "height": 10, "scale": 1}, "duration": 1, "components": {"Wave": {"params": {"phase": 0}, "animatable": ["phse"], "body": {"shape": "circle"}}}, "root": {"use": "Wave"}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8))) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("components.Wave.animatable[0]"), message)
            XCTAssertTrue(message.contains("did you mean \"phase\"?"), message)
        }
    }

    /// Springs retarget per attribute: an offset sent to 100 on one spring and back to 0 on a stiffer one
    /// 0.2 s later continues from where it is with its velocity (checked against a numerical integration
    /// of x'' = -k (x - target) - c x').
    func testSpringsRetargetPerAttribute() throws {
        let p = try player(#"""
            {"canvas": {"width": 300, "height": 60, "scale": 1}, "duration": 2, "state": {"on": false},
             "root": {"id": "knob", "shape": "circle", "frame": {"width": 10, "height": 10},
                      "offset": {"x": "on ? 100 : 0"}},
             "script": [{"at": 0, "do": [{"withAnimation": ".spring(response: 0.5, dampingFraction: 0.825)", "do": [{"set": {"on": true}}]}]},
                        {"at": 0.2, "do": [{"withAnimation": ".spring(response: 0.3, dampingFraction: 0.6)", "do": [{"set": {"on": false}}]}]}]}
            """#)
        /// RK4 on a damped spring toward `target`, from (x, v), for `duration` seconds.
        func integrate(response: Double, damping: Double, target: Double, x: Double, v: Double,
                       duration: Double) -> (x: Double, v: Double) {
            let k = pow(2 * Double.pi / response, 2), c = 2 * damping * (2 * Double.pi / response)
            func a(_ x: Double, _ v: Double) -> Double { -k * (x - target) - c * v }
            var (x, v) = (x, v)
            let steps = max(1, Int((duration / 1e-5).rounded())), h = duration / Double(steps)
            for _ in 0..<steps {
                let k1x = v, k1v = a(x, v)
                let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            }
            return (x, v)
        }
        let start = integrate(response: 0.5, damping: 0.825, target: 100, x: 0, v: 0, duration: 0.2)
        XCTAssertEqual(try view(p, "knob", at: 0.1).offset.x,
                       integrate(response: 0.5, damping: 0.825, target: 100, x: 0, v: 0, duration: 0.1).x, accuracy: 1e-6)
        for t in [0.25, 0.35, 0.5] {
            let expected = integrate(response: 0.3, damping: 0.6, target: 0, x: start.x, v: start.v, duration: t - 0.2).x
            XCTAssertEqual(try view(p, "knob", at: t).offset.x, expected, accuracy: 1e-6, "t = \(t)")
        }
    }
}

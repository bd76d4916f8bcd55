import Flipbook
import Foundation
import SwiftSource
import XCTest

/// The Swift examples that keep data in state and views (records, strings, lists, animation values):
/// each converts with no unrolling, and one behaviour of each is checked against a value computed here.
final class DataExamplesTests: XCTestCase {
    private func player(_ name: String) throws -> Player {
        let source = try String(contentsOfFile: repoPath("examples/swift/\(name).swift"), encoding: .utf8)
        let sidecar = try String(contentsOfFile: repoPath("examples/swift/\(name).flipbook.json"), encoding: .utf8)
        return try Player(scene: lowerAndDecode(source, sidecar: sidecar).scene)
    }

    /// What the view with `id` shows at `t` (`render inspect`'s view).
    private struct Shown {
        var offset: (x: Double, y: Double), rotation: Double, scale: (x: Double, y: Double), height: Double, text: String?
    }

    private func view(_ player: Player, _ id: String, at t: Double, file: StaticString = #filePath,
                      line: UInt = #line) throws -> Shown {
        guard let view = try player.views(at: t).first(where: { $0.id == id })?.view else {
            XCTFail("no view '\(id)' at \(t)", file: file, line: line)
            throw CocoaError(.featureUnsupported)
        }
        return Shown(offset: view.offset, rotation: view.rotation, scale: view.scale, height: view.frame.height, text: view.text)
    }

    /// SwiftUI's `spring(response:dampingFraction:)` (mass 1, stiffness (2π/response)², damping
    /// 4πζ/response) released from rest `s` seconds ago at a displacement of 1: e^(-ζω s)(cos ω_d s +
    /// ζω/ω_d sin ω_d s), underdamped.
    private func springDisplacement(response: Double, dampingFraction zeta: Double, after s: Double) -> Double {
        guard s > 0 else { return 1 }
        let omega = 2 * Double.pi / response, omegaD = omega * (1 - zeta * zeta).squareRoot()
        return exp(-zeta * omega * s) * (cos(omegaD * s) + zeta * omega / omegaD * sin(omegaD * s))
    }

    /// The card follows the finger to a translation of (90, 60), and when the finger lifts at 0.9 s
    /// `drag = .zero` inside a spring brings the offset back along the spring's closed form.
    func testDragCardSpringsBackToZero() throws {
        let player = try player("DragCard")
        XCTAssertEqual(player.timeline.modelValue("drag", at: 0.9), .record(["width": .number(0), "height": .number(0)]))
        for t in [0.95, 1.05, 1.2, 1.5] {
            let d = springDisplacement(response: 0.5, dampingFraction: 0.6, after: t - 0.9)
            let card = try view(player, "card", at: t)
            XCTAssertEqual(card.offset.x, 90 * d, accuracy: 1e-6, "at \(t)")
            XCTAssertEqual(card.offset.y, 60 * d, accuracy: 1e-6, "at \(t)")
        }
    }

    /// A 0.1 s timer types one character per tick and, at either end, turns round: after k ticks the
    /// count is the triangle wave n - |n - k mod 2n| of the message's length n.
    func testTypewriterShowsThePrefixOfTheTickCount() throws {
        let player = try player("Typewriter")
        let message = "Hello, Flipbook!"
        let n = message.count
        for k in [0, 3, 16, 17, 25, 32, 33] {
            let t = (Double(k) + 0.5) * 0.1
            let count = n - abs(n - k % (2 * n))
            XCTAssertEqual(try view(player, "typed", at: t).text, String(message.prefix(count)), "after \(k) ticks")
        }
    }

    /// Each letter's offset follows `dragAmount` with a linear animation (SwiftUI's default duration,
    /// 0.35 s) delayed by its index / 20: after the finger lifts at 1.8 s, letter k is back at
    /// T (1 - clamp((t - 1.8 - k/20) / 0.35, 0, 1)) for the final translation T = (60, 90).
    func testLettersFollowTheDragOneAfterAnother() throws {
        let player = try player("LetterDrag")
        for t in [1.9, 2.05, 2.3] {
            for k in [0, 4, 12] {
                let f = min(max((t - 1.8 - Double(k) / 20) / 0.35, 0), 1)
                let letter = try view(player, "letter-\(k)", at: t)
                XCTAssertEqual(letter.offset.x, 60 * (1 - f), accuracy: 1e-6, "letter \(k) at \(t)")
                XCTAssertEqual(letter.offset.y, 90 * (1 - f), accuracy: 1e-6, "letter \(k) at \(t)")
            }
        }
    }

    /// The capsules' heights are the data over its `max()`, times 150; switching the data springs each
    /// one from its old height to its new one, 0.03 s after the one before it.
    func testHikeGraphRipples() throws {
        let player = try player("HikeGraph")
        let elevation: [Double] = [291, 310, 352, 398, 441, 470, 452, 418, 380, 402, 437, 475, 430, 365]
        let heartRate: [Double] = [92, 104, 121, 138, 149, 155, 146, 131, 120, 127, 140, 158, 134, 110]
        for k in [0, 5, 13] {
            let old = elevation[k] / elevation.max()! * 150, new = heartRate[k] / heartRate.max()! * 150
            XCTAssertEqual(try view(player, "bar-\(k)", at: 0.2).height, old, accuracy: 1e-6)
            for t in [0.45, 0.6, 0.9] {
                let d = springDisplacement(response: 0.55, dampingFraction: 0.5, after: t - 0.4 - 0.03 * Double(k))
                XCTAssertEqual(try view(player, "bar-\(k)", at: t).height, new + (old - new) * d, accuracy: 1e-6, "bar \(k) at \(t)")
            }
        }
    }

    /// The stepper's binding carries the spring: the button's scale goes from 1 to 1.5 along it.
    func testStepperBindingAnimatesTheScale() throws {
        let player = try player("StepperBinding")
        for t in [0.45, 0.6, 0.9] {
            let d = springDisplacement(response: 0.45, dampingFraction: 0.55, after: t - 0.4)
            XCTAssertEqual(try view(player, "tapMe", at: t).scale.x, 1.5 - 0.5 * d, accuracy: 1e-6, "at \(t)")
        }
    }

    /// While editing, the ternary picks a repeating 0.13 s ease-in-out: the icons reach 4° at 0.13 s, are
    /// back at 0° at 0.26 s, and half way (2°) at 0.065 s by the curve's symmetry.
    func testEditModeWigglesWithTheCurveTheTernaryPicks() throws {
        let player = try player("EditWiggle")
        for (s, degrees) in [(0.065, 2.0), (0.13, 4.0), (0.26, 0.0), (0.39, 4.0), (0.455, 2.0)] {
            XCTAssertEqual(try view(player, "icon-2", at: 0.3 + s).rotation, degrees, accuracy: 1e-6, "at \(s) s")
        }
        XCTAssertEqual(try view(player, "icon-2", at: 0.29).rotation, 0, accuracy: 1e-12)
    }
}

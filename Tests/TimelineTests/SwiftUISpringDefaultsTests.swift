import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// SwiftUI's spring animations with their default and iOS 17 arguments, played on a scene variable
/// (x: 0 -> 100 at 0 s) and compared with the unit step response written out here in closed form:
///
///     z < 1:  x(t) = 1 - e^(-z w t) (cos(wd t) + (z w - v0) / wd sin(wd t)),  wd = w sqrt(1 - z^2)
///     z = 1:  x(t) = 1 - (1 + (w - v0) t) e^(-w t)
///
/// with w = 2 pi / response. The parameters come from SwiftUI's declarations: `spring(duration: 0.5,
/// bounce: 0)` is the non-disfavoured overload (so `.spring` is critically damped), `spring(response:
/// 0.5, dampingFraction: 0.825)` only when those labels are written; `interactiveSpring` is
/// `spring(duration: 0.15, bounce: 0.15)` (damping 0.85) unless `response:`/`dampingFraction:` are written
/// (then 0.86); `.interpolatingSpring` is `interpolatingSpring(duration: 0.5, bounce: 0)`; an
/// interpolating spring with damping above critical moves as a critically damped one.
final class SwiftUISpringDefaultsTests: XCTestCase {
    /// The unit step response of a spring with natural frequency `w`, damping ratio `z` (<= 1), initial
    /// velocity `v0` (unit steps per second).
    static func step(w: Double, z: Double, v0: Double = 0, at t: Double) -> Double {
        if z >= 1 { return 1 - (1 + (w - v0) * t) * exp(-w * t) }
        let wd = w * (1 - z * z).squareRoot()
        return 1 - exp(-z * w * t) * (cos(wd * t) + (z * w - v0) / wd * sin(wd * t))
    }

    /// x at `times` after `set x = 100` with `animation` at 0 s.
    func play(_ animation: String, at times: [Double]) throws -> [Double] {
        let t = try simulateTaps(state: #"{"x": 0}"#, actions: """
            [{"set": {"x": 100}, "animation": "\(animation)"}]
            """, taps: [0])
        return times.map { presented(t, "x", at: $0) }
    }

    let times = [0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.45, 0.6]

    func assertPlays(_ animation: String, w: Double, z: Double, v0: Double = 0,
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let got = try play(animation, at: times)
        for (time, value) in zip(times, got) {
            let expected = 100 * Self.step(w: w, z: z, v0: v0, at: time)
            // Once within 0.001 of the distance the spring has settled and the model value shows.
            let accuracy = abs(expected - 100) < 0.1 ? 0.1 : 1e-6
            XCTAssertEqual(value, expected, accuracy: accuracy, "\(animation) at \(time) s", file: file, line: line)
        }
    }

    func testInterpolatingSpringDefaultsAreDurationHalfASecondNoBounce() throws {
        let w = 2 * Double.pi / 0.5
        try assertPlays(".interpolatingSpring", w: w, z: 1)
        try assertPlays(".interpolatingSpring()", w: w, z: 1)
        // It moves: not an instant change.
        XCTAssertEqual(try play(".interpolatingSpring", at: [0.1])[0], 100 * (1 - (1 + w * 0.1) * exp(-w * 0.1)),
                       accuracy: 1e-6)
        XCTAssertLessThan(try play(".interpolatingSpring", at: [0.1])[0], 70)
    }

    func testInterpolatingSpringDurationBounceInitialVelocity() throws {
        try assertPlays(".interpolatingSpring(duration: 0.4, bounce: 0.3)", w: 2 * .pi / 0.4, z: 0.7)
        try assertPlays(".interpolatingSpring(duration: 0.4, bounce: 0.3, initialVelocity: 2)",
                        w: 2 * .pi / 0.4, z: 0.7, v0: 2)
        try assertPlays(".interpolatingSpring(bounce: 0.5)", w: 2 * .pi / 0.5, z: 0.5)
        // Negative bounce is overdamped (ratio 1 / (1 + bounce)), which an interpolating spring plays critically damped.
        try assertPlays(".interpolatingSpring(duration: 0.4, bounce: -0.5)", w: 2 * .pi / 0.4, z: 1)
    }

    func testOverdampedInterpolatingSpringIsCriticallyDamped() throws {
        // stiffness 100, damping 30: ratio 1.5; SwiftUI plays 1 - (1 + 10 t) e^(-10 t).
        try assertPlays(".interpolatingSpring(stiffness: 100, damping: 30)", w: 10, z: 1)
        try assertPlays(".interpolatingSpring(mass: 4, stiffness: 100, damping: 100, initialVelocity: 3)", w: 5, z: 1, v0: 3)
        // Below critical it is the plain damped spring: mass 1, stiffness 100, damping 10 is w 10, z 0.5.
        try assertPlays(".interpolatingSpring(stiffness: 100, damping: 10)", w: 10, z: 0.5)
    }

    func testSpringWithoutResponseLabelsIsCriticallyDamped() throws {
        let w = 2 * Double.pi / 0.5
        try assertPlays(".spring", w: w, z: 1)
        try assertPlays(".spring()", w: w, z: 1)
        try assertPlays(".spring(blendDuration: 0.2)", w: w, z: 1)
        try assertPlays(".spring(duration: 0.3)", w: 2 * .pi / 0.3, z: 1)
        // The response form keeps its own defaults.
        try assertPlays(".spring(response: 0.5)", w: w, z: 0.825)
        try assertPlays(".spring(dampingFraction: 0.5)", w: w, z: 0.5)
    }

    func testInteractiveSpringDefaults() throws {
        let w = 2 * Double.pi / 0.15
        try assertPlays(".interactiveSpring", w: w, z: 0.85)
        try assertPlays(".interactiveSpring()", w: w, z: 0.85)
        try assertPlays(".interactiveSpring(duration: 0.3, extraBounce: 0.1)", w: 2 * .pi / 0.3, z: 0.75)
        try assertPlays(".interactiveSpring(response: 0.15)", w: w, z: 0.86)
        try assertPlays(".interactiveSpring(response: 0.2, dampingFraction: 0.5)", w: 2 * .pi / 0.2, z: 0.5)
    }

    /// The load-time check knows the new forms and still refuses half a mass-stiffness-damping spring.
    func testAnimationSyntaxKnowsTheForms() throws {
        func problem(_ code: String) throws -> String? {
            AnimationSyntax.problem(in: try Expression(parsing: code).root)
        }
        for code in [".interpolatingSpring", ".interpolatingSpring()", ".interpolatingSpring(duration: 0.4, bounce: 0.2, initialVelocity: 1)",
                     ".interpolatingSpring(stiffness: 100, damping: 10)", ".interactiveSpring(duration: 0.2, extraBounce: 0.1, blendDuration: 0)",
                     ".interactiveSpring(response: 0.2)", ".spring(blendDuration: 1)"] {
            XCTAssertNil(try problem(code), code)
        }
        XCTAssertEqual(try problem(".interpolatingSpring(stiffness: 100)"),
                       ".interpolatingSpring with \"stiffness:\" needs \"damping:\"")
        XCTAssertNotNil(try problem(".interpolatingSpring(duration: 0.5, damping: 10)"))
        XCTAssertNotNil(try problem(".interactiveSpring(duration: 0.5, dampingFraction: 0.5)"))
    }
}

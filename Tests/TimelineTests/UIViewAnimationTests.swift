import Foundation
import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// UIKit's block animations against oracles computed here: CAMediaTimingFunction curves solved by
/// bisection, the damped oscillator in closed form, keyframe values interpolated by hand.
final class UIViewAnimationTests: XCTestCase {
    /// y(x) of the cubic Bézier (0,0), (x1,y1), (x2,y2), (1,1), by bisection on the curve parameter.
    func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func coordinate(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if coordinate(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return coordinate(y1, y2, (lo + hi) / 2)
    }

    /// The unit step of an underdamped oscillator (mass 1) with natural frequency w0, damping ratio z and
    /// initial velocity v: 1 - e^(-z w0 t) (cos(wd t) + (z w0 - v) / wd sin(wd t)).
    func underdamped(w0: Double, z: Double, v: Double, at t: Double) -> Double {
        let wd = w0 * (1 - z * z).squareRoot()
        return 1 - exp(-z * w0 * t) * (cos(wd * t) + (z * w0 - v) / wd * sin(wd * t))
    }

    func testCurveOptionsAreCoreAnimationsNamedTimingFunctions() throws {
        // UIKit's curves are CAMediaTimingFunction's: easeInEaseOut (0.42, 0, 0.58, 1) the default,
        // easeIn (0.42, 0, 1, 1), easeOut (0, 0, 0.58, 1), linear.
        let cases: [(String, [Double])] = [("", [0.42, 0, 0.58, 1]), (#""curveEaseInOut""#, [0.42, 0, 0.58, 1]),
                                           (#""curveEaseIn""#, [0.42, 0, 1, 1]), (#""curveEaseOut""#, [0, 0, 0.58, 1]),
                                           (#""curveLinear""#, [0, 0, 1, 1])]
        for (option, p) in cases {
            let t = try simulateTaps(state: #"{"x": 0}"#, actions: """
                [{"uiViewAnimate": {"withDuration": 2, "options": [\(option)], "animations": [{"set": {"x": 100}}]}}]
                """, taps: [1])
            for s in [0.3, 0.5, 0.8] {
                XCTAssertEqual(presented(t, "x", at: 1 + 2 * s), 100 * bezier(p[0], p[1], p[2], p[3], at: s),
                               accuracy: 1e-4, "\(option) at \(s)")
            }
            XCTAssertEqual(presented(t, "x", at: 3.01), 100, "\(option): the model value after the duration")
        }
    }

    func testDelayHoldsTheOldValueAndCompletionRunsAtTheEnd() throws {
        let t = try simulateTaps(state: #"{"x": 0, "done": 0}"#, actions: """
            [{"uiViewAnimate": {"withDuration": 1, "delay": 0.5, "options": ["curveLinear"],
                                "animations": [{"set": {"x": 10}}], "completion": [{"set": {"done": "time"}}]}}]
            """, taps: [1])
        XCTAssertEqual(presented(t, "x", at: 1.4), 0, "held during the delay")
        XCTAssertEqual(presented(t, "x", at: 2), 5, accuracy: 1e-9)
        XCTAssertEqual(t.modelValue("x", at: 1), .number(10), "the block changes the model at once")
        XCTAssertEqual(t.modelValue("done", at: 2.49), .number(0))
        XCTAssertEqual(t.modelValue("done", at: 2.5), .number(2.5), "completion at delay + duration")
    }

    func testAutoreverseWithoutRepeatEndsOnTheModelValueAndRepeatNeverCompletes() throws {
        let t = try simulateTaps(state: #"{"x": 0, "y": 0, "done": 0}"#, actions: """
            [{"uiViewAnimate": {"withDuration": 1, "options": ["curveLinear", "autoreverse"],
                                "animations": [{"set": {"x": 100}}], "completion": [{"set": {"done": "time"}}]}},
             {"uiViewAnimate": {"withDuration": 1, "options": ["curveLinear", "repeat", "autoreverse"],
                                "animations": [{"set": {"y": 100}}], "completion": [{"set": {"done": -1}}]}}]
            """, taps: [1], duration: 10)
        XCTAssertEqual(presented(t, "x", at: 1.25), 25, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "x", at: 2.25), 75, accuracy: 1e-9, "back again")
        XCTAssertEqual(presented(t, "x", at: 3.01), 100, "then jumps to the model value")
        XCTAssertEqual(t.modelValue("done", at: 3), .number(3), "completion after both passes")
        XCTAssertEqual(presented(t, "y", at: 7.25), 25, accuracy: 1e-9, "forever, there and back")
        XCTAssertEqual(presented(t, "y", at: 8.25), 75, accuracy: 1e-9)
        XCTAssertEqual(t.modelValue("done", at: 10), .number(3), "a repeating animation never completes")
    }

    func testInterruptingAnimationsAddWithOrWithoutBeginFromCurrentState() throws {
        // Since iOS 8 UIKit adds the new animation to the running one: x = model + what is left of each change.
        for option in ["", #", "beginFromCurrentState""#] {
            let t = try simulateTaps(state: #"{"x": 0}"#, actions: """
                [{"if": "x == 0", "then": [{"uiViewAnimate": {"withDuration": 1, "options": ["curveLinear"],
                                                              "animations": [{"set": {"x": 100}}]}}],
                  "else": [{"uiViewAnimate": {"withDuration": 1, "options": ["curveLinear"\(option)],
                                              "animations": [{"set": {"x": 0}}]}}]}]
                """, taps: [1, 1.5])
            // At 1.75: model 0; first change left (0 - 100) * 0.25; second (100 - 0) * 0.75.
            XCTAssertEqual(presented(t, "x", at: 1.75), -25 + 75, accuracy: 1e-9, option)
        }
    }

    func testDampingRatioSpringMatchesTheReconstructedMapping() throws {
        // z = 0.5, d = 0.8, v = 0: the envelope z/sqrt(1 - z^2) e^(-z w0 d) is 0.001 at the duration.
        let z = 0.5, d = 0.8
        let w0 = log(z / (0.001 * (1 - z * z).squareRoot())) / (z * d)
        let spring = Spring(uiKitDampingRatio: z, duration: d, initialVelocity: 0)
        XCTAssertEqual(spring.mass, 1)
        XCTAssertEqual(spring.stiffness, w0 * w0, accuracy: 1e-6 * w0 * w0)
        XCTAssertEqual(spring.damping, 2 * z * w0, accuracy: 1e-6 * w0)
        let t = try simulateTaps(state: #"{"x": 0, "done": 0}"#, actions: """
            [{"uiViewAnimate": {"withDuration": 0.8, "usingSpringWithDamping": 0.5, "initialSpringVelocity": 0,
                                "animations": [{"set": {"x": 100}}], "completion": [{"set": {"done": "time"}}]}}]
            """, taps: [1])
        for s in [0.05, 0.1, 0.2, 0.4] {
            XCTAssertEqual(presented(t, "x", at: 1 + s), 100 * underdamped(w0: w0, z: z, v: 0, at: s), accuracy: 1e-6, "at \(s)")
        }
        XCTAssertEqual(t.modelValue("done", at: 1.8), .number(1.8), "completion when the duration ends")
    }

    func testDampingRatioSpringWithInitialVelocityAndCriticalDamping() {
        // With a velocity the envelope condition (z w0 - v) / wd e^(-z w0 d) = 0.001 holds at the root.
        let z = 0.3, d = 1.2, v = 1.0
        let s = Spring(uiKitDampingRatio: z, duration: d, initialVelocity: v)
        let w0 = s.stiffness.squareRoot()
        XCTAssertEqual(s.damping / (2 * w0), z, accuracy: 1e-12)
        XCTAssertEqual((z * w0 - v) / (w0 * (1 - z * z).squareRoot()) * exp(-z * w0 * d), 0.001, accuracy: 1e-9)
        XCTAssertEqual(s.value(at: 0.3), underdamped(w0: w0, z: z, v: v, at: 0.3), accuracy: 1e-9)
        // Critically damped: ((w0 - v) d + 1) e^(-w0 d) = 0.001, and the step is 1 - e^(-w0 t)(1 + (w0 - v) t).
        let c = Spring(uiKitDampingRatio: 1, duration: 0.5, initialVelocity: 0)
        let wc = c.stiffness.squareRoot()
        XCTAssertEqual((wc * 0.5 + 1) * exp(-wc * 0.5), 0.001, accuracy: 1e-9)
        XCTAssertEqual(c.value(at: 0.1), 1 - exp(-wc * 0.1) * (1 + wc * 0.1), accuracy: 1e-9)
        // A ratio above 1 is read as 1 (the reconstruction clamps it).
        XCTAssertEqual(Spring(uiKitDampingRatio: 1.5, duration: 0.5, initialVelocity: 0).stiffness, c.stiffness)
    }

    func testIOS17SpringDurationAndBounceIsSwiftUIsSpring() throws {
        // Spring(duration: 0.6, bounce: 0.25): stiffness (2 pi / 0.6)^2, damping 4 pi (1 - 0.25) / 0.6.
        let d = 0.6, b = 0.25
        let w0 = 2 * Double.pi / d, c = 4 * Double.pi * (1 - b) / d
        let z = c / (2 * w0)
        let t = try simulateTaps(state: #"{"x": 0}"#, actions: """
            [{"uiViewAnimate": {"springDuration": 0.6, "bounce": 0.25, "animations": [{"set": {"x": 100}}]}}]
            """, taps: [1])
        for s in [0.1, 0.3, 0.5] {
            XCTAssertEqual(presented(t, "x", at: 1 + s), 100 * underdamped(w0: w0, z: z, v: 0, at: s), accuracy: 1e-6, "at \(s)")
        }
    }

    func testKeyframesBuildOneKeyframeAnimationPerProperty() throws {
        // Two keyframes on y (up over the first 30 %, down over the rest) and one on x from 50 % to 100 %,
        // curveLinear: y goes 0 -> -40 -> 0 at key times 0, 0.3, 1; x holds 0 until 0.5, then 0 -> 60.
        let t = try simulateTaps(state: #"{"x": 0, "y": 0, "done": 0}"#, actions: """
            [{"uiViewAnimateKeyframes": {"withDuration": 2, "options": ["curveLinear"], "keyframes": [
                {"relativeStartTime": 0, "relativeDuration": 0.3, "animations": [{"set": {"y": -40}}]},
                {"relativeStartTime": 0.3, "relativeDuration": 0.7, "animations": [{"set": {"y": 0}}]},
                {"relativeStartTime": 0.5, "relativeDuration": 0.5, "animations": [{"set": {"x": 60}}]}],
              "completion": [{"set": {"done": "time"}}]}}]
            """, taps: [1])
        XCTAssertEqual(presented(t, "y", at: 1 + 0.3), -40 * 0.15 / 0.3, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "y", at: 1 + 1.3), -40 * (1 - (0.65 - 0.3) / 0.7), accuracy: 1e-9)
        XCTAssertEqual(presented(t, "x", at: 1 + 0.8), 0, accuracy: 1e-9, "holds until its keyframe starts")
        XCTAssertEqual(presented(t, "x", at: 1 + 1.5), 60 * 0.5, accuracy: 1e-9)
        XCTAssertEqual(t.modelValue("x", at: 1), .number(60))
        XCTAssertEqual(t.modelValue("done", at: 3), .number(3))
    }

    func testKeyframesUseEaseInEaseOutOverTheWholeAnimationByDefault() throws {
        // As UIKit's CAKeyframeAnimation (timingFunction easeInEaseOut over keyTimes [0, 0.1, 1], values [1, 0, 0]).
        let t = try simulateTaps(state: #"{"alpha": 1}"#, actions: """
            [{"uiViewAnimateKeyframes": {"withDuration": 10, "delay": 1, "keyframes": [
                {"relativeStartTime": 0, "relativeDuration": 0.1, "animations": [{"set": {"alpha": 0}}]}]}}]
            """, taps: [1], duration: 15)
        XCTAssertEqual(presented(t, "alpha", at: 1.5), 1, "before the delay ends: the first value (fill both)")
        for s in [0.1, 0.2, 0.25] {
            let p = bezier(0.42, 0, 0.58, 1, at: s)
            let expected = p < 0.1 ? 1 - p / 0.1 : 0
            XCTAssertEqual(presented(t, "alpha", at: 2 + 10 * s), expected, accuracy: 1e-4, "at \(s)")
        }
    }

    func testKeyframeCalculationModes() throws {
        func run(_ mode: String) throws -> Timeline {
            try simulateTaps(state: #"{"x": 0}"#, actions: """
                [{"uiViewAnimateKeyframes": {"withDuration": 1, "options": ["curveLinear", "\(mode)"], "keyframes": [
                    {"relativeStartTime": 0, "relativeDuration": 0.5, "animations": [{"set": {"x": 10}}]},
                    {"relativeStartTime": 0.5, "relativeDuration": 0.5, "animations": [{"set": {"x": 40}}]}]}}]
                """, taps: [1])
        }
        // Paced: 10 of 40 units, a quarter of the time.
        XCTAssertEqual(presented(try run("calculationModePaced"), "x", at: 1.25), 10, accuracy: 1e-9)
        // Discrete: each value shows from its key time to the next.
        let discrete = try run("calculationModeDiscrete")
        XCTAssertEqual(presented(discrete, "x", at: 1.25), 0)
        XCTAssertEqual(presented(discrete, "x", at: 1.75), 10)
        // Cubic: Catmull-Rom through 0, 10, 40 at 0, 0.5, 1; tangent at the middle (40 - 0) / 1, ends 0.
        let u = 0.5, h10 = u * u * u - 2 * u * u + u, h01 = -2 * u * u * u + 3 * u * u, h11 = u * u * u - u * u
        XCTAssertEqual(presented(try run("calculationModeCubic"), "x", at: 1.25),
                       h01 * 10 + h11 * 0.5 * 40 + h10 * 0, accuracy: 1e-9)
    }

    func testBadInputNamesTheJSONPath() {
        let cases: [(String, String)] = [
            (#"{"uiViewAnimate": {"withDuration": -1, "animations": []}}"#, "withDuration: a duration must be 0 seconds or more"),
            (#"{"uiViewAnimate": {"withDuration": 1, "usingSpringWithDamping": 0, "animations": []}}"#,
             "usingSpringWithDamping: a damping ratio must be more than 0"),
            (#"{"uiViewAnimate": {"withDuration": 1, "options": ["curveEaseInOt"], "animations": []}}"#,
             #"options[0]: unknown value "curveEaseInOt"; did you mean "curveEaseInOut"?"#),
            (#"{"uiViewAnimate": {"withDuration": 1, "springDuration": 1, "animations": []}}"#, "not both"),
            (#"{"uiViewAnimateKeyframes": {"withDuration": 1, "keyframes": [{"relativeStartTime": 1.2, "relativeDuration": 0, "animations": []}]}}"#,
             "keyframes[0].relativeStartTime: a relative time is a fraction of the whole animation, 0 to 1; got 1.2"),
            (#"{"uiViewAnimateKeyframes": {"withDuration": 1, "keyframes": [{"relativeStartTime": 0.5, "relativeDuration": 0.6, "animations": []}]}}"#,
             "keyframes[0].relativeDuration: a keyframe must end by the end of the animation"),
            (#"{"uiViewAnimateKeyframes": {"withDuration": 1, "options": ["calculationModeCubicPaced"], "keyframes": [{"relativeStartTime": 0, "relativeDuration": 1, "animations": []}]}}"#,
             "calculationModeCubicPaced is not supported"),
        ]
        for (action, message) in cases {
            XCTAssertThrowsError(try simulateTaps(state: #"{"x": 0}"#, actions: "[\(action)]", taps: [1])) { error in
                XCTAssertTrue("\(error)".contains("root.onTap[0].") && "\(error)".contains(message), "\(error)")
            }
        }
        // An expression's value is checked when the action runs.
        XCTAssertThrowsError(try simulateTaps(state: #"{"x": 0}"#, actions: """
            [{"uiViewAnimate": {"withDuration": 1, "usingSpringWithDamping": "x - 1", "animations": [{"set": {"x": 1}}]}}]
            """, taps: [1])) { error in
            XCTAssertTrue("\(error)".contains("usingSpringWithDamping: at 1 s: a damping ratio must be more than 0"), "\(error)")
        }
    }
}

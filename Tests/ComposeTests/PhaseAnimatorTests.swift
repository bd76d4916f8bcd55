import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// `phaseAnimator`: phases stepped by animated transactions, looping or once per trigger change, each
/// step animated by the views' attribute tracks.
final class PhaseAnimatorTests: XCTestCase {
    /// The x offset of a square whose offset reads `phase` at each time (the square sits centred at 95).
    func squareX(animator: String, script: String = "[]", at times: [Double]) throws -> [Double] {
        let json = """
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 6, "state": {"taps": 0},
             "root": {"zstack": [{"shape": "rectangle", "id": "button", "frame": {"width": 10, "height": 10},
                                  "onTap": [{"set": {"taps": "taps + 1"}}],
                                  "phaseAnimator": \(animator), "offset": {"x": "phase"}}],
                      "frame": {"width": 200, "height": 100}},
             "script": \(script)}
            """
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let composer = Composer(scene: scene, measurer: FixedMeasurer())
        let presentation = try PresentationIndex(composer: composer, timeline: timeline)
        return try times.map { t in
            let items = try composer.displayList(for: timeline.snapshot(at: t), presentation: presentation).items
            return try XCTUnwrap(canvasBounds(items).first).minX - 95
        }
    }

    func testWithoutTriggerThePhasesLoopEachStepAnimated() throws {
        let xs = try squareX(animator: #"{"phases": [0, 100], "animation": ".linear(duration: 1)"}"#,
                             at: [0.25, 1, 1.5, 2.25, 3.75])
        // 0 -> 100 over [0, 1], back to 0 over [1, 2], and again.
        XCTAssertEqual(xs[0], 25, accuracy: 1e-9)
        XCTAssertEqual(xs[1], 100, accuracy: 1e-9)
        XCTAssertEqual(xs[2], 50, accuracy: 1e-9)
        XCTAssertEqual(xs[3], 25, accuracy: 1e-9)
        XCTAssertEqual(xs[4], 25, accuracy: 1e-9)
    }

    func testTriggerCyclesOnceWithTheAnimationOfEachPhase() throws {
        let xs = try squareX(animator: """
            {"phases": [0, 50, 100], "trigger": "taps",
             "animation": [".linear(duration: 0.5)", ".linear(duration: 1)", ".easeIn(duration: 2)"]}
            """, script: #"[{"at": 1, "tap": "button"}]"#, at: [0.5, 1.5, 3, 4.25, 5.5])
        XCTAssertEqual(xs[0], 0, accuracy: 1e-9, "the first phase until the trigger changes")
        XCTAssertEqual(xs[1], 25, accuracy: 1e-9, "into phase 1 with its linear 1 s")
        XCTAssertEqual(xs[2], 50 + 50 * easeInY(0.5), accuracy: 1e-6, "into phase 2 with its easeIn 2 s, from t = 2")
        XCTAssertEqual(xs[3], 50, accuracy: 1e-9, "back to the first phase with its linear 0.5 s, from t = 4")
        XCTAssertEqual(xs[4], 0, accuracy: 1e-9, "and it stays there")
    }

    func testAnimationReadsThePhase() throws {
        // The animation into each phase lasts phase / 100 seconds: 0 -> 100 in 1 s, then 100 -> 0 in the
        // shortest step, one 60 Hz frame.
        let xs = try squareX(animator: #"{"phases": [0, 100], "animation": ".linear(duration: phase / 100)"}"#,
                             at: [0.5, 1 + 1.0 / 120, 1 + 1.0 / 60 + 0.5])
        XCTAssertEqual(xs[0], 50, accuracy: 1e-9)
        XCTAssertEqual(xs[1], 0, accuracy: 1e-9, "an instant change back to 0")
        XCTAssertEqual(xs[2], 50, accuracy: 1e-9, "the next loop started a frame later")
    }

    /// A step hands over to the next when its animation is logically complete: an interpolating spring
    /// (stiffness 100, damping 10: w0 = 10, z = 0.5) at 2 pi / sqrt(stiffness) = 0.628 s, long before it
    /// settles (about 1.4 s). The two changes add (interpolating springs do not retarget), so with the
    /// unit step u(t) = 1 - e^(-5 t)(cos(wd t) + 5 / wd sin(wd t)), wd = sqrt(75), the offset after a tap
    /// at 1 s is 100 u(t - 1) - 100 u(t - 1 - 0.628).
    func testStepsAtLogicalCompletionNotSettling() throws {
        let xs = try squareX(animator: """
            {"phases": [0, 100], "trigger": "taps", "animation": ".interpolatingSpring(stiffness: 100, damping: 10)"}
            """, script: #"[{"at": 1, "tap": "button"}]"#, at: [1.3, 1.6, 1.7, 2.0, 2.4])
        let wd = 75.0.squareRoot(), handOver = 2 * Double.pi / 10
        func u(_ t: Double) -> Double { t <= 0 ? 0 : 1 - exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t)) }
        for (time, x) in zip([1.3, 1.6, 1.7, 2.0, 2.4], xs) {
            XCTAssertEqual(x, 100 * u(time - 1) - 100 * u(time - 1 - handOver), accuracy: 1e-6, "at \(time) s")
        }
        // Waiting for the first spring to settle would still show it near 100 at 1.7 s.
        XCTAssertLessThan(xs[2], 100 * u(0.7) - 5)
    }

    /// A step to a phase equal to the current one creates no animation; its completion runs at once, so
    /// the animator moves straight on (SwiftUI does not hold a repeated phase).
    func testARepeatedPhaseIsNotHeld() throws {
        let xs = try squareX(animator: """
            {"phases": [0, 100, 100, 40], "trigger": "taps", "animation": ".linear(duration: 1)"}
            """, script: #"[{"at": 1, "tap": "button"}]"#, at: [1.5, 2.5, 3.25, 4.5])
        XCTAssertEqual(xs[0], 50, accuracy: 1e-9, "0 -> 100 over [1, 2]")
        XCTAssertEqual(xs[1], 100 - 60 * 0.5, accuracy: 1e-9, "100 -> 40 over [2, 3]: the repeated 100 took no time")
        XCTAssertEqual(xs[2], 40 - 40 * 0.25, accuracy: 1e-9, "back to 0 over [3, 4]")
        XCTAssertEqual(xs[3], 0, accuracy: 1e-9)
    }
}

/// y of the easeIn curve (0.42, 0, 1, 1) at x, by bisection on the curve's x.
private func easeInY(_ x: Double) -> Double {
    func coordinate(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<100 {
        let mid = (lo + hi) / 2
        if coordinate(0.42, 1, mid) < x { lo = mid } else { hi = mid }
    }
    return coordinate(0, 1, (lo + hi) / 2)
}

import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// `keyframeAnimator` in views: the value its tracks give at each frame's time, repeating or on a trigger.
final class KeyframeAnimatorTests: XCTestCase {
    /// The offset of the only shape of a scene whose square reads `value.x` as its offset, at each time.
    func squareX(animator: String, state: String = "{}", script: String = "[]", at times: [Double]) throws -> [Double] {
        let json = """
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 6, "state": \(state),
             "root": {"zstack": [{"shape": "rectangle", "id": "button", "frame": {"width": 10, "height": 10},
                                  "onTap": [{"set": {"taps": "taps + 1"}}],
                                  "keyframeAnimator": \(animator), "offset": {"x": "value.x"}}],
                      "frame": {"width": 200, "height": 100}},
             "script": \(script)}
            """
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let composer = Composer(scene: scene, measurer: FixedMeasurer())
        return try times.map { t in
            let items = try composer.displayList(for: timeline.snapshot(at: t)).items
            // The 10-point square sits centred in the 200-point stack: (200 - 10) / 2 = 95, plus the offset.
            return try XCTUnwrap(canvasBounds(items).first).minX - 95
        }
    }

    func testRepeatingAnimatorLoopsItsTracksFromTheStart() throws {
        let xs = try squareX(animator: """
            {"initialValue": {"x": 0, "unused": 3}, "tracks": {"x": [{"linear": 100, "duration": 1}, {"move": 0},
             {"linear": 40, "duration": 1, "timingCurve": "easeOut"}]}}
            """, state: #"{"taps": 0}"#, at: [0, 0.25, 1.5, 2.25, 3.5])
        let ease = bezierY(x: 0.5, 0, 0, 0.58, 1)
        XCTAssertEqual(xs[0], 0, accuracy: 1e-9)
        XCTAssertEqual(xs[1], 25, accuracy: 1e-9)
        XCTAssertEqual(xs[2], 40 * ease, accuracy: 1e-6, "after the move, the eased segment")
        XCTAssertEqual(xs[3], 40 + 60 * 0.25, accuracy: 1e-9, "the 2 s timeline plays again, from the first loop's end, 40")
        XCTAssertEqual(xs[4], 40 * ease, accuracy: 1e-6)
    }

    func testTriggeredAnimatorPlaysFromEachChangeOfItsTrigger() throws {
        let xs = try squareX(animator: """
            {"initialValue": {"x": 0}, "trigger": "taps", "tracks": {"x": [{"linear": 100, "duration": 1}]}}
            """, state: #"{"taps": 0}"#, script: #"[{"at": 2, "tap": "button"}, {"at": 4, "tap": "button"}]"#,
            at: [1, 2.5, 3.5, 4.25])
        XCTAssertEqual(xs[0], 0, accuracy: 1e-9, "the initial value until the trigger changes")
        XCTAssertEqual(xs[1], 50, accuracy: 1e-9)
        XCTAssertEqual(xs[2], 100, accuracy: 1e-9, "holds the end")
        XCTAssertEqual(xs[3], 100, accuracy: 1e-9, "the second play starts from the first's end value, 100, and goes to 100")
    }

    /// Each triggered play starts from the end value of the play before it (SwiftUI: the keyframes'
    /// argument is "equal to the end value of the previous keyframe animation on subsequent calls"). A
    /// spring keyframe cut short at 0.2 s ends short of its target, so each play starts closer:
    /// with the unit step u(t) = 1 - (1 + w t) e^(-w t) of Spring(duration: 0.5, bounce: 0), a play from
    /// s is 100 + (s - 100)(1 - u(t)), and ends at 100 + (s - 100)(1 - u(0.2)).
    func testTriggeredAnimatorStartsEachPlayFromThePreviousEnd() throws {
        let xs = try squareX(animator: """
            {"initialValue": {"x": 0}, "trigger": "taps",
             "tracks": {"x": [{"spring": 100, "duration": 0.2, "springDuration": 0.5}]}}
            """, state: #"{"taps": 0}"#,
            script: #"[{"at": 1, "tap": "button"}, {"at": 2, "tap": "button"}, {"at": 2.1, "tap": "button"}]"#,
            at: [1.1, 1.5, 2.05, 2.15, 3])
        let w = 2 * Double.pi / 0.5
        func u(_ t: Double) -> Double { 1 - (1 + w * t) * exp(-w * t) }
        func play(from s: Double, at t: Double) -> Double { 100 + (s - 100) * (1 - u(t)) }
        let end1 = play(from: 0, at: 0.2)
        XCTAssertEqual(xs[0], play(from: 0, at: 0.1), accuracy: 1e-6, "the first play from initialValue")
        XCTAssertEqual(xs[1], end1, accuracy: 1e-6, "holds its end")
        XCTAssertEqual(xs[2], play(from: end1, at: 0.05), accuracy: 1e-6, "the second play from the first's end")
        // The third tap interrupts the second play: the third starts from the second's end value.
        let end2 = play(from: end1, at: 0.2)
        XCTAssertEqual(xs[3], play(from: end2, at: 0.05), accuracy: 1e-6, "the third from the second's end")
        XCTAssertEqual(xs[4], play(from: end2, at: 0.2), accuracy: 1e-6)
    }

    /// A repeating animator's loops chain the same way: loop k starts from loop k - 1's end value. The
    /// 0.2 s spring keyframe toward 100 ends short of it, so each loop starts closer (u as above).
    func testRepeatingAnimatorStartsEachLoopFromThePreviousEnd() throws {
        let xs = try squareX(animator: """
            {"initialValue": {"x": 0}, "tracks": {"x": [{"spring": 100, "duration": 0.2, "springDuration": 0.5}]}}
            """, state: #"{"taps": 0}"#, at: [0.1, 0.3, 0.45, 0.5])
        let w = 2 * Double.pi / 0.5
        func u(_ t: Double) -> Double { 1 - (1 + w * t) * exp(-w * t) }
        func play(from s: Double, at t: Double) -> Double { 100 + (s - 100) * (1 - u(t)) }
        let end1 = play(from: 0, at: 0.2), end2 = play(from: end1, at: 0.2)
        XCTAssertEqual(xs[0], play(from: 0, at: 0.1), accuracy: 1e-6)
        XCTAssertEqual(xs[1], play(from: end1, at: 0.1), accuracy: 1e-6, "the second loop from the first's end")
        XCTAssertEqual(xs[2], play(from: end2, at: 0.05), accuracy: 1e-6, "the third from the second's end")
        XCTAssertEqual(xs[3], play(from: end2, at: 0.1), accuracy: 1e-6)
    }

    func testNumberInitialValueTakesOneListOfKeyframes() throws {
        let json = """
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 3,
             "root": {"shape": "rectangle", "frame": {"width": 10, "height": 10},
                      "keyframeAnimator": {"initialValue": 0, "as": "dx", "repeating": false,
                                           "keyframes": [{"spring": 60, "springDuration": 0.5}]},
                      "offset": {"x": "dx"}}}
            """
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let composer = Composer(scene: scene, measurer: FixedMeasurer())
        func x(_ t: Double) throws -> Double {
            try XCTUnwrap(canvasBounds(composer.displayList(for: timeline.snapshot(at: t)).items).first).minX
        }
        let w = 2 * Double.pi / 0.5, t = 0.2
        XCTAssertEqual(try x(t) - x(0), 60 * (1 - (1 + w * t) * exp(-w * t)), accuracy: 1e-6, "critically damped spring")
    }
}

private func bezierY(x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
    // Bisection on the bezier's x(s), then y(s).
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

/// Shape bounds on the canvas, through group transforms (translations and scales here).
func canvasBounds(_ items: [DisplayItem], _ transform: Transform = .identity) -> [Rect] {
    items.flatMap { item -> [Rect] in
        switch item {
        case .shape(let s):
            guard let r = s.path.controlPointBounds else { return [] }
            let p = transform.apply(Point(r.minX, r.minY))
            return [Rect(x: p.x, y: p.y, width: r.width * transform.a, height: r.height * transform.d)]
        case .group(let g): return canvasBounds(g.children, g.transform.concatenating(transform))
        default: return []
        }
    }
}

import Flipbook
import Foundation
import SceneFormat
import XCTest

/// `scrollTransition` blends a view's effects by where it is in its scroll view: from the edge's phase
/// (just hidden) to the identity phase (at the threshold), paced by the timing curve. The oracles are the
/// geometry worked out by hand for a 100 pt box in a 400 pt scroll view and a cubic Bézier solved here by
/// bisection; pixels are read from the rendered frame (a red box over white: green = 255 (1 - opacity)).
final class ScrollTransitionTests: XCTestCase {
    /// SwiftUI's `UnitCurve.easeInOut`, the cubic Bézier (0.42, 0), (0.58, 1), at x.
    func easeInOut(_ x: Double) -> Double {
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var (lo, hi) = (0.0, 1.0)
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if bezier(mid, 0.42, 0.58) < x { lo = mid } else { hi = mid }
        }
        return bezier((lo + hi) / 2, 0, 1)
    }

    /// A 200 x 400 canvas that is a scroll view: a clear spacer `top` tall, then a red 100 x 100 box with
    /// `transition`, then 1,000 pt more; scrolled to `scroll` at the start.
    func frame(top: Double, scroll: Double = 0, transition: String) throws -> PixelImage {
        let json = """
            {"canvas": {"width": 200, "height": 400, "scale": 1, "background": "white"}, "duration": 1,
             "root": {"id": "scroll", "spacing": 0, "scrollView": [
               {"shape": "rectangle", "fill": "clear", "frame": {"width": 10, "height": \(top)}},
               {"shape": "rectangle", "fill": "#FF0000", "frame": {"width": 100, "height": 100}, "scrollTransition": \(transition)},
               {"shape": "rectangle", "fill": "clear", "frame": {"width": 10, "height": 1000}}]},
             "script": [{"at": 0, "scroll": "scroll", "to": \(scroll)}]}
            """
        return try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0.5)
    }

    func green(_ image: PixelImage, x: Int, y: Int) -> Double {
        Double(image.pixels[(y * image.width + x) * 4 + 1])
    }

    let fades = #"{"opacity": "phase.isIdentity ? 1 : 0"}"#

    /// Half the box in at the bottom: its centre 200 pt below the scroll view's, just hidden at 250,
    /// wholly in at 150, so half way: opacity easeInOut(0.5) = 0.5. 80 pt in: 0.8 of the way.
    func testTheBottomEdgeBlendsByTheShareTravelled() throws {
        for (top, share) in [(350.0, 0.5), (320, 0.8), (300, 1.0), (100, 1.0)] {
            let image = try frame(top: top, transition: fades)
            XCTAssertEqual(green(image, x: 100, y: min(Int(top) + 50, 390)), 255 * (1 - easeInOut(share)), accuracy: 1.5, "top \(top)")
        }
    }

    /// Scrolled 50 pt, a box at the top of the content is half out at the top edge: phase value -1.
    func testTheTopEdgeUsesTheTopLeadingPhase() throws {
        let image = try frame(top: 0, scroll: 50, transition: #"{"opacity": "phase.value < 0 ? 0 : 1"}"#)
        XCTAssertEqual(green(image, x: 100, y: 10), 255 * (1 - easeInOut(0.5)), accuracy: 1.5)
        let below = try frame(top: 350, transition: #"{"opacity": "phase.value < 0 ? 0 : 1"}"#)
        XCTAssertEqual(green(below, x: 100, y: 390), 0, accuracy: 1.5, "the bottom edge's phase is +1")
    }

    /// `threshold: 0.5` is met with half the box in (centre (400 - 0) / 2 = 200 pt from the scroll view's);
    /// `timingCurve: "linear"` paces the share as it is; `configuration: "identity"` never blends.
    func testThresholdCurveAndIdentityConfiguration() throws {
        XCTAssertEqual(green(try frame(top: 350, transition: #"{"opacity": "phase.isIdentity ? 1 : 0", "threshold": 0.5}"#),
                             x: 100, y: 390), 0, accuracy: 1.5)
        XCTAssertEqual(green(try frame(top: 320, transition: #"{"opacity": "phase.isIdentity ? 1 : 0", "timingCurve": "linear"}"#),
                             x: 100, y: 390), 255 * 0.2, accuracy: 1.5)
        XCTAssertEqual(green(try frame(top: 350, transition: #"{"opacity": "phase.isIdentity ? 1 : 0", "configuration": "identity"}"#),
                             x: 100, y: 390), 0, accuracy: 1.5)
    }

    /// An offset blends too: `phase.value * 100` half way at the bottom edge moves the box 50 pt right.
    func testAnOffsetBlends() throws {
        let image = try frame(top: 350, transition: #"{"offset": {"x": "phase.value * 100"}, "timingCurve": "linear"}"#)
        XCTAssertEqual(green(image, x: 75, y: 390), 255, accuracy: 1.5, "the box left x 50...100")
        XCTAssertEqual(green(image, x: 175, y: 390), 0, accuracy: 1.5, "the box now covers x 100...200")
    }

    func testOutsideAScrollViewAndAnimatedAreErrors() throws {
        let outside = #"{"canvas": {"width": 100, "height": 100}, "duration": 1, "root": {"shape": "circle", "scrollTransition": {"opacity": "1"}}}"#
        XCTAssertThrowsError(try Player(scene: SceneDecoder.decode(Array(outside.utf8))).frame(at: 0)) { error in
            XCTAssertTrue("\(error)".contains("1:118"), "\(error)") // the opacity effect's expression
            XCTAssertTrue("\(error)".contains("needs a scrollView"), "\(error)")
        }
        let animated = #"{"canvas": {"width": 100, "height": 100}, "duration": 1, "root": {"shape": "circle", "scrollTransition": {"opacity": "1", "configuration": "animated"}}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(animated.utf8))) { error in
            XCTAssertTrue("\(error)".contains("\"animated\" is not in the format"), "\(error)")
        }
        let typo = #"{"canvas": {"width": 100, "height": 100}, "duration": 1, "root": {"shape": "circle", "scrollTransition": {"opacity": "phse.value"}}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(typo.utf8))) { error in
            XCTAssertTrue("\(error)".contains("phse"), "\(error)")
        }
    }
}

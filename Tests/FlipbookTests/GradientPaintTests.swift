import Flipbook
import Foundation
import Pixels
import SceneFormat
import XCTest

/// Angular gradients, gradients as views and moving gradients against colours computed here.
final class GradientPaintTests: XCTestCase {
    func frame(_ root: String, width: Int = 100, height: Int = 100, at t: Double = 0, state: String = "{}",
               script: String = "[]") throws -> PixelImage {
        let json = #"{"canvas": {"width": \#(width), "height": \#(height), "scale": 1, "background": "white"}, "duration": 1, "state": \#(state), "root": \#(root), "script": \#(script)}"#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: t)
    }

    /// Red to blue at `f` (0...1), as 8-bit red and blue.
    func redToBlue(_ f: Double) -> (Double, Double) { (255 * (1 - f), 255 * f) }

    /// The angle of pixel (x, y)'s centre around (cx, cy): 0 to the trailing side, clockwise on screen, in
    /// degrees 0..<360.
    func degrees(_ x: Int, _ y: Int, _ cx: Double = 50, _ cy: Double = 50) -> Double {
        var a = atan2(Double(y) + 0.5 - cy, Double(x) + 0.5 - cx) * 180 / .pi
        if a < 0 { a += 360 }
        return a
    }

    func assertRedBlue(_ image: PixelImage, _ x: Int, _ y: Int, _ f: Double, tolerance: Double = 1.5,
                       file: StaticString = #filePath, line: UInt = #line) {
        let (r, b) = redToBlue(f)
        XCTAssertEqual(Double(image[x, y].r), r, accuracy: tolerance, "(\(x), \(y)) f \(f)", file: file, line: line)
        XCTAssertEqual(Double(image[x, y].b), b, accuracy: tolerance, "(\(x), \(y)) f \(f)", file: file, line: line)
    }

    let points = [(80, 50), (70, 80), (50, 90), (22, 70), (15, 45), (30, 15), (50, 8), (85, 30), (62, 55), (45, 60)]

    /// A full turn (the default angles): location = angle / 360, red at 3 o'clock turning clockwise to blue.
    func testFullTurn() throws {
        let image = try frame(#"{"shape": "rectangle", "fill": {"angularGradient": {"colors": ["rgb(1, 0, 0)", "rgb(0, 0, 1)"], "colorSpace": "device"}}}"#)
        for (x, y) in points { assertRedBlue(image, x, y, degrees(x, y) / 360) }
        // A quarter turn clockwise from 3 o'clock is 6 o'clock (below the centre on screen).
        assertRedBlue(image, 50, 90, 0.25, tolerance: 4)
    }

    /// startAngle 90, endAngle 270: half a turn from 6 o'clock through 9 to 12; the missing half is blue
    /// (location 1) for its first half (12 to 3 o'clock) and red (location 0) for its second (3 to 6).
    func testPartialSpanFillsTheGap() throws {
        let image = try frame(#"{"shape": "rectangle", "fill": {"angularGradient": {"colors": ["rgb(1, 0, 0)", "rgb(0, 0, 1)"], "colorSpace": "device", "startAngle": 90, "endAngle": 270}}}"#)
        for (x, y) in points {
            let a = degrees(x, y)
            let f: Double
            if a >= 90 && a <= 270 { f = (a - 90) / 180 } else if a > 270 { f = 1 } else { f = 0 }
            assertRedBlue(image, x, y, f)
        }
    }

    /// More than a turn draws only the last full turn: 0 to 450 is 90 to 450.
    func testMoreThanATurnDrawsTheLastTurn() throws {
        let image = try frame(#"{"shape": "rectangle", "fill": {"angularGradient": {"colors": ["rgb(1, 0, 0)", "rgb(0, 0, 1)"], "colorSpace": "device", "startAngle": 0, "endAngle": 450, "center": [0.4, 0.5]}}}"#)
        for (x, y) in points {
            var a = degrees(x, y, 40, 50) - 90
            if a < 0 { a += 360 }
            assertRedBlue(image, x, y, a / 360)
        }
    }

    /// A gradient as a view fills its frame: in a vstack under a 20-point spacer it takes the rest, and
    /// its colours run from red at the leading edge to blue at the trailing one.
    func testGradientViewFillsItsFrame() throws {
        let image = try frame(#"{"vstack": [{"spacer": {}, "frame": {"height": 20}}, {"linearGradient": {"colors": ["rgb(1, 0, 0)", "rgb(0, 0, 1)"], "colorSpace": "device", "startPoint": "leading", "endPoint": "trailing"}}], "spacing": 0}"#, height: 60)
        XCTAssertEqual(image[50, 10], RGBA8(r: 255, g: 255, b: 255))
        for x in stride(from: 0, to: 100, by: 9) {
            for y in [21, 40, 59] { assertRedBlue(image, x, y, (Double(x) + 0.5) / 100) }
        }
    }

    /// Points and locations from expressions animate: halfway through a linear change of `p` from 0 to
    /// 0.5 the gradient runs from x = 25 to x = 75 points; a stop location going 0.2 -> 0.8 is at 0.5.
    func testMovingPointsAndLocationsAnimate() throws {
        let script = #"[{"at": 0, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"p": 0.5}}]}]}]"#
        let moving = try frame(#"{"linearGradient": {"colors": ["rgb(1, 0, 0)", "rgb(0, 0, 1)"], "colorSpace": "device", "startPoint": ["p", 0.5], "endPoint": ["p + 0.5", 0.5]}}"#,
                               at: 0.5, state: #"{"p": 0}"#, script: script)
        for x in stride(from: 0, to: 100, by: 7) { assertRedBlue(moving, x, 50, min(1, max(0, (Double(x) + 0.5 - 25) / 50))) }
        let stops = try frame(#"{"linearGradient": {"stops": [{"color": "rgb(1, 0, 0)", "location": 0}, {"color": "rgb(0, 0, 1)", "location": "p > 0.25 ? 0.8 : 0.2"}], "colorSpace": "device", "startPoint": "leading", "endPoint": "trailing"}}"#,
                              at: 0.5, state: #"{"p": 0}"#, script: script)
        for x in stride(from: 0, to: 100, by: 7) { assertRedBlue(stops, x, 50, min(1, (Double(x) + 0.5) / 50)) }
    }

    func testBadAngularGradients() throws {
        for bad in [#"{"angularGradient": {"colors": ["red"], "angle": 10, "startAngle": 0}}"#,
                    #"{"angularGradient": {"colors": ["red"], "radius": 3}}"#, #"{"angularGradient": {"startAngle": 3}}"#,
                    #"{"linearGradient": {"colors": ["red"], "startPoint": ["x +", 0], "endPoint": "top"}}"#] {
            XCTAssertThrowsError(try frame(bad), bad)
        }
    }
}

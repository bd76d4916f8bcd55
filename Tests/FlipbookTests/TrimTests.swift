import Flipbook
import Foundation
import Pixels
import SceneFormat
import XCTest

/// `trim` on shapes, drawn: where the trimmed stroke is, against the circle's parametrisation.
final class TrimTests: XCTestCase {
    let red = RGBA8(r: 255, g: 0, b: 0)
    let white = RGBA8(r: 255, g: 255, b: 255)

    func frame(_ root: String, state: String = "{}", script: String = "[]", at t: Double = 0) throws -> PixelImage {
        let json = #"{"canvas": {"width": 100, "height": 100, "scale": 1, "background": "white"}, "duration": 2, "state": \#(state), "root": \#(root), "script": \#(script)}"#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: t)
    }

    /// The pixel on a ring of radius 40 about (50, 50) at `degrees` clockwise on screen from 3 o'clock.
    func ring(_ image: PixelImage, _ degrees: Double) -> RGBA8 {
        let a = degrees * .pi / 180
        return image[Int(50 + 40 * cos(a)), Int(50 + 40 * sin(a))]
    }

    let circle = #""shape": "circle", "frame": {"width": 80, "height": 80}, "stroke": {"color": "rgb(1, 0, 0)", "lineWidth": 6}"#

    /// `Circle().trim(from: 0, to: 0.25)` is the quarter from 3 o'clock clockwise to 6 o'clock.
    func testQuarterRing() throws {
        let image = try frame(#"{\#(circle), "trim": {"to": 0.25}}"#)
        for degrees in [5.0, 45, 85] { XCTAssertEqual(ring(image, degrees), red, "\(degrees)°") }
        for degrees in [-5.0, 95, 180, 270] { XCTAssertEqual(ring(image, degrees), white, "\(degrees)°") }
    }

    /// An animated trim: `to` 0 -> 1 linearly over 1 s; at 0.5 s the stroke reaches 180°.
    func testAnimatedTrim() throws {
        let script = #"[{"at": 0, "do": [{"set": {"p": 1}, "animation": ".linear(duration: 1)"}]}]"#
        let image = try frame(#"{\#(circle), "trim": {"from": 0, "to": "p"}}"#, state: #"{"p": 0}"#, script: script, at: 0.5)
        for degrees in [10.0, 90, 170] { XCTAssertEqual(ring(image, degrees), red, "\(degrees)°") }
        for degrees in [190.0, 270, 350] { XCTAssertEqual(ring(image, degrees), white, "\(degrees)°") }
    }

    /// `Rectangle().trim(from: 0, to: 0.5).fill()`: the path runs top-left, top-right, bottom-right and
    /// is closed by the fill: the triangle above the diagonal.
    func testTrimmedRectangleFillIsATriangle() throws {
        let image = try frame(#"{"shape": "rectangle", "fill": "rgb(1, 0, 0)", "trim": {"to": 0.5}}"#)
        XCTAssertEqual(image[90, 10], red)
        XCTAssertEqual(image[10, 90], white)
    }

    func testBadTrim() throws {
        for bad in [#"{"shape": "circle", "trim": {}}"#, #"{"shape": "circle", "trim": {"form": 0}}"#, #"{"text": "a", "trim": {"to": 1}}"#] {
            let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": \#(bad)}"#
            XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8)), bad)
        }
    }
}

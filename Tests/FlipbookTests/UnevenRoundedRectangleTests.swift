import Flipbook
import Foundation
import Pixels
import SceneFormat
import XCTest

/// `unevenRoundedRectangle` pixels against the circle of each corner, computed here.
final class UnevenRoundedRectangleTests: XCTestCase {
    func player(_ root: String, state: String = "{}", script: String = "[]") throws -> Player {
        let json = #"{"canvas": {"width": 120, "height": 100, "scale": 1, "background": "white"}, "duration": 1, "state": \#(state), "root": \#(root), "script": \#(script)}"#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    /// For a 100 x 80 black shape centred at (10, 10): in the corner squares, pixels whose centres are
    /// over a pixel inside the corner's circle are black, over a pixel outside are white; corners of
    /// radius 0 are square.
    func assertCorners(_ image: PixelImage, _ r: (tl: Double, bl: Double, br: Double, tr: Double),
                       file: StaticString = #filePath, line: UInt = #line) {
        let corners: [(Double, Double, Double, Double, Double)] = [   // radius, centre, corner point
            (r.tl, 10 + r.tl, 10 + r.tl, 10, 10), (r.bl, 10 + r.bl, 90 - r.bl, 10, 90),
            (r.br, 110 - r.br, 90 - r.br, 110, 90), (r.tr, 110 - r.tr, 10 + r.tr, 110, 10)]
        for (radius, cx, cy, px, py) in corners {
            let x0 = Int(min(px, cx)), x1 = Int(max(px, cx)), y0 = Int(min(py, cy)), y1 = Int(max(py, cy))
            if radius == 0 {
                XCTAssertLessThan(image[Int(px) - (px > 50 ? 1 : 0), Int(py) - (py > 50 ? 1 : 0)].g, 10, file: file, line: line)
                continue
            }
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let d = ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()
                    if d < radius - 1 { XCTAssertLessThan(image[x, y].g, 10, "(\(x), \(y))", file: file, line: line) }
                    if d > radius + 1 { XCTAssertGreaterThan(image[x, y].g, 245, "(\(x), \(y))", file: file, line: line) }
                }
            }
        }
    }

    func testCornersFollowTheirRadii() throws {
        let root = #"{"shape": "unevenRoundedRectangle", "topLeadingRadius": 30, "bottomTrailingRadius": 12, "topTrailingRadius": 6, "fill": "black", "frame": {"width": 100, "height": 80}}"#
        assertCorners(try player(root).frame(at: 0), (30, 0, 12, 6))
    }

    /// The radii animate: halfway through a linear change from 0 to 40 and 20 to 0 they are 20 and 10.
    func testRadiiAnimate() throws {
        let root = #"{"shape": "unevenRoundedRectangle", "topLeadingRadius": "big ? 40 : 0", "bottomLeadingRadius": "big ? 0 : 20", "fill": "black", "frame": {"width": 100, "height": 80}}"#
        let script = #"[{"at": 0, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"big": true}}]}]}]"#
        assertCorners(try player(root, state: #"{"big": false}"#, script: script).frame(at: 0.5), (20, 10, 0, 0))
    }

    /// As a clip shape it cuts the view's corners the same way.
    func testClipShape() throws {
        let root = #"{"shape": "rectangle", "fill": "black", "frame": {"width": 100, "height": 80}, "clipShape": {"shape": "unevenRoundedRectangle", "topLeadingRadius": 30, "bottomTrailingRadius": 12, "topTrailingRadius": 6}}"#
        assertCorners(try player(root).frame(at: 0), (30, 0, 12, 6))
    }

    func testBadKeys() throws {
        for bad in [#"{"shape": "unevenRoundedRectangle", "cornerRadius": 4}"#, #"{"shape": "rectangle", "topLeadingRadius": 4}"#,
                    #"{"shape": "unevenRoundedRectangle", "topLeadingRadius": "x"}"#,
                    #"{"shape": "circle", "clipShape": {"shape": "circle", "topLeadingRadius": 3}}"#,
                    #"{"shape": "circle", "clipShape": {"shape": "unevenRoundedRectangle", "cornerRadius": 3}}"#] {
            XCTAssertThrowsError(try player(bad), bad)
        }
    }
}

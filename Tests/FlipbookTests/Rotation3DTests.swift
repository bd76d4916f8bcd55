import DisplayList
@testable import Raster
import Flipbook
import Foundation
import Pixels
import SceneFormat
import XCTest

/// `rotation3D` (SwiftUI `.rotation3DEffect`) against the projection computed here from its closed form:
/// a point v of the view (z = 0), relative to the anchor a = (ax, ay, anchorZ), is turned by Rodrigues'
/// formula about the unit axis k, v' = v cos θ + (k × v) sin θ + k (k · v)(1 − cos θ), and seen from an
/// eye d = max(width, height) / perspective in front of the anchor (which is anchorZ in front of the
/// view): (ax, ay) + v'.xy / (1 − v'.z / d).
final class Rotation3DTests: XCTestCase {
    func scene(_ root: String, size: Int = 200) -> String {
        #"{"canvas": {"width": \#(size), "height": \#(size), "scale": 1, "background": "white"}, "duration": 1, "root": \#(root)}"#
    }

    func frame(_ root: String, size: Int = 200) throws -> PixelImage {
        try Player(scene: SceneDecoder.decode(Array(scene(root, size: size).utf8))).frame(at: 0)
    }

    /// The closed form above for a view with top-left `origin` and `size`; nil behind the eye.
    func project(_ p: (Double, Double), origin: (Double, Double), size: (Double, Double), degrees: Double,
                 axis: (Double, Double, Double), anchor: (Double, Double), anchorZ: Double = 0,
                 perspective: Double = 1) -> (Double, Double)? {
        let n = (axis.0 * axis.0 + axis.1 * axis.1 + axis.2 * axis.2).squareRoot()
        let k = (axis.0 / n, axis.1 / n, axis.2 / n)
        let a = (anchor.0 * size.0, anchor.1 * size.1, anchorZ)
        let v = (p.0 - origin.0 - a.0, p.1 - origin.1 - a.1, -a.2)
        let th = degrees * .pi / 180, c = cos(th), s = sin(th)
        let cross = (k.1 * v.2 - k.2 * v.1, k.2 * v.0 - k.0 * v.2, k.0 * v.1 - k.1 * v.0)
        let dot = k.0 * v.0 + k.1 * v.1 + k.2 * v.2
        let r = (v.0 * c + cross.0 * s + k.0 * dot * (1 - c), v.1 * c + cross.1 * s + k.1 * dot * (1 - c),
                 v.2 * c + cross.2 * s + k.2 * dot * (1 - c))
        let d = max(size.0, size.1) / perspective
        let w = 1 - r.2 / d
        guard w > 0 else { return nil }
        return (origin.0 + a.0 + r.0 / w, origin.1 + a.1 + r.1 / w)
    }

    /// Along each edge of the projected quad, 2 px inside is the rectangle's black and 2 px outside is
    /// white: the projected corners are where the formula puts them, to within a pixel or so.
    func assertQuad(_ image: PixelImage, _ corners: [(Double, Double)], file: StaticString = #filePath, line: UInt = #line) {
        let cx = corners.map(\.0).reduce(0, +) / 4, cy = corners.map(\.1).reduce(0, +) / 4
        for i in 0..<4 {
            let p = corners[i], q = corners[(i + 1) % 4]
            let len = ((q.0 - p.0) * (q.0 - p.0) + (q.1 - p.1) * (q.1 - p.1)).squareRoot()
            var nx = -(q.1 - p.1) / len, ny = (q.0 - p.0) / len
            // The normal pointing away from the centre.
            if nx * ((p.0 + q.0) / 2 - cx) + ny * ((p.1 + q.1) / 2 - cy) < 0 { nx = -nx; ny = -ny }
            for f in stride(from: 0.15, through: 0.85, by: 0.1) {
                let x = p.0 + (q.0 - p.0) * f, y = p.1 + (q.1 - p.1) * f
                let inside = image[Int(x - 2 * nx), Int(y - 2 * ny)], outside = image[Int(x + 2 * nx), Int(y + 2 * ny)]
                XCTAssertLessThan(inside.g, 60, "inside edge \(i) at \(f)", file: file, line: line)
                XCTAssertGreaterThan(outside.g, 195, "outside edge \(i) at \(f)", file: file, line: line)
            }
        }
    }

    /// A 100 x 60 black rectangle centred in 200 x 200 (origin 50, 70), turned 50° about y, about the
    /// centre with the default perspective 1: its corners match the closed form.
    func testProjectedCornersAboutY() throws {
        let image = try frame(#"{"shape": "rectangle", "fill": "black", "frame": {"width": 100, "height": 60}, "rotation3D": {"angle": 50, "axis": [0, 1, 0]}}"#)
        let corners = [(50.0, 70.0), (150, 70), (150, 130), (50, 130)].compactMap {
            project($0, origin: (50, 70), size: (100, 60), degrees: 50, axis: (0, 1, 0), anchor: (0.5, 0.5))
        }
        XCTAssertEqual(corners.count, 4)
        // The trailing edge goes away from the viewer (shorter), as Apple's documented example shows.
        XCTAssertLessThan(corners[2].1 - corners[1].1, corners[3].1 - corners[0].1)
        assertQuad(image, corners)
    }

    /// A skewed axis, an anchor at the top leading corner, anchorZ and perspective 2 (260 x 260 canvas,
    /// origin 80, 100).
    func testProjectedCornersSkewedAxisAnchorPerspective() throws {
        let image = try frame(#"{"shape": "rectangle", "fill": "black", "frame": {"width": 100, "height": 60}, "rotation3D": {"angle": -35, "axis": [1, 0.5, 0.2], "anchor": "topLeading", "anchorZ": 10, "perspective": 2}}"#, size: 260)
        let corners = [(80.0, 100.0), (180, 100), (180, 160), (80, 160)].compactMap {
            project($0, origin: (80, 100), size: (100, 60), degrees: -35, axis: (1, 0.5, 0.2), anchor: (0, 0),
                    anchorZ: 10, perspective: 2)
        }
        XCTAssertEqual(corners.count, 4)
        XCTAssertTrue(corners.allSatisfy { $0.0 > 4 && $0.0 < 256 && $0.1 > 4 && $0.1 < 256 })
        assertQuad(image, corners)
    }

    /// Turned 180° about y the back face shows, mirrored (no culling): red on the left becomes red on
    /// the right.
    func testBackFaceIsMirrored() throws {
        let root = #"{"hstack": [{"shape": "rectangle", "fill": "rgb(1, 0, 0)"}, {"shape": "rectangle", "fill": "rgb(0, 0, 1)"}], "spacing": 0, "frame": {"width": 100, "height": 60}, "rotation3D": {"angle": 180, "axis": [0, 1, 0]}}"#
        let image = try frame(root)
        XCTAssertEqual(image[140, 100], RGBA8(r: 255, g: 0, b: 0))
        XCTAssertEqual(image[60, 100], RGBA8(r: 0, g: 0, b: 255))
    }

    /// Angle 0 is no effect, pixel for pixel (text, rounded corners and all).
    func testAngleZeroIsNoEffect() throws {
        let view = #"{"zstack": [{"shape": "roundedRectangle", "cornerRadius": 14, "fill": "blue"}, {"text": "Card", "font": {"size": 20}, "foregroundColor": "white"}], "frame": {"width": 120, "height": 80}"#
        let plain = try frame(view + "}")
        let turned = try frame(view + #", "rotation3D": {"angle": 0, "axis": [0, 1, 0]}}"#)
        XCTAssertEqual(plain, turned)
    }

    /// The text under a 3D rotation keeps its layout: the display list holds the same text item, and its
    /// pixels are projected, not re-wrapped (one line of ink, narrower, never taller than the frame).
    func testTextKeepsItsLayout() throws {
        let text = #"{"text": "Hello world", "font": {"size": 24}, "foregroundColor": "black", "frame": {"width": 180, "height": 40}"#
        func texts(_ root: String) throws -> [TextItem] {
            let list = try Player(scene: SceneDecoder.decode(Array(scene(root).utf8))).displayList(at: 0)
            var found: [TextItem] = []
            func walk(_ items: [DisplayItem]) {
                for item in items {
                    if case .text(let t) = item { found.append(t) }
                    if case .group(let g) = item { walk(g.children) }
                }
            }
            walk(list.items)
            return found
        }
        let turned = text + #", "rotation3D": {"angle": 70, "axis": [0, 1, 0]}}"#
        XCTAssertEqual(try texts(text + "}"), try texts(turned))
        let image = try frame(turned)
        var minY = 200, maxY = 0, minX = 200, maxX = 0
        for y in 0..<200 { for x in 0..<200 where image[x, y].g < 128 { minY = min(minY, y); maxY = max(maxY, y); minX = min(minX, x); maxX = max(maxX, x) } }
        XCTAssertLessThan(maxY - minY, 40)           // one line
        XCTAssertLessThan(maxX - minX, 100)          // foreshortened: cos 70° of about 140
        XCTAssertGreaterThan(maxX - minX, 20)
    }

    /// The angle is an attribute: animated, the frame halfway through a linear turn shows the halfway
    /// angle's projection.
    func testAnimatedAngle() throws {
        let json = #"{"canvas": {"width": 200, "height": 200, "scale": 1, "background": "white"}, "duration": 1, "state": {"a": 0}, "root": {"shape": "rectangle", "fill": "black", "frame": {"width": 100, "height": 60}, "rotation3D": {"angle": "a", "axis": [0, 1, 0]}}, "script": [{"at": 0, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"a": 80}}]}]}]}"#
        let image = try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0.5)
        let corners = [(50.0, 70.0), (150, 70), (150, 130), (50, 130)].compactMap {
            project($0, origin: (50, 70), size: (100, 60), degrees: 40, axis: (0, 1, 0), anchor: (0.5, 0.5))
        }
        assertQuad(image, corners)
        // `render inspect` reports the in-between values.
        var withID = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
        var root = withID["root"] as? [String: Any] ?? [:]
        root["id"] = "card"
        withID["root"] = root
        let player = try Player(scene: SceneDecoder.decode(Array(try JSONSerialization.data(withJSONObject: withID))))
        let view = try XCTUnwrap(player.views(at: 0.5).first { $0.id == "card" }?.view)
        XCTAssertEqual(view.rotation3D?[0] ?? 0, 40, accuracy: 1e-9)
        XCTAssertEqual(view.rotation3D?.dropFirst().map { $0 }, [0, 1, 0, 0, 1])
    }

    /// Points behind the eye are not drawn: anchored at the leading edge with perspective 4 the eye is 25
    /// points away, so turned -120° the far part of the rectangle would pass behind it. What is drawn is
    /// the part in front, where the formula puts it, and the frame renders without error.
    func testBehindTheEyeIsNotDrawn() throws {
        let image = try frame(#"{"shape": "rectangle", "fill": "black", "frame": {"width": 100, "height": 60}, "rotation3D": {"angle": -120, "axis": [0, 1, 0], "anchor": "leading", "perspective": 4}}"#)
        // x = 55 (5 points from the anchor) is in front of the eye; its image is dark.
        let p = try XCTUnwrap(project((55, 100), origin: (50, 70), size: (100, 60), degrees: -120, axis: (0, 1, 0),
                                      anchor: (0, 0.5), perspective: 4))
        XCTAssertLessThan(image[Int(p.0), Int(p.1)].g, 60)
        // x = 130 is behind the eye.
        XCTAssertNil(project((130, 100), origin: (50, 70), size: (100, 60), degrees: -120, axis: (0, 1, 0),
                             anchor: (0, 0.5), perspective: 4))
    }

    /// In `modifiers` entries rotation3D applies in the written order: an entry is the key on a wrapper
    /// view, and an offset written after it moves the turned view.
    func testWrittenOrder() throws {
        let shape = #"{"shape": "rectangle", "fill": "black", "frame": {"width": 100, "height": 60}"#
        let turn = #"{"angle": 50, "axis": [0, 1, 0]}"#
        let entry = try frame(shape + #", "modifiers": [{"rotation3D": \#(turn)}]}"#)
        let nested = try frame(#"{"zstack": [\#(shape)}], "rotation3D": \#(turn)}"#)
        XCTAssertEqual(entry, nested)
        let after = try frame(shape + #", "modifiers": [{"rotation3D": \#(turn)}, {"offset": {"x": 20}}]}"#)
        let moved = [(50.0, 70.0), (150, 70), (150, 130), (50, 130)].compactMap {
            project($0, origin: (50, 70), size: (100, 60), degrees: 50, axis: (0, 1, 0), anchor: (0.5, 0.5))
        }.map { ($0.0 + 20, $0.1) }
        assertQuad(after, moved)
    }

    /// Seen nearly edge-on, fine stripes average to grey (n x n samples a pixel) instead of aliasing to
    /// black and white: 1-point black and white columns (2 px at scale 2) turned 80° about y.
    func testEdgeOnDetailIsAveraged() throws {
        let stripes = (0..<60).map { #"{"shape": "rectangle", "fill": "\#($0 % 2 == 0 ? "black" : "white")", "frame": {"width": 1}}"# }
        let root = #"{"hstack": [\#(stripes.joined(separator: ", "))], "spacing": 0, "frame": {"width": 60, "height": 60}, "rotation3D": {"angle": 80, "axis": [0, 1, 0]}}"#
        let json = #"{"canvas": {"width": 100, "height": 100, "scale": 2, "background": "white"}, "duration": 1, "root": \#(root)}"#
        let image = try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
        // The turned band spans x from about 92 to 106 px at y = 100 px; its inside is grey.
        for x in 94...104 {
            XCTAssertGreaterThan(image[x, 100].g, 50, "x \(x)")
            XCTAssertLessThan(image[x, 100].g, 205, "x \(x)")
        }
    }

    /// A turned group partly off the canvas draws, inside the canvas, what it draws on a canvas large
    /// enough to hold it: the zstack (100 x 40, its content moved 40 to the right, so it reaches past the
    /// 64 x 48 canvas) turned 60° about y at its leading edge on 64 x 48 against 192 x 144, where it is
    /// centred (64, 48) further right and down, cropped there. Up to 2 levels are allowed for the
    /// floating-point rounding of the sample positions, which the move changes (none is seen here).
    func testTurnedGroupPartlyOffTheCanvas() throws {
        let root = #"{"zstack": [{"shape": "rectangle", "fill": "red", "frame": {"width": 100, "height": 40}}, {"shape": "circle", "fill": "blue", "frame": {"width": 30, "height": 30}, "offset": {"x": 25}}], "offset": {"x": 40}, "rotation3D": {"angle": 60, "axis": [0, 1, 0], "anchor": "leading"}}"#
        func render(_ width: Int, _ height: Int) throws -> PixelImage {
            let json = #"{"canvas": {"width": \#(width), "height": \#(height), "scale": 1, "background": "white"}, "duration": 1, "root": \#(root)}"#
            return try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
        }
        let small = try render(64, 48), large = try render(192, 144)
        var worst = 0
        for y in 0..<48 {
            for x in 0..<64 {
                let a = small[x, y], b = large[x + 64, y + 48]
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 2)
        // The blue disc, off the small canvas before the turn, is turned into it.
        XCTAssertTrue((0..<64).contains { x in (0..<48).contains { small[x, $0].b > 200 && small[x, $0].r < 60 } })
    }

    /// Projections count toward the frame's drawing budget: forty turned views as large as a 2000 x 2000 px
    /// frame (each clears and scans an image as large as the frame, and maps the thin band it turns into,
    /// nearly edge-on) stop with the budget's error naming a rotation3D, instead of taking seconds a frame.
    func testManyProjectionsAreOverTheBudget() throws {
        let view = #"{"shape": "rectangle", "fill": "black", "frame": {"width": 1000, "height": 1000}, "rotation3D": {"angle": 89.9, "axis": [0, 1, 0]}}"#
        let json = #"{"canvas": {"width": 1000, "height": 1000, "scale": 2}, "duration": 1, "root": {"zstack": [\#(Array(repeating: view, count: 40).joined(separator: ", "))]}}"#
        let start = Date()
        XCTAssertThrowsError(try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)) { error in
            XCTAssertTrue((error as? CoverageError)?.largest.contains("rotation3D") == true, "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    /// Bad rotation3D values are refused at load; rotation3DEffect answers with rotation3D.
    func testBadRotation3D() throws {
        for bad in [#""rotation3D": {"angle": 10}"#, #""rotation3D": {"angle": 10, "axis": [0, 1]}"#,
                    #""rotation3D": {"angle": 10, "axis": [0, 1, 0], "fov": 2}"#, #""rotation3D": 45"#] {
            XCTAssertThrowsError(try SceneDecoder.decode(Array(scene(#"{"shape": "circle", \#(bad)}"#).utf8)), bad)
        }
        XCTAssertThrowsError(try SceneDecoder.decode(Array(scene(#"{"shape": "circle", "rotation3DEffect": {"angle": 1}}"#).utf8))) {
            XCTAssertTrue("\($0)".contains("did you mean \"rotation3D\""), "\($0)")
        }
    }
}

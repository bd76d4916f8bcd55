import DisplayList
import Foundation
import Geometry
import Pixels
@testable import Raster
import XCTest

/// A flattened group (`.drawingGroup()`) is its children's bitmap, moved and resampled: turned a quarter
/// it is that bitmap's pixels permuted; turned 30 degrees it is the bitmap sampled bilinearly (computed
/// here from the unturned bitmap); it is drawn once while its children stay the same.
final class DrawingGroupRasterTests: XCTestCase {
    /// The group's rectangle: 40 x 40 points about the centre (32, 32) of a 64 x 64 canvas.
    let rect = Rect(x: 12, y: 12, width: 40, height: 40)
    let center = Point(32, 32)

    /// An asymmetric drawing: a red triangle, a blue stroked line and black text, all inside `rect`.
    func content(text: String = "Fg", triangle: Color = red) -> [DisplayItem] {
        let triangle = filled(Path { p in
            p.move(to: Point(14, 14))
            p.addLine(to: Point(44, 18))
            p.addLine(to: Point(20, 40))
            p.closeSubpath()
        }, triangle)
        let line = DisplayItem.shape(ShapeItem(path: Path { p in
            p.move(to: Point(16, 48))
            p.addLine(to: Point(50, 30))
        }, stroke: Stroke(paint: .color(blue), lineWidth: 3)))
        let label = DisplayItem.text(TextItem(runs: [TextRun(text: text, font: Font(family: "Inter", size: 14, weight: .bold),
                                                             color: .black)], origin: Point(28, 24)))
        return [triangle, line, label]
    }

    /// The content flattened, turned `degrees` about the canvas centre.
    func turned(_ degrees: Double, _ children: [DisplayItem]? = nil) -> DisplayItem {
        .group(GroupItem(transform: Transform.rotation(degrees * .pi / 180).about(center),
                         children: [.group(GroupItem(flattened: rect, children: children ?? content()))]))
    }

    func list(_ items: [DisplayItem], background: Color = .white) -> DisplayList {
        DisplayList(size: Size(64, 64), scale: 1, background: background, items: items)
    }

    /// Unturned, a drawing group draws what its children draw.
    func testUnturnedItIsItsChildren() throws {
        let flat = try Rasterizer().render(list([turned(0)]))
        let direct = try Rasterizer().render(list(content()))
        XCTAssertLessThanOrEqual(maxDifference(flat, direct), 1)
    }

    /// A quarter turn about a pixel corner sends pixel centres to pixel centres: the turned group is the
    /// unturned one's pixels, permuted (destination (X, Y) shows source (Y, 63 - X)), text included.
    func testAQuarterTurnPermutesTheBitmapsPixels() throws {
        let flat = try Rasterizer().render(list([turned(0)]))
        let quarter = try Rasterizer().render(list([turned(90)]))
        var worst = 0
        for y in 0..<64 {
            for x in 0..<64 {
                worst = max(worst, channelDifference(quarter[x, y], flat[y, 63 - x]))
            }
        }
        XCTAssertLessThanOrEqual(worst, 1)
        // Drawn as vectors at the angle instead, the text's glyphs are rendered turned and differ.
        let vectors = try Rasterizer().render(list([.group(GroupItem(transform: Transform.rotation(.pi / 2).about(center),
                                                                     children: content()))]))
        XCTAssertGreaterThan(maxDifference(vectors, quarter), 8)
    }

    /// Turned 30 degrees, each pixel is the unturned bitmap sampled bilinearly at its centre mapped back
    /// (clear outside the bitmap), composited over white: within pixman's 7-bit interpolation weights.
    func testAnyTurnSamplesTheBitmapBilinearly() throws {
        let bitmap = try Rasterizer().render(DisplayList(size: Size(64, 64), scale: 1, background: .clear,
                                                         items: [.group(GroupItem(flattened: rect, children: content()))]))
        let turnedImage = try Rasterizer().render(list([turned(30)]))
        let angle = -30 * Double.pi / 180
        /// Premultiplied RGBA (0...1) of the bitmap's pixel, clear outside the group's 40 x 40 pixels.
        func texel(_ x: Int, _ y: Int) -> [Double] {
            guard x >= 12, x < 52, y >= 12, y < 52 else { return [0, 0, 0, 0] }
            let p = bitmap[x, y]
            let a = Double(p.a) / 255
            return [Double(p.r) / 255 * a, Double(p.g) / 255 * a, Double(p.b) / 255 * a, a]
        }
        var worst = 0.0
        for y in 0..<64 {
            for x in 0..<64 {
                let dx = Double(x) + 0.5 - center.x, dy = Double(y) + 0.5 - center.y
                let u = center.x + dx * cos(angle) - dy * sin(angle) - 0.5
                let v = center.y + dx * sin(angle) + dy * cos(angle) - 0.5
                let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
                let fx = u - Double(x0), fy = v - Double(y0)
                var sample = [0.0, 0, 0, 0]
                for (sx, sy, w) in [(x0, y0, (1 - fx) * (1 - fy)), (x0 + 1, y0, fx * (1 - fy)),
                                    (x0, y0 + 1, (1 - fx) * fy), (x0 + 1, y0 + 1, fx * fy)] {
                    let t = texel(sx, sy)
                    for c in 0..<4 { sample[c] += w * t[c] }
                }
                let got = turnedImage[x, y]
                let expected = (0..<3).map { 255 * (sample[$0] + (1 - sample[3])) }
                worst = max(worst, abs(Double(got.r) - expected[0]), abs(Double(got.g) - expected[1]),
                            abs(Double(got.b) - expected[2]))
            }
        }
        XCTAssertLessThanOrEqual(worst, 3)
    }

    /// The bitmap is drawn once and reused while the children stay the same, at any angle; new children
    /// draw a new one.
    func testTheBitmapIsDrawnOnceWhileTheChildrenStayTheSame() throws {
        let rasterizer = Rasterizer()
        for degrees in stride(from: 0.0, to: 360, by: 7.5) { _ = try rasterizer.render(list([turned(degrees)])) }
        XCTAssertEqual(rasterizer.flattenedDrawings, 1)
        _ = try rasterizer.render(list([turned(10, content(triangle: blue))]))
        XCTAssertEqual(rasterizer.flattenedDrawings, 2)
        _ = try rasterizer.render(list([turned(20)]))
        XCTAssertEqual(rasterizer.flattenedDrawings, 2, "the first bitmap is still kept")
    }

    /// What lies outside the rectangle is cut off, as SwiftUI's offscreen image is the view's size.
    func testContentOutsideTheRectangleIsCutOff() throws {
        let circle = filled(.circle(in: Rect(x: 2, y: 2, width: 60, height: 60)), red)
        let image = try Rasterizer().render(list([.group(GroupItem(flattened: rect, children: [circle]))]))
        assertPixel(image[32, 32], 255, 0, 0, 255)
        assertPixel(image[8, 32], 255, 255, 255, 255, "left of the rectangle, inside the circle")
        assertPixel(image[32, 56], 255, 255, 255, 255, "below the rectangle, inside the circle")
    }

    /// A group too large for a bitmap (here 9000 x 9000 pixels) is drawn directly, still cut to its rectangle.
    func testAHugeGroupIsDrawnDirectly() throws {
        let huge = Rect(x: -4000, y: -4000, width: 9000, height: 9000)
        let rasterizer = Rasterizer()
        let circle = filled(.circle(in: Rect(x: 2, y: 2, width: 60, height: 60)), red)
        let corner = Rect(x: 0, y: 0, width: 8, height: 8)
        let image = try rasterizer.render(list([.group(GroupItem(flattened: huge, children: [circle])),
                                                .group(GroupItem(flattened: corner, children: [filled(.rect(corner), blue)]))]))
        XCTAssertEqual(rasterizer.flattenedDrawings, 1, "only the small group was flattened")
        assertPixel(image[32, 32], 255, 0, 0, 255)
        assertPixel(image[4, 4], 0, 0, 255, 255)
    }

    func channelDifference(_ a: RGBA8, _ b: RGBA8) -> Int {
        max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
    }

    func maxDifference(_ a: PixelImage, _ b: PixelImage) -> Int {
        var worst = 0
        for y in 0..<a.height { for x in 0..<a.width { worst = max(worst, channelDifference(a[x, y], b[x, y])) } }
        return worst
    }
}

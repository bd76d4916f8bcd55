import DisplayList
import Foundation
import Geometry
import Pixels
@testable import Raster
import XCTest

/// A flattened group (`.drawingGroup()`) is its children's bitmap, at the canvas scale or 2 if that is
/// higher, moved and resampled: unturned at scale 1 it is the 2x drawing averaged 2 x 2; turned a quarter
/// it is the unturned pixels permuted; turned 30 degrees it is the bitmap sampled bilinearly (computed here
/// from the bitmap); it is drawn once while its children stay the same.
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

    func list(_ items: [DisplayItem], background: Color = .white, scale: Double = 1) -> DisplayList {
        DisplayList(size: Size(64, 64), scale: scale, background: background, items: items)
    }

    /// Unturned at the bitmap's own scale (2), a drawing group draws what its children draw.
    func testUnturnedItIsItsChildren() throws {
        let flat = try Rasterizer().render(list([turned(0)], scale: 2))
        let direct = try Rasterizer().render(list(content(), scale: 2))
        XCTAssertLessThanOrEqual(maxDifference(flat, direct), 1)
    }

    /// At scale 1 the bitmap is still drawn at 2 (a Retina layer's contents): each pixel is the mean of the
    /// 2 x 2 bitmap pixels it covers, composited over white.
    func testAt1xTheBitmapIsDrawnAt2xAndAveraged() throws {
        let bitmap = try Rasterizer().render(list([.group(GroupItem(flattened: rect, children: content()))], background: .clear, scale: 2))
        let image = try Rasterizer().render(list([turned(0)]))
        var worst = 0.0
        for y in 0..<64 {
            for x in 0..<64 {
                var sum = [0.0, 0, 0, 0]
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let p = bitmap[2 * x + dx, 2 * y + dy]
                    let a = Double(p.a) / 255
                    sum[0] += Double(p.r) * a / 4
                    sum[1] += Double(p.g) * a / 4
                    sum[2] += Double(p.b) * a / 4
                    sum[3] += a / 4
                }
                let got = image[x, y]
                worst = max(worst, abs(Double(got.r) - (sum[0] + 255 * (1 - sum[3]))),
                            abs(Double(got.g) - (sum[1] + 255 * (1 - sum[3]))), abs(Double(got.b) - (sum[2] + 255 * (1 - sum[3]))))
            }
        }
        XCTAssertLessThanOrEqual(worst, 2)
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

    /// Turned 30 degrees, each pixel is the 2x bitmap sampled bilinearly at its centre mapped back (clear
    /// outside the bitmap), composited over white: within pixman's 7-bit interpolation weights.
    func testAnyTurnSamplesTheBitmapBilinearly() throws {
        let bitmap = try Rasterizer().render(list([.group(GroupItem(flattened: rect, children: content()))], background: .clear, scale: 2))
        let turnedImage = try Rasterizer().render(list([turned(30)]))
        let angle = -30 * Double.pi / 180
        /// Premultiplied RGBA (0...1) of the bitmap's pixel, clear outside the group's 80 x 80 pixels.
        func texel(_ x: Int, _ y: Int) -> [Double] {
            guard x >= 24, x < 104, y >= 24, y < 104 else { return [0, 0, 0, 0] }
            let p = bitmap[x, y]
            let a = Double(p.a) / 255
            return [Double(p.r) / 255 * a, Double(p.g) / 255 * a, Double(p.b) / 255 * a, a]
        }
        var worst = 0.0
        for y in 0..<64 {
            for x in 0..<64 {
                let dx = Double(x) + 0.5 - center.x, dy = Double(y) + 0.5 - center.y
                // The point in the bitmap's pixels (2 a point), from its pixel centres.
                let u = 2 * (center.x + dx * cos(angle) - dy * sin(angle)) - 0.5
                let v = 2 * (center.y + dx * sin(angle) + dy * cos(angle)) - 0.5
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

    /// A group far larger than the frame (9000 x 9000 points) gets a bitmap of the part that can show
    /// only; under a 1/200 scale, all of it shows, in a bitmap as dense as it shows; a drawing group inside
    /// another draws into the outer one's bitmap.
    func testLargeAndNestedGroupsHoldOneSmallBitmap() throws {
        let huge = Rect(x: -4000, y: -4000, width: 9000, height: 9000)
        let circle = filled(.circle(in: Rect(x: 2, y: 2, width: 60, height: 60)), red)
        let rasterizer = Rasterizer()
        let image = try rasterizer.render(list([.group(GroupItem(flattened: huge, children: [circle]))]))
        XCTAssertEqual(rasterizer.flattenedDrawings, 1)
        let kept = try XCTUnwrap(rasterizer.flattenedCache.first)
        XCTAssertLessThanOrEqual(kept.pixels, 512 * 512, "the part that can show, on a 256-pixel grid")
        assertPixel(image[32, 32], 255, 0, 0, 255)
        assertPixel(image[1, 32], 255, 255, 255, 255)

        let shrunk = Rasterizer()
        let far = DisplayItem.group(GroupItem(transform: Transform.scale(0.005, 0.005).about(center),
                                              children: [.group(GroupItem(flattened: huge, children: [filled(.rect(huge), blue)]))]))
        let small = try shrunk.render(list([far]))
        XCTAssertLessThanOrEqual(try XCTUnwrap(shrunk.flattenedCache.first).pixels, 160 * 160, "as dense as it shows (1/64 pixel a point)")
        assertPixel(small[32, 32], 0, 0, 255, 255)
        assertPixel(small[2, 2], 255, 255, 255, 255, "45 x 45 points about the centre")

        let nesting = Rasterizer()
        var nested = DisplayItem.group(GroupItem(flattened: rect, children: content()))
        for _ in 0..<6 { nested = .group(GroupItem(flattened: rect, children: [filled(.rect(rect), .white), nested])) }
        let once = try nesting.render(list([nested]))
        XCTAssertEqual(nesting.flattenedDrawings, 1, "one bitmap for all seven")
        XCTAssertLessThanOrEqual(maxDifference(once, try Rasterizer().render(list([turned(0)]))), 2)
    }

    /// A group shrunk by a scale effect gets a bitmap twice as dense as it shows (in powers of two), not
    /// one at the canvas scale: 2000 x 2000 points at 1/100 is a bitmap of about 63 x 63 pixels, not
    /// 4000 x 4000 (which took a second a frame under a blur, and a gigabyte under nested layers).
    func testAShrunkGroupGetsASmallBitmap() throws {
        XCTAssertEqual(Rasterizer.bitmapScale(2, deviceScale: 1), 2)
        XCTAssertEqual(Rasterizer.bitmapScale(3, deviceScale: 3), 3)
        XCTAssertEqual(Rasterizer.bitmapScale(2, deviceScale: 0.01), 1.0 / 32)
        XCTAssertEqual(Rasterizer.bitmapScale(2, deviceScale: 0.3), 1)
        XCTAssertEqual(Rasterizer.bitmapScale(2, deviceScale: 1e-9), 1.0 / 64)
        let big = Rect(x: -968, y: -968, width: 2000, height: 2000)
        let rasterizer = Rasterizer()
        let shrunk = DisplayItem.group(GroupItem(transform: Transform.scale(0.01, 0.01).about(center),
                                                 children: [.group(GroupItem(flattened: big, children: [filled(.circle(in: big), red)]))]))
        let image = try rasterizer.render(list([shrunk]))
        XCTAssertLessThanOrEqual(try XCTUnwrap(rasterizer.flattenedCache.first).pixels, 64 * 64)
        // The 20-point circle about the centre, drawn from its small bitmap.
        assertPixel(image[32, 32], 255, 0, 0, 255)
        assertPixel(image[32, 20], 255, 255, 255, 255)
    }

    /// The direct blit draws what Cairo's own composite (pixman's bilinear filter) draws, within rounding:
    /// at any angle and scale, inside a translucent group (a pushed group with a device offset), moved
    /// partly off the canvas, and under a clip (where Cairo draws it).
    func testTheBlitDrawsWhatCairoDraws() throws {
        func scene(_ degrees: Double, scale: Double, dx: Double) -> [DisplayItem] {
            let turnedAndMoved = DisplayItem.group(GroupItem(
                transform: Transform.rotation(degrees * .pi / 180).about(center).concatenating(.scale(scale, scale).about(center))
                    .concatenating(.translation(dx, 0)),
                children: [.group(GroupItem(flattened: rect, children: content()))]))
            return [turnedAndMoved,
                    .group(GroupItem(opacity: 0.6, children: [turnedAndMoved])),
                    .group(GroupItem(clip: .rect(Rect(x: 0, y: 0, width: 30, height: 64)), children: [turnedAndMoved]))]
        }
        var compared = 0
        for (degrees, scale, dx) in [(0.0, 1.0, 0.0), (30, 1, 0), (-117, 0.7, 9), (45, 1.6, -30), (200, 1, 25)] {
            for (index, item) in scene(degrees, scale: scale, dx: dx).enumerated() {
                for canvasScale in [1.0, 2] {
                    let blitted = Rasterizer(), drawn = Rasterizer()
                    drawn.forceCairoComposite = true
                    let mine = try blitted.render(list([item], scale: canvasScale))
                    let cairo = try drawn.render(list([item], scale: canvasScale))
                    // pixman's interpolation weights have 7 bits, the blit's 8.
                    XCTAssertLessThanOrEqual(maxDifference(mine, cairo), 3, "\(degrees)°, x\(scale), +\(dx), item \(index), scale \(canvasScale)")
                    compared += 1
                }
            }
        }
        XCTAssertEqual(compared, 30)
    }

    /// A row's span where steps are tiny (a turn a hair off a right angle) or huge, with the bounds far
    /// outside the row: clamped to the row, never converted out of range (that trapped).
    func testTheBlitsSpansHoldForAnyStep() {
        XCTAssertEqual(BilinearBlit.span(0.5, 1e-30, lower: -1, upper: 10, count: 100).map { [$0.0, $0.1] }, [0, 99])
        XCTAssertNil(BilinearBlit.span(20, 1e-30, lower: -1, upper: 10, count: 100))
        XCTAssertEqual(BilinearBlit.span(0.5, -1e-25, lower: -1, upper: 10, count: 100).map { [$0.0, $0.1] }, [0, 99])
        // -1 < -3e5 + 1e4 x < 10 at x = 30 only, widened by a pixel each side.
        XCTAssertEqual(BilinearBlit.span(-3e5, 1e4, lower: -1, upper: 10, count: 100).map { [$0.0, $0.1] }, [28, 32])
        XCTAssertNil(BilinearBlit.span(0, 1, lower: -1, upper: 10, count: 0))
        // A step past the blit's range draws nothing and says so.
        var word: UInt32 = 0xFFFF_0000, target = [UInt32](repeating: 0, count: 4)
        let drawn = target.withUnsafeMutableBytes { t in
            withUnsafeMutableBytes(of: &word) { w in
                BilinearBlit.draw(BilinearBlit.Bitmap(base: w.baseAddress!, width: 1, height: 1, stride: 4),
                                  over: BilinearBlit.Bitmap(base: t.baseAddress!, width: 2, height: 2, stride: 8),
                                  toSource: .scale(1e7, 1e7))
            }
        }
        XCTAssertFalse(drawn)
        // A drawing group shrunk to nothing is not drawn, blitted or under a clip (where Cairo would fail).
        for scale in [1e-8, 1e-5, 1e-3] {
            let tiny = DisplayItem.group(GroupItem(transform: Transform.scale(scale, scale).about(center), children: [turned(30)]))
            let clipped = DisplayItem.group(GroupItem(clip: .rect(Rect(x: 0, y: 0, width: 64, height: 64)), children: [tiny]))
            XCTAssertNoThrow(try Rasterizer().render(list([tiny, clipped])), "scale \(scale)")
        }
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

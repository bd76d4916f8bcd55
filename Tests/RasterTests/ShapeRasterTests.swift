import DisplayList
import Geometry
import Pixels
@testable import Raster
import XCTest

final class ShapeRasterTests: XCTestCase {
    func testFilledRectAtScaleOneCoversExactPixels() throws {
        let image = try renderItems([filled(.rect(Rect(x: 5, y: 5, width: 10, height: 10)), red)],
                                    width: 20, height: 20)
        XCTAssertEqual(image.width, 20)
        XCTAssertEqual(image.height, 20)
        for y in 0..<20 {
            for x in 0..<20 {
                let inside = (5..<15).contains(x) && (5..<15).contains(y)
                if inside { assertPixel(image[x, y], 255, 0, 0, 255, "at \(x),\(y)") }
                else { assertPixel(image[x, y], 255, 255, 255, 255, "at \(x),\(y)") }
            }
        }
    }

    func testFilledRectAtScaleTwoCoversDoubledPixels() throws {
        let image = try renderItems([filled(.rect(Rect(x: 5, y: 5, width: 10, height: 10)), red)],
                                    width: 20, height: 20, scale: 2)
        XCTAssertEqual(image.width, 40)
        XCTAssertEqual(image.height, 40)
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = (10..<30).contains(x) && (10..<30).contains(y)
                if inside { assertPixel(image[x, y], 255, 0, 0, 255, "at \(x),\(y)") }
                else { assertPixel(image[x, y], 255, 255, 255, 255, "at \(x),\(y)") }
            }
        }
    }

    func testHalfCoveredEdgePixelHasHalfAlpha() throws {
        let image = try renderItems([filled(.rect(Rect(x: 5.5, y: 0, width: 9.5, height: 20)), red)],
                                    width: 20, height: 20, background: .clear)
        assertPixel(image[5, 10], 255, 0, 0, 128, tolerance: 1)
        assertPixel(image[4, 10], 0, 0, 0, 0)
        assertPixel(image[6, 10], 255, 0, 0, 255)
    }

    func testCircleCoversPiRSquared() throws {
        let r = 20.0
        let image = try renderItems([filled(.circle(in: Rect(x: 30, y: 30, width: 2 * r, height: 2 * r)), .black)],
                                    width: 100, height: 100, background: .clear)
        XCTAssertEqual(coveredArea(image), Double.pi * r * r, accuracy: 0.01 * Double.pi * r * r)
    }

    func testQuadraticCurveEnclosesTwoThirdsOfItsTriangle() throws {
        // A parabola over a 100-wide chord, apex 50 above it: area 2/3 * 100 * 50 (Archimedes).
        let path = Path {
            $0.move(to: Point(0, 100))
            $0.addQuadCurve(to: Point(100, 100), control: Point(50, 0))
            $0.closeSubpath()
        }
        let image = try renderItems([filled(path, .black)], width: 100, height: 110, background: .clear)
        XCTAssertEqual(coveredArea(image), 2.0 / 3.0 * 100 * 50, accuracy: 0.005 * 3333)
    }

    func testStrokeWidthInPixels() throws {
        var line = Path()
        line.move(to: Point(10, 20))
        line.addLine(to: Point(90, 20))
        let item = DisplayItem.shape(ShapeItem(path: line, stroke: Stroke(paint: .color(.black), lineWidth: 6)))
        for scale in [1.0, 2.0] {
            let image = try renderItems([item], width: 100, height: 40, scale: scale, background: .clear)
            let column = Int(50 * scale)
            let opaque = (0..<image.height).filter { image[column, $0].a == 255 }
            XCTAssertEqual(opaque.count, Int(6 * scale), "scale \(scale)")
            XCTAssertEqual(opaque.first, Int(17 * scale), "scale \(scale)")
            XCTAssertTrue((0..<image.height).allSatisfy { image[column, $0].a == 0 || image[column, $0].a == 255 })
            // Butt caps: nothing before x = 10.
            XCTAssertEqual(image[Int(9 * scale), Int(20 * scale)].a, 0)
        }
    }

    func testDashLeavesGaps() throws {
        var line = Path()
        line.move(to: Point(0, 10))
        line.addLine(to: Point(100, 10))
        let stroke = Stroke(paint: .color(.black), lineWidth: 4, dash: [10, 10])
        let image = try renderItems([.shape(ShapeItem(path: line, stroke: stroke))], width: 100, height: 20,
                                    background: .clear)
        for x in [2, 8, 22, 28, 45] { XCTAssertEqual(image[x, 10].a, 255, "on at \(x)") }
        for x in [12, 18, 32, 38, 55] { XCTAssertEqual(image[x, 10].a, 0, "off at \(x)") }
    }

    func testInvalidDashDrawsSolid() throws {
        var line = Path()
        line.move(to: Point(0, 10))
        line.addLine(to: Point(100, 10))
        let stroke = Stroke(paint: .color(.black), lineWidth: 4, dash: [-1, 5])
        let image = try renderItems([.shape(ShapeItem(path: line, stroke: stroke))], width: 100, height: 20,
                                    background: .clear)
        XCTAssertTrue((0..<100).allSatisfy { image[$0, 10].a == 255 })
    }

    func testFillIsDrawnBeforeStroke() throws {
        let shape = ShapeItem(path: .rect(Rect(x: 10, y: 10, width: 20, height: 20)),
                              fill: Fill(paint: .color(red)),
                              stroke: Stroke(paint: .color(blue), lineWidth: 4))
        let image = try renderItems([.shape(shape)], width: 40, height: 40)
        assertPixel(image[20, 20], 255, 0, 0, 255)
        // On the edge the stroke covers the fill.
        assertPixel(image[11, 20], 0, 0, 255, 255)
        assertPixel(image[9, 20], 0, 0, 255, 255)
    }

    func testEvenOddFillOfNestedRectsLeavesAHole() throws {
        var path = Path.rect(Rect(x: 0, y: 0, width: 20, height: 20))
        path.addRect(Rect(x: 5, y: 5, width: 10, height: 10))
        let evenOdd = try renderItems([filled(path, .black, rule: .evenOdd)], width: 20, height: 20)
        let nonZero = try renderItems([filled(path, .black, rule: .nonZero)], width: 20, height: 20)
        assertPixel(evenOdd[10, 10], 255, 255, 255, 255)
        assertPixel(evenOdd[2, 2], 0, 0, 0, 255)
        // Both rectangles wind the same way, so non-zero fills the middle.
        assertPixel(nonZero[10, 10], 0, 0, 0, 255)
    }

    func testLinearGradientMidpointColour() throws {
        let gradient = LinearGradient(start: Point(0, 0), end: Point(100, 0),
                                      stops: [GradientStop(location: 0, color: red),
                                              GradientStop(location: 1, color: blue)])
        let item = DisplayItem.shape(ShapeItem(path: .rect(Rect(x: 0, y: 0, width: 100, height: 10)),
                                               fill: Fill(paint: .linearGradient(gradient))))
        let image = try renderItems([item], width: 100, height: 10)
        // Pixel 49's centre is at x = 49.5: t = 0.495.
        assertPixel(image[49, 5], Int((255 * 0.505).rounded()), 0, Int((255 * 0.495).rounded()), 255,
                    tolerance: 1)
        assertPixel(image[0, 5], 254, 0, 1, 255, tolerance: 1)
        assertPixel(image[99, 5], 1, 0, 254, 255, tolerance: 1)
    }

    func testRadialGradientGoesFromCentreToEndRadius() throws {
        let gradient = RadialGradient(center: Point(50, 50), startRadius: 0, endRadius: 40,
                                      stops: [GradientStop(location: 0, color: .white),
                                              GradientStop(location: 1, color: .black)])
        let item = DisplayItem.shape(ShapeItem(path: .rect(Rect(x: 0, y: 0, width: 100, height: 100)),
                                               fill: Fill(paint: .radialGradient(gradient))))
        let image = try renderItems([item], width: 100, height: 100)
        // Pixel (69, 49) has its centre at distance 20 from (50, 50) horizontally (+ 0.5 vertically).
        let distance = ((69.5 - 50) * (69.5 - 50) + 0.25).squareRoot()
        let level = Int((255 * (1 - distance / 40)).rounded())
        assertPixel(image[69, 49], level, level, level, 255, tolerance: 1)
        // Beyond the end radius the last stop pads.
        assertPixel(image[95, 95], 0, 0, 0, 255)
    }

    func testTransparentBackgroundStaysTransparent() throws {
        let image = try renderItems([filled(.rect(Rect(x: 2, y: 2, width: 3, height: 3)), red)],
                                    width: 10, height: 10, background: .clear)
        for y in 0..<10 {
            for x in 0..<10 where !((2..<5).contains(x) && (2..<5).contains(y)) {
                assertPixel(image[x, y], 0, 0, 0, 0, "at \(x),\(y)")
            }
        }
        assertPixel(image[3, 3], 255, 0, 0, 255)
    }

    func testHalfTransparentBackgroundKeepsItsColour() throws {
        let image = try renderItems([], width: 4, height: 4, background: Color(red: 0, green: 1, blue: 0, alpha: 0.5))
        assertPixel(image[1, 1], 0, 255, 0, 128, tolerance: 1)
    }

    func testUnusableFrameSizesThrow() {
        let rasterizer = Rasterizer()
        for (size, scale) in [(Size(0, 10), 1.0), (Size(10, 10), 0), (Size(.nan, 10), 1),
                              (Size(40_000, 10), 1), (Size(10, 10), -1)] {
            XCTAssertThrowsError(try rasterizer.render(DisplayList(size: size, scale: scale, background: .white,
                                                                   items: [])),
                                 "\(size) at \(scale)") { XCTAssertTrue($0 is RasterError) }
        }
    }

    func testSameListTwiceGivesIdenticalBytes() throws {
        let list = sampleList()
        let rasterizer = Rasterizer()
        let first = try rasterizer.render(list)
        let second = try rasterizer.render(list)
        let fresh = try Rasterizer().render(list)
        XCTAssertEqual(first.pixels, second.pixels)
        XCTAssertEqual(first.pixels, fresh.pixels)
        // The frame is not trivially blank.
        XCTAssertGreaterThan(Set(stride(from: 0, to: first.pixels.count, by: 4).map { first.pixels[$0] }).count, 10)
    }

    func testImageIsDrawnScaledIntoItsRect() throws {
        var bitmap = PixelImage(width: 2, height: 1)
        bitmap[0, 0] = RGBA8(r: 255, g: 0, b: 0)
        bitmap[1, 0] = RGBA8(r: 0, g: 0, b: 255, a: 128)
        let exact = try renderItems([.image(ImageItem(image: bitmap, rect: Rect(x: 1, y: 1, width: 2, height: 1)))],
                                    width: 4, height: 3, background: .clear)
        assertPixel(exact[1, 1], 255, 0, 0, 255)
        assertPixel(exact[2, 1], 0, 0, 255, 128)
        assertPixel(exact[0, 1], 0, 0, 0, 0)
        assertPixel(exact[3, 1], 0, 0, 0, 0)

        let single = PixelImage(width: 1, height: 1, fill: RGBA8(r: 10, g: 200, b: 30))
        let scaled = try renderItems([.image(ImageItem(image: single, rect: Rect(x: 0, y: 0, width: 10, height: 10)))],
                                     width: 12, height: 12, background: .clear)
        for y in 0..<10 { for x in 0..<10 { assertPixel(scaled[x, y], 10, 200, 30, 255, "at \(x),\(y)") } }
        assertPixel(scaled[10, 5], 0, 0, 0, 0)
    }
}

/// A frame with shapes, a gradient, a group and text, used for determinism and the sample PNG.
func sampleList() -> DisplayList {
    let gradient = LinearGradient(start: Point(0, 0), end: Point(160, 0),
                                  stops: [GradientStop(location: 0, color: Color(red: 1, green: 0.6, blue: 0)),
                                          GradientStop(location: 1, color: Color(red: 0.6, green: 0, blue: 1))])
    let title = TextItem(runs: [TextRun(text: "Flipbook ", font: Font(size: 20, weight: .bold), color: .black),
                                TextRun(text: "raster", font: Font(size: 20, italic: true),
                                        color: Color(red: 0.1, green: 0.4, blue: 0.9))],
                         origin: Point(20, 100))
    return DisplayList(size: Size(200, 140), scale: 2, background: Color(red: 0.95, green: 0.95, blue: 0.97),
                       items: [
                           .shape(ShapeItem(path: .roundedRect(Rect(x: 20, y: 20, width: 160, height: 60),
                                                               cornerRadius: 14),
                                            fill: Fill(paint: .linearGradient(gradient)),
                                            stroke: Stroke(paint: .color(.black), lineWidth: 2))),
                           .group(GroupItem(transform: Transform.rotation(0.3).about(Point(150, 50)), opacity: 0.7,
                                            children: [filled(.circle(in: Rect(x: 130, y: 30, width: 40, height: 40)),
                                                              Color(red: 0.1, green: 0.8, blue: 0.4))])),
                           .text(title),
                       ])
}

import DisplayList
import Geometry
@testable import Raster
import XCTest

/// The coverage meter counts the pixel rows a frame's shape edges cross, plus a fixed cost a segment,
/// checked against sums worked out by hand for simple paths.
final class CoverageMeterTests: XCTestCase {
    func crossings(_ shape: ShapeItem, scale: Double = 1, height: Double = 100) throws -> Double {
        let rasterizer = Rasterizer()
        _ = try rasterizer.render(DisplayList(size: Size(100, height), scale: scale, background: .white, items: [.shape(shape)]))
        return rasterizer.coverage.crossings
    }

    /// A 40 x 30 rectangle: move, three lines and a close, so 4 segments spanning 0, 30, 0 and 30 rows.
    /// Filled: (0 + 1) + (30 + 1) + (0 + 1) + (30 + 1) = 64 rows, plus 4 x 16 = 128.
    /// Stroked 2 wide: 2 x (64 + 4 x 2 x 2) + 4 x 240 = 1120. At scale 2 every span and width doubles:
    /// rows 124, filled 188; stroked 4 px wide: 2 x (124 + 4 x 2 x 4) + 960 = 1272.
    func testARectangle() throws {
        let path = Path.rect(Rect(x: 10, y: 10, width: 40, height: 30))
        let fill = Fill(paint: .color(.black))
        let stroke = Stroke(paint: .color(.black), lineWidth: 2)
        XCTAssertEqual(try crossings(ShapeItem(path: path, fill: fill)), 128)
        XCTAssertEqual(try crossings(ShapeItem(path: path, stroke: stroke)), 1120)
        XCTAssertEqual(try crossings(ShapeItem(path: path, fill: fill), scale: 2, height: 50), 188)
        XCTAssertEqual(try crossings(ShapeItem(path: path, stroke: stroke), scale: 2, height: 50), 1272)
    }

    /// Spans are clipped to the frame: a line from y = -1000 to 1000 in a 100 px frame spans 100 rows.
    func testSpansAreClippedToTheFrame() throws {
        var path = Path()
        path.move(to: Point(0, -1000))
        path.addLine(to: Point(0, 1000))
        XCTAssertEqual(try crossings(ShapeItem(path: path, fill: Fill(paint: .color(.black)))), 100 + 1 + 16)
    }

    /// A frame over the limit is refused, naming the shape that adds the most.
    func testAFrameOverTheLimitIsRefused() throws {
        var path = Path()
        path.move(to: Point(0, 0))
        // 20,000 full-height segments: 20,000 x (100 + 1 + 16) = 2,340,000 filled; stroked far more.
        for i in 0..<20_000 { path.addLine(to: Point(Double(i % 100), i % 2 == 0 ? 100 : 0)) }
        let shape = ShapeItem(path: path, stroke: Stroke(paint: .color(.black), lineWidth: 1), source: "root.path")
        XCTAssertThrowsError(try crossings(shape)) { error in
            guard let over = error as? CoverageError else { return XCTFail("\(error)") }
            XCTAssertEqual(over.largest, "root.path")
            XCTAssertGreaterThan(over.crossings, CoverageMeter.maxFrameCrossings)
        }
    }
}

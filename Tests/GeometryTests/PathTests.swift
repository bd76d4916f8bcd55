import XCTest
@testable import Geometry

final class PathTests: XCTestCase {
    /// A quarter arc's Bézier midpoint must lie on the circle within the known 4/3 tan(θ/4) error (2.7e-4 r).
    func testQuarterArcMidpointOnCircle() throws {
        var path = Path()
        path.addArc(center: .zero, radius: 100, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        guard case .cubic(let c1, let c2, let p3) = path.elements.last else { return XCTFail("expected a cubic") }
        let p0 = Point(100, 0)
        // B(1/2) = (p0 + 3 c1 + 3 c2 + p3) / 8
        let mid = (p0 + c1 * 3 + c2 * 3 + p3) * (1.0 / 8)
        XCTAssertEqual(mid.length, 100, accuracy: 0.03)
        XCTAssertEqual(p3.x, 0, accuracy: 1e-9)
        XCTAssertEqual(p3.y, 100, accuracy: 1e-9)
        // Independently: k = 4/3 tan(pi/8) = 0.552284749831
        XCTAssertEqual(c1.y, 55.2284749831, accuracy: 1e-6)
    }
}

final class ArcDirectionTests: XCTestCase {
    /// The point at parameter 1/2 of a cubic segment.
    func midpoint(_ start: Point, _ element: Path.Element) -> Point? {
        guard case .cubic(let c1, let c2, let p3) = element else { return nil }
        return (start + c1 * 3 + c2 * 3 + p3) * (1.0 / 8)
    }

    /// SwiftUI's `clockwise: false` from 0 to 90 degrees passes through 45 degrees below the x axis on screen (y down).
    func testCounterclockwiseFlagSweepsClockwiseOnScreen() throws {
        var path = Path()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let mid = try XCTUnwrap(midpoint(Point(10, 0), path.elements[1]))
        XCTAssertEqual(mid.x, 10 * 0.5.squareRoot(), accuracy: 0.01)
        XCTAssertEqual(mid.y, 10 * 0.5.squareRoot(), accuracy: 0.01)   // positive y: below
    }

    /// `clockwise: true` from 0 to 90 degrees goes the long way round, through 270 (above the centre).
    func testClockwiseFlagTakesTheOtherWay() throws {
        var path = Path()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        XCTAssertEqual(path.elements.count, 1 + 3, "270 degrees in three quarter-circle segments")
        let mid = try XCTUnwrap(midpoint(Point(10, 0), path.elements[1]))
        XCTAssertLessThan(mid.y, 0)
        guard case .cubic(_, _, let end) = path.elements.last else { return XCTFail() }
        XCTAssertEqual(end.x, 0, accuracy: 1e-9)
        XCTAssertEqual(end.y, 10, accuracy: 1e-9)
    }

    /// The seek button's RoundArrow: 0 -> 270 degrees, clockwise false, ends at 12 o'clock.
    func testRoundArrowEndsAtTwelveOClock() throws {
        var path = Path()
        path.addArc(center: Point(32, 32), radius: 32, startAngle: 0, endAngle: 1.5 * .pi, clockwise: false)
        XCTAssertEqual(path.elements.count, 4)
        guard case .cubic(_, _, let end) = path.elements.last else { return XCTFail() }
        XCTAssertEqual(end.x, 32, accuracy: 1e-9)
        XCTAssertEqual(end.y, 0, accuracy: 1e-9)
    }

    func testFullCircleForEqualAnglesAfterATurn() {
        var path = Path()
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        XCTAssertEqual(path.elements.count, 5, "one move and four quarter segments")
    }
}

final class TransformTests: XCTestCase {
    func testPositiveRotationIsClockwiseOnScreen() {
        let p = Transform.rotation(.pi / 2).apply(Point(1, 0))
        XCTAssertEqual(p.x, 0, accuracy: 1e-12)
        XCTAssertEqual(p.y, 1, accuracy: 1e-12)  // +x turns to +y (down): clockwise on screen
    }

    func testRotationAboutAnAnchorKeepsTheAnchor() {
        let t = Transform.rotation(0.7).about(Point(32, 32))
        let p = t.apply(Point(32, 32))
        XCTAssertEqual(p.x, 32, accuracy: 1e-12)
        XCTAssertEqual(p.y, 32, accuracy: 1e-12)
    }

    func testConcatenationAppliesSelfFirst() {
        let t = Transform.scale(2, 3).concatenating(.translation(10, 20))
        XCTAssertEqual(t.apply(Point(1, 1)), Point(12, 23))
    }

    func testInverse() throws {
        let t = Transform.rotation(0.3).concatenating(.scale(2, 0.5)).concatenating(.translation(5, -7))
        let back = try XCTUnwrap(t.inverted).apply(t.apply(Point(3, 4)))
        XCTAssertEqual(back.x, 3, accuracy: 1e-12)
        XCTAssertEqual(back.y, 4, accuracy: 1e-12)
        XCTAssertNil(Transform.scale(0, 1).inverted)
    }
}

final class ShapeTests: XCTestCase {
    func testCircleIsCentredInAWideRect() throws {
        let bounds = try XCTUnwrap(Path.circle(in: Rect(x: 0, y: 0, width: 100, height: 40)).controlPointBounds)
        XCTAssertEqual(bounds.minX, 30, accuracy: 1e-9)
        XCTAssertEqual(bounds.maxX, 70, accuracy: 1e-9)
        XCTAssertEqual(bounds.minY, 0, accuracy: 1e-9)
    }

    func testRoundedRectClampsItsRadius() throws {
        let path = Path.roundedRect(Rect(x: 0, y: 0, width: 100, height: 20), cornerRadius: 50)
        guard case .move(let start) = path.elements.first else { return XCTFail() }
        XCTAssertEqual(start, Point(10, 0), "radius clamped to half the height")
    }

    func testPlotSamplesInclusiveStride() {
        let path = Path.plot(from: 0, through: 3, step: 1) { $0 * 2 }
        XCTAssertEqual(path.elements, [.move(Point(0, 0)), .line(Point(1, 2)), .line(Point(2, 4)), .line(Point(3, 6))])
    }
}

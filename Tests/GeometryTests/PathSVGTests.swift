import XCTest
@testable import Geometry

final class PathSVGTests: XCTestCase {
    /// Every point of a path's curves, sampled, with the segment's start.
    func samples(_ path: Path, steps: Int = 16) -> [Point] {
        var points: [Point] = []
        var current = Point(0, 0)
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p):
                points.append(p); current = p
            case .quad(let c, let p):
                for i in 0...steps {
                    let t = Double(i) / Double(steps), u = 1 - t
                    points.append(current * (u * u) + c * (2 * u * t) + p * (t * t))
                }
                current = p
            case .cubic(let c1, let c2, let p):
                for i in 0...steps {
                    let t = Double(i) / Double(steps), u = 1 - t
                    points.append(current * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
                }
                current = p
            case .close: break
            }
        }
        return points
    }

    func testLinesRelativeAndAbsoluteWithImplicitCommands() throws {
        let path = try XCTUnwrap(Path(svgPathData: "M10,20h5v-5H0V0l1-1 2,2Z m3 3 4 4"))
        XCTAssertEqual(path.elements, [
            .move(Point(10, 20)), .line(Point(15, 20)), .line(Point(15, 15)), .line(Point(0, 15)), .line(Point(0, 0)),
            .line(Point(1, -1)), .line(Point(3, 1)), .close,
            // After Z the current point is the subpath's start (10, 20); "m3 3" moves relative to it, "4 4" is a line.
            .move(Point(13, 23)), .line(Point(17, 27)),
        ])
    }

    func testCompactNumbers() throws {
        // "-.5.5" is -0.5 then 0.5; "1e1" is 10.
        let path = try XCTUnwrap(Path(svgPathData: "M-.5.5L1e1,2"))
        XCTAssertEqual(path.elements, [.move(Point(-0.5, 0.5)), .line(Point(10, 2))])
    }

    /// The SVG arc "A10,10 0 0 1 20,0" from (0, 0) is the half circle about (10, 0) through (10, -10):
    /// the sweep flag 1 turns with growing angles, clockwise on screen (y down), so over the top.
    func testHalfCircleArcLiesOnTheCircle() throws {
        let path = try XCTUnwrap(Path(svgPathData: "M0,0A10,10,0,0,1,20,0"))
        for p in samples(path) {
            XCTAssertEqual(((p.x - 10) * (p.x - 10) + p.y * p.y).squareRoot(), 10, accuracy: 0.003)
            XCTAssertLessThanOrEqual(p.y, 1e-9)
        }
        let bounds = try XCTUnwrap(path.bounds)
        XCTAssertEqual(bounds.minX, 0, accuracy: 1e-9)
        XCTAssertEqual(bounds.maxX, 20, accuracy: 1e-9)
        XCTAssertEqual(bounds.minY, -10, accuracy: 0.003)
        XCTAssertEqual(bounds.maxY, 0, accuracy: 1e-9)
    }

    /// Radii too small to span the chord are scaled up until they do (SVG 1.1 F.6.6): radius 1 over a
    /// 20-unit chord draws the same half circle of radius 10; sweep 0 goes under.
    func testTooSmallRadiiGrow() throws {
        let path = try XCTUnwrap(Path(svgPathData: "M0,0A1,1,0,0,0,20,0"))
        for p in samples(path) {
            XCTAssertEqual(((p.x - 10) * (p.x - 10) + p.y * p.y).squareRoot(), 10, accuracy: 0.003)
            XCTAssertGreaterThanOrEqual(p.y, -1e-9)
        }
    }

    /// A large arc of a quarter-circle chord: the centre is (0, 0) and the arc covers 270 degrees.
    func testLargeArcFlag() throws {
        // From (10, 0) to (0, 10) on the circle of radius 10 about the origin (or about (10, 10)).
        let large = try XCTUnwrap(Path(svgPathData: "M10,0A10,10,0,1,1,0,10"))
        let small = try XCTUnwrap(Path(svgPathData: "M10,0A10,10,0,0,1,0,10"))
        for p in samples(small) { XCTAssertEqual((p.x * p.x + p.y * p.y).squareRoot(), 10, accuracy: 0.003) }
        // The large arc with sweep 1 goes the long way about (10, 10): through (20, 10) and (10, 20).
        for p in samples(large) {
            XCTAssertEqual(((p.x - 10) * (p.x - 10) + (p.y - 10) * (p.y - 10)).squareRoot(), 10, accuracy: 0.003)
        }
        let bounds = try XCTUnwrap(large.bounds)
        XCTAssertEqual(bounds.maxX, 20, accuracy: 0.003)
        XCTAssertEqual(bounds.maxY, 20, accuracy: 0.003)
    }

    /// A rotated ellipse's arc: "A20,10 90 0 1 0,40" from (0, 0) with the axes swapped by the rotation is a
    /// half ellipse 10 wide and 40 tall.
    func testRotatedArc() throws {
        let path = try XCTUnwrap(Path(svgPathData: "M0,0A20,10,90,0,1,0,40"))
        for p in samples(path) {
            // Centre (0, 20); after the 90-degree rotation the ellipse has semi-axes 10 (x) and 20 (y).
            XCTAssertEqual((p.x / 10) * (p.x / 10) + ((p.y - 20) / 20) * ((p.y - 20) / 20), 1, accuracy: 0.002)
        }
    }

    func testSmoothCurvesReflectTheLastControl() throws {
        let path = try XCTUnwrap(Path(svgPathData: "M0,0C0,10 10,10 10,0S20,-10 20,0Q25,5 30,0T40,0"))
        XCTAssertEqual(path.elements[2], .cubic(control1: Point(10, -10), control2: Point(20, -10), to: Point(20, 0)))
        XCTAssertEqual(path.elements[4], .quad(control: Point(35, -5), to: Point(40, 0)))
    }

    func testMalformedDataIsNil() {
        for data in ["M0", "10,10", "M0,0X1,1", "M0,0A1,1,0,2,1,3,3", "M0,0Z1,1", "M0,0L1,"] {
            XCTAssertNil(Path(svgPathData: data), data)
        }
        XCTAssertEqual(Path(svgPathData: "")?.isEmpty, true)
    }

    /// The exact bounds of the cubic (0,0) (0,10) (10,10) (10,0): its top is B(1/2).y = 3/4 * 10.
    func testBoundsOfACubicAtItsExtreme() throws {
        var path = Path()
        path.move(to: Point(0, 0))
        path.addCurve(to: Point(10, 0), control1: Point(0, 10), control2: Point(10, 10))
        let bounds = try XCTUnwrap(path.bounds)
        XCTAssertEqual(bounds.minX, 0, accuracy: 1e-12)
        XCTAssertEqual(bounds.width, 10, accuracy: 1e-12)
        XCTAssertEqual(bounds.minY, 0, accuracy: 1e-12)
        XCTAssertEqual(bounds.height, 7.5, accuracy: 1e-12)
        XCTAssertEqual(path.controlPointBounds?.height, 10)
    }

    /// A quad's extreme: (0,0) (5,10) (10,0) peaks at t = 1/2, y = 5.
    func testBoundsOfAQuad() throws {
        var path = Path()
        path.move(to: Point(0, 0))
        path.addQuadCurve(to: Point(10, 0), control: Point(5, 10))
        XCTAssertEqual(try XCTUnwrap(path.bounds).height, 5, accuracy: 1e-12)
    }
}

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

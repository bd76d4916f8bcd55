import XCTest
@testable import Geometry

/// `Path.roundCappedArc`: the outline a round-capped stroke of an arc covers.
final class RoundCappedArcTests: XCTestCase {
    /// The lower half (0 to pi, y down) of a radius-10 circle stroked 4 wide: the outer edge reaches
    /// y = 12, the caps at (+-10, 0) reach 2 above the centre and 12 to the sides.
    func testBoundsOfAHalfCircle() throws {
        let band = Path.roundCappedArc(center: Point(0, 0), radius: 10, width: 4, startAngle: 0, sweep: Double.pi)
        let box = try XCTUnwrap(band.bounds)
        XCTAssertEqual(box.minX, -12, accuracy: 1e-6)
        XCTAssertEqual(box.maxX, 12, accuracy: 1e-6)
        XCTAssertEqual(box.minY, -2, accuracy: 1e-6)
        XCTAssertEqual(box.maxY, 12, accuracy: 1e-6)
    }

    /// A quarter arc upwards about (50, 50): the top of the outer edge is radius + width/2 above the centre,
    /// and the same band swept the other way covers the same box.
    func testEitherDirectionCoversTheSameBox() throws {
        let a = try XCTUnwrap(Path.roundCappedArc(center: Point(50, 50), radius: 20, width: 6,
                                                  startAngle: -3 * Double.pi / 4, sweep: Double.pi / 2).bounds)
        let b = try XCTUnwrap(Path.roundCappedArc(center: Point(50, 50), radius: 20, width: 6,
                                                  startAngle: -Double.pi / 4, sweep: -Double.pi / 2).bounds)
        XCTAssertEqual(a.minY, 50 - 23, accuracy: 1e-6)
        // The caps' centres are at 50 +- 20 cos 45 degrees; each reaches 3 beyond.
        XCTAssertEqual(a.minX, 50 - 20 * 0.5.squareRoot() - 3, accuracy: 1e-6)
        for (x, y) in [(a.minX, b.minX), (a.maxX, b.maxX), (a.minY, b.minY), (a.maxY, b.maxY)] {
            XCTAssertEqual(x, y, accuracy: 1e-6)
        }
    }
}

import XCTest
@testable import Geometry

/// Path length and `trim(from:to:)` against closed-form arc lengths.
final class PathTrimTests: XCTestCase {
    /// The end point of a path.
    func end(_ path: Path) -> Point? {
        switch path.elements.last {
        case .line(let p), .cubic(_, _, let p), .quad(_, let p), .move(let p): return p
        default: return nil
        }
    }

    func start(_ path: Path) -> Point? {
        if case .move(let p) = path.elements.first { return p }
        return nil
    }

    func assertPoint(_ p: Point?, _ x: Double, _ y: Double, accuracy: Double = 1e-6, line: UInt = #line) {
        guard let p else { return XCTFail("no point", line: line) }
        XCTAssertEqual(p.x, x, accuracy: accuracy, line: line)
        XCTAssertEqual(p.y, y, accuracy: accuracy, line: line)
    }

    /// A 30 x 40 rectangle is 140 long; it starts at its top-left corner and runs clockwise on screen,
    /// so half of it ends at the bottom-right corner (SwiftUI's `Rectangle().trim(to: 0.5)` triangle).
    func testRectangle() {
        let rect = Path.rect(Rect(x: 10, y: 20, width: 30, height: 40))
        XCTAssertEqual(rect.length, 140, accuracy: 1e-9)
        let half = rect.trimmed(from: 0, to: 0.5)
        assertPoint(start(half), 10, 20)
        assertPoint(end(half), 40, 60)
        XCTAssertEqual(half.length, 70, accuracy: 1e-9)
        // 0.75 to 1 is the left side, bottom to top, the closing line.
        let last = rect.trimmed(from: 0.75, to: 1)
        assertPoint(start(last), 10, 55)    // 105 along: 30 + 40 + 30 + 5
        assertPoint(end(last), 10, 20)
    }

    /// A circle of radius 50: length 100 pi, within 2e-4 (its quarter Bézier arcs bulge out by up to
    /// 2.7e-4 r, making them 1.4e-4 longer than the circle); it starts at 3
    /// o'clock and runs clockwise on screen: a quarter ends at 6 o'clock, as `Circle().trim(to: 0.25)`.
    func testCircle() {
        let circle = Path.circle(in: Rect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(circle.length, 100 * .pi, accuracy: 100 * .pi * 2e-4)
        let quarter = circle.trimmed(from: 0, to: 0.25)
        assertPoint(start(quarter), 100, 50, accuracy: 1e-9)
        assertPoint(end(quarter), 50, 100, accuracy: 1e-6)
        // 0.1 to 0.35 of the length: from angle 36° to 126°, 25 pi long.
        let arc = circle.trimmed(from: 0.1, to: 0.35)
        XCTAssertEqual(arc.length, 25 * .pi, accuracy: 25 * .pi * 2e-4)
        let a0 = 0.2 * .pi, a1 = 0.7 * .pi
        assertPoint(start(arc), 50 + 50 * cos(a0), 50 + 50 * sin(a0), accuracy: 0.02)
        assertPoint(end(arc), 50 + 50 * cos(a1), 50 + 50 * sin(a1), accuracy: 0.02)
    }

    /// The parabola y = x² from 0 to 1 is the quadratic Bézier (0, 0), (0.5, 0), (1, 1); its length is
    /// (2 sqrt 5 + asinh 2) / 4.
    func testQuadraticCurveLength() {
        var path = Path()
        path.move(to: .zero)
        path.addQuadCurve(to: Point(1, 1), control: Point(0.5, 0))
        let exact = (2 * 5.0.squareRoot() + asinh(2)) / 4
        XCTAssertEqual(path.length, exact, accuracy: 1e-9)
        // The first half by length ends at x where the length of y = x² from 0 to x is exact / 2:
        // L(x) = (x sqrt(1 + 4x²) + asinh(2x) / 2) / 2, solved here by bisection.
        func L(_ x: Double) -> Double { (x * (1 + 4 * x * x).squareRoot() + asinh(2 * x) / 2) / 2 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 { let m = (lo + hi) / 2; if L(m) < exact / 2 { lo = m } else { hi = m } }
        let half = path.trimmed(from: 0, to: 0.5)
        assertPoint(end(half), lo, lo * lo, accuracy: 1e-9)
    }

    /// Rounded rectangle: 2 (w + h) - 8 r + 2 pi r.
    func testRoundedRectangleLength() {
        let path = Path.roundedRect(Rect(x: 0, y: 0, width: 80, height: 50), cornerRadius: 10)
        let exact = 2 * (80.0 + 50) - 80 + 20 * .pi
        XCTAssertEqual(path.length, exact, accuracy: exact * 1e-4)
    }

    /// Several subpaths share one length: lines of 10 and 30; the first half is all of the first and
    /// 10 of the second, which starts a new subpath.
    func testSubpathsAndBounds() {
        var path = Path()
        path.move(to: .zero)
        path.addLine(to: Point(10, 0))
        path.move(to: Point(0, 10))
        path.addLine(to: Point(30, 10))
        XCTAssertEqual(path.length, 40, accuracy: 1e-12)
        let half = path.trimmed(from: 0, to: 0.5)
        XCTAssertEqual(half.elements, [.move(.zero), .line(Point(10, 0)), .move(Point(0, 10)), .line(Point(10, 10))])
        XCTAssertEqual(path.trimmed(from: 0.6, to: 0.6).elements, [])
        XCTAssertEqual(path.trimmed(from: 0.8, to: 0.2).elements, [])
        XCTAssertEqual(path.trimmed(from: -1, to: 2), path)
        XCTAssertEqual(path.trimmed(from: .nan, to: 0.25).length, 10, accuracy: 1e-12)
    }
}

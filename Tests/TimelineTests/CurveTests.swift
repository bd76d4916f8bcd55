import XCTest
@testable import Timeline

/// An independent evaluation of a cubic Bézier timing curve: the Bernstein form, a dense table of
/// samples to bracket x, then bisection on the parameter (no Newton, no power form).
struct ReferenceCurve {
    let x1: Double, y1: Double, x2: Double, y2: Double
    private let samples: [Double]
    private static let sampleCount = 4096

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
        samples = (0...Self.sampleCount).map { i in
            Self.bernstein(x1, x2, Double(i) / Double(Self.sampleCount))
        }
    }

    static func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let s = 1 - t
        return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
    }

    /// y for x in 0...1.
    func y(at x: Double) -> Double {
        // The last sample at or below x brackets the root with the next one.
        var index = 0
        while index < Self.sampleCount - 1 && samples[index + 1] <= x { index += 1 }
        var low = Double(index) / Double(Self.sampleCount)
        var high = Double(index + 1) / Double(Self.sampleCount)
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if Self.bernstein(x1, x2, middle) < x { low = middle } else { high = middle }
        }
        return Self.bernstein(y1, y2, (low + high) / 2)
    }
}

final class CurveTests: XCTestCase {
    private let curves: [(String, UnitBezier, ReferenceCurve)] = [
        ("linear", .linear, ReferenceCurve(0, 0, 1, 1)),
        ("easeIn", .easeIn, ReferenceCurve(0.42, 0, 1, 1)),
        ("easeOut", .easeOut, ReferenceCurve(0, 0, 0.58, 1)),
        ("easeInOut", .easeInOut, ReferenceCurve(0.42, 0, 0.58, 1)),
        ("caDefault", .caDefault, ReferenceCurve(0.25, 0.1, 0.25, 1)),
        ("seek xOffset", UnitBezier(0, 0, 0.2, 1), ReferenceCurve(0, 0, 0.2, 1)),
        ("back (y outside 0...1)", UnitBezier(0.68, -0.55, 0.265, 1.55), ReferenceCurve(0.68, -0.55, 0.265, 1.55)),
        ("flat middle (dx/dt = 0 at t = 0.5)", UnitBezier(1, 0, 0, 1), ReferenceCurve(1, 0, 0, 1)),
        ("steep ends", UnitBezier(0, 1, 1, 0), ReferenceCurve(0, 1, 1, 0)),
    ]

    func testValuesMatchTheReference() {
        for (name, curve, reference) in curves {
            var worst = 0.0
            for i in 0...2000 {
                let x = Double(i) / 2000
                worst = max(worst, abs(curve.value(at: x) - reference.y(at: x)))
            }
            // Where the curve has a vertical tangent (the last two curves, at x = 0.5 and at the ends) y is
            // ill-conditioned in x and the reference itself is off by up to 1e-8 (checked against an exact
            // rational bisection in Python); everywhere else both agree to rounding.
            let verticalTangent = name.hasPrefix("flat middle") || name.hasPrefix("steep ends")
            XCTAssertLessThan(worst, verticalTangent ? 1e-7 : 1e-12, name)
        }
    }

    func testEaseInOutIsSymmetric() {
        XCTAssertEqual(UnitBezier.easeInOut.value(at: 0.5), 0.5, accuracy: 1e-12)
        for i in 0...100 {
            let x = Double(i) / 100
            XCTAssertEqual(UnitBezier.easeInOut.value(at: x) + UnitBezier.easeInOut.value(at: 1 - x), 1,
                           accuracy: 1e-9)
        }
    }

    func testCoreAnimationDefaultIsCSSEase() {
        let reference = ReferenceCurve(0.25, 0.1, 0.25, 1)
        // The same values from a plain Python bisection on the parametric form (200 halvings).
        let python = [0.25: 0.40851059135539586, 0.5: 0.802403387584857, 0.75: 0.9604589783489741]
        for x in [0.25, 0.5, 0.75] {
            XCTAssertEqual(UnitBezier.caDefault.value(at: x), reference.y(at: x), accuracy: 1e-9)
            XCTAssertEqual(UnitBezier.caDefault.value(at: x), python[x]!, accuracy: 1e-9)
        }
    }

    func testLinearIsTheIdentity() {
        for i in 0...1000 {
            let x = Double(i) / 1000
            XCTAssertEqual(UnitBezier.linear.value(at: x), x, accuracy: 1e-12)
        }
    }

    func testPresetsAreMonotonic() {
        for curve in [UnitBezier.linear, .easeIn, .easeOut, .easeInOut, .caDefault] {
            var previous = curve.value(at: 0)
            for i in 1...10_000 {
                let value = curve.value(at: Double(i) / 10_000)
                XCTAssertGreaterThanOrEqual(value, previous, "\(curve) at \(i)")
                previous = value
            }
        }
    }

    func testInputIsClampedIntoTheUnitInterval() {
        XCTAssertEqual(UnitBezier.easeIn.value(at: -0.5), 0)
        XCTAssertEqual(UnitBezier.easeIn.value(at: 1.5), 1)
        XCTAssertEqual(UnitBezier.easeIn.value(at: .nan), 0)
        XCTAssertEqual(UnitBezier(-1, 0, 2, 1), UnitBezier(0, 0, 1, 1))
    }

    func testSlopeMatchesCentralDifferencesOfTheReference() {
        let h = 1e-5
        for (name, curve, reference) in curves {
            for i in 1..<50 {
                let x = Double(i) / 50
                if name.hasPrefix("flat middle") && abs(x - 0.5) < 0.05 { continue }  // vertical tangent
                let difference = (reference.y(at: x + h) - reference.y(at: x - h)) / (2 * h)
                XCTAssertEqual(curve.slope(at: x), difference, accuracy: 1e-4 * max(1, abs(difference)),
                               "\(name) at \(x)")
            }
        }
    }

    func testEndSlopesFollowTheControlPoints() {
        // The tangent at an end points at the nearest distinct control point.
        XCTAssertEqual(UnitBezier.easeOut.slope(at: 0), 1 / 0.58, accuracy: 1e-9)  // towards (0.58, 1)
        XCTAssertEqual(UnitBezier.easeIn.slope(at: 1), 1 / 0.58, accuracy: 1e-9)   // from (0.42, 0)
        XCTAssertEqual(UnitBezier.easeInOut.slope(at: 0), 0, accuracy: 1e-12)
        XCTAssertEqual(UnitBezier.caDefault.slope(at: 0), 0.1 / 0.25, accuracy: 1e-9)
        XCTAssertEqual(UnitBezier.linear.slope(at: 0), 1, accuracy: 1e-12)
        XCTAssertEqual(UnitBezier.linear.slope(at: 0.37), 1, accuracy: 1e-12)
        XCTAssertEqual(UnitBezier(0, 1, 1, 0).slope(at: 0), .infinity)
    }

    func testNamedCurves() {
        XCTAssertEqual(UnitBezier.named(.linear), UnitBezier(0, 0, 1, 1))
        XCTAssertEqual(UnitBezier.named(.easeIn), UnitBezier(0.42, 0, 1, 1))
        XCTAssertEqual(UnitBezier.named(.easeOut), UnitBezier(0, 0, 0.58, 1))
        XCTAssertEqual(UnitBezier.named(.easeInOut), UnitBezier(0.42, 0, 0.58, 1))
        XCTAssertEqual(UnitBezier.named(.easeInEaseOut), UnitBezier(0.42, 0, 0.58, 1))
        XCTAssertEqual(UnitBezier.named(.default), UnitBezier(0.25, 0.1, 0.25, 1))
    }
}

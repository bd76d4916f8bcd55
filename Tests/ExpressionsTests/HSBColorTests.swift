import Expressions
import XCTest

/// `hsb(h, s, b[, opacity])`, SwiftUI's `Color(hue:saturation:brightness:opacity:)`, against the
/// closed form of HSV to RGB: `c(n) = v - v s max(0, min(k, 4 - k, 1))` with `k = (n + 6h) mod 6`,
/// n = 5, 3, 1 for red, green and blue.
final class HSBColorTests: XCTestCase {
    func closedForm(_ h: Double, _ s: Double, _ v: Double) -> [Double] {
        [5.0, 3, 1].map { n in
            let k = (n + 6 * h).truncatingRemainder(dividingBy: 6)
            return v - v * s * max(0, min(k, 4 - k, 1))
        }
    }

    func testHSBMatchesTheClosedForm() throws {
        for h in stride(from: 0.0, through: 1, by: 1.0 / 24) {
            for s in [0.0, 0.35, 1] {
                for v in [0.0, 0.6, 1] {
                    guard case .color(let c) = try evaluate("hsb(\(h), \(s), \(v))") else { return XCTFail("a colour") }
                    let want = closedForm(h, s, v)
                    XCTAssertEqual(c.red, want[0], accuracy: 1e-9, "hsb(\(h), \(s), \(v))")
                    XCTAssertEqual(c.green, want[1], accuracy: 1e-9, "hsb(\(h), \(s), \(v))")
                    XCTAssertEqual(c.blue, want[2], accuracy: 1e-9, "hsb(\(h), \(s), \(v))")
                    XCTAssertEqual(c.alpha, 1)
                }
            }
        }
    }

    func testPrimariesAndOpacity() throws {
        assertValue("hsb(0, 1, 1)", .color(ColorValue(red: 1, green: 0, blue: 0)))
        assertValue("hsb(1, 1, 1)", .color(ColorValue(red: 1, green: 0, blue: 0)))
        assertValue("hsb(0.5, 1, 1, 0.25)", .color(ColorValue(red: 0, green: 1, blue: 1, alpha: 0.25)))
    }

    func testOutOfRangeIsAnError() {
        assertError("hsb(1.5, 1, 1)", "colour components of 'hsb' must be from 0 to 1, not 1.5; divide 8-bit values by 255", at: 4)
        assertError("hsb(0, 1)", "'hsb' takes 3 or 4 arguments, got 2", at: 0)
    }
}

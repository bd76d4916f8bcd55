import XCTest
@testable import Geometry

/// `UnevenRoundedRectangle`'s path against closed forms.
final class UnevenRoundedRectTests: XCTestCase {
    /// The length is the rectangle's perimeter with each corner's two radii of straight edge replaced by a
    /// quarter circle: 2(w + h) - Σ (2 - π / 2) r. It starts on the top edge after the top-leading corner.
    func testLengthAndStart() {
        let radii = CornerRadii(topLeading: 12, bottomLeading: 0, bottomTrailing: 5, topTrailing: 20)
        let path = Path.unevenRoundedRect(Rect(x: 10, y: 20, width: 100, height: 60), radii: radii)
        XCTAssertEqual(path.length, 320 - (2 - .pi / 2) * 37, accuracy: 0.01)
        if case .move(let p) = path.elements.first {
            XCTAssertEqual(p, Point(22, 20))
        } else {
            XCTFail("no start point")
        }
    }

    /// Radii are clamped to half the shorter side and to at least 0; all equal is `RoundedRectangle`.
    func testClampAndEqualRadii() {
        let rect = Rect(x: 0, y: 0, width: 40, height: 30)
        let clamped = CornerRadii(topLeading: 100, bottomLeading: -3, bottomTrailing: .nan, topTrailing: 15).clamped(to: rect.size)
        XCTAssertEqual(clamped, CornerRadii(topLeading: 15, bottomLeading: 0, bottomTrailing: 0, topTrailing: 15))
        let even = Path.unevenRoundedRect(rect, radii: CornerRadii(topLeading: 8, bottomLeading: 8, bottomTrailing: 8, topTrailing: 8))
        XCTAssertEqual(even.length, Path.roundedRect(rect, cornerRadius: 8).length, accuracy: 1e-9)
    }
}

import DisplayList
import Geometry
import Pixels
@testable import Raster
import XCTest

/// A view's blur and shadow are made from the whole view, and only the result is cut at the frame's edge
/// (or an ancestor's clip): what a filter shows inside the frame must not depend on where the edge is.
/// Oracle: the same view drawn whole on a wider canvas, whose pixels at the same place relative to the
/// view are the expected ones.
final class FilterEdgeRasterTests: XCTestCase {
    /// A 60 x 40 rectangle at `x` (through the group's filter), on a canvas `width` wide.
    private func render(filter: Filter, x: Double, width: Double) throws -> PixelImage {
        let card = filled(Path.rect(Rect(x: x, y: 30, width: 60, height: 40)), red)
        let group = DisplayItem.group(GroupItem(filter: filter, children: [card]))
        return try renderItems([group], width: width, height: 100, scale: 2)
    }

    /// Every pixel of the 100-pt canvas (the card half outside on the left) against the same pixel of
    /// a 200-pt canvas where the card lies 100 pt further right, wholly inside.
    private func assertEdgeInvariant(_ filter: Filter, file: StaticString = #filePath, line: UInt = #line) throws {
        let cut = try render(filter: filter, x: -30, width: 100)
        let whole = try render(filter: filter, x: 70, width: 200)
        var worst = 0
        for y in 0..<cut.height {
            for x in 0..<cut.width {
                let a = cut[x, y], b = whole[x + 200, y]
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 1, "largest channel difference against the whole view", file: file, line: line)
    }

    func testShadowOfAViewHalfOutsideTheFrame() throws {
        // The shadow's offset brings the hidden part's shadow into the frame as well.
        try assertEdgeInvariant(.shadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.6), sigma: 8, x: 12, y: 6))
    }

    func testBlurOfAViewHalfOutsideTheFrame() throws {
        try assertEdgeInvariant(.blur(sigma: 6))
    }

    /// With the view inside the frame nothing changes: the shadow's darkest pixel just below the card's
    /// bottom edge, far from its ends, is the Gaussian's half-plane value (Φ(0) of the shadow's alpha).
    func testShadowEdgeValueInside() throws {
        let image = try render(filter: .shadow(color: Color(red: 0, green: 0, blue: 0, alpha: 1), sigma: 5, x: 0, y: 0),
                               x: 70, width: 200)
        // At the card's bottom edge (y = 70 pt = 140 px), half the Gaussian covers: alpha 0.5 over white.
        let below = image[2 * 100, 140]
        XCTAssertEqual(Double(below.r), 255 * 0.5, accuracy: 255 * 0.04)
    }
}

import DisplayList
import Geometry
import Pixels
@testable import Raster
import XCTest

/// A group's `projection`: its children's pixels mapped through a homography.
final class ProjectionRasterTests: XCTestCase {
    let items: [DisplayItem] = [
        filled(Path.roundedRect(Rect(x: 10.3, y: 12.7, width: 50, height: 30), cornerRadius: 9), red),
        filled(Path.ellipse(in: Rect(x: 30, y: 20, width: 24, height: 31)), blue),
    ]

    /// The identity written as a non-affine matrix (every entry doubled, so w = 2) goes through the
    /// per-pixel warp and leaves every pixel as drawn without it, at scale 1 and 2.
    func testIdentityProjectionIsExact() throws {
        let doubled = ProjectionTransform(m11: 2, m12: 0, m13: 0, m21: 0, m22: 2, m23: 0, m31: 0, m32: 0, m33: 2)
        XCTAssertFalse(doubled.isAffine)
        for scale in [1.0, 2.0] {
            let plain = try renderItems(items, width: 80, height: 60, scale: scale)
            let warped = try renderItems([.group(GroupItem(projection: doubled, children: items))], width: 80, height: 60, scale: scale)
            XCTAssertEqual(plain, warped, "scale \(scale)")
        }
    }

    /// A translation by whole pixels written projectively moves the pixels exactly.
    func testProjectiveTranslationMovesPixels() throws {
        let shift = ProjectionTransform(m11: 2, m12: 0, m13: 0, m21: 0, m22: 2, m23: 0, m31: 10, m32: 6, m33: 2)
        let plain = try renderItems(items, width: 80, height: 60)
        let moved = try renderItems([.group(GroupItem(projection: shift, children: items))], width: 80, height: 60)
        for y in 0..<54 { for x in 0..<75 { XCTAssertEqual(moved[x + 5, y + 3], plain[x, y]) } }
    }

    /// Content entirely behind the eye (w < 0 everywhere) draws nothing, without error.
    func testBehindTheEyeDrawsNothing() throws {
        let behind = ProjectionTransform(m11: -1, m12: 0, m13: 0, m21: 0, m22: -1, m23: 0, m31: 0, m32: 0, m33: -1)
        let image = try renderItems([.group(GroupItem(projection: behind, children: items))], width: 80, height: 60)
        for y in 0..<60 { for x in 0..<80 { XCTAssertEqual(image[x, y], RGBA8(r: 255, g: 255, b: 255)) } }
    }
}

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

    /// A view of `size` at `origin` turned by `rotation3D`, as Compose draws it: the view's own transform,
    /// then the projection in the view's own space. Red, with a blue disc and a green stripe in its far
    /// half (the part the tests put off the canvas).
    func turnedView(origin: Point, size: Size, axis: (x: Double, y: Double, z: Double), degrees: Double,
                    anchor: Point, extra: [DisplayItem] = []) -> DisplayItem {
        let (w, h) = (size.width, size.height)
        let far = axis.y != 0 ? Rect(x: w * 0.55, y: h * 0.15, width: w * 0.35, height: h * 0.7)
                              : Rect(x: w * 0.15, y: h * 0.55, width: w * 0.7, height: h * 0.35)
        let stripe = axis.y != 0 ? Rect(x: w * 0.75, y: 0, width: 3, height: h) : Rect(x: 0, y: h * 0.75, width: w, height: 3)
        let projection = ProjectionTransform.rotation3D(radians: degrees * .pi / 180, axis: axis,
                                                        anchor: Point(anchor.x * w, anchor.y * h), anchorZ: 0,
                                                        perspective: 1, size: size)
        let children = [filled(Path.rect(Rect(x: 0, y: 0, width: w, height: h)), red),
                        filled(Path.ellipse(in: far), blue),
                        filled(Path.rect(stripe), Color(red: 0, green: 0.7, blue: 0))] + extra
        return .group(GroupItem(transform: .translation(origin.x, origin.y), projection: projection, children: children))
    }

    /// The two turned views the tests below draw on a 64 x 48 canvas, each sticking out of it: about y
    /// (80 x 40 at x 20...100, anchored at its leading edge, the trailing half turned away and brought
    /// back into the canvas by the perspective), and about x (40 x 80 at y 10...90, anchored at its top,
    /// the bottom turned away).
    var offCanvasViews: [(String, DisplayItem)] {
        [("about y", turnedView(origin: Point(20, 4), size: Size(80, 40), axis: (0, 1, 0), degrees: 60, anchor: Point(0, 0.5))),
         ("about x", turnedView(origin: Point(12, 10), size: Size(40, 80), axis: (1, 0, 0), degrees: -60, anchor: Point(0.5, 0)))]
    }

    /// What a turned view draws inside the canvas does not depend on the canvas being large enough to
    /// hold the whole view before the turn: on a 64 x 48 canvas it draws what the same view draws on a
    /// 192 x 144 canvas (its content moved by (64, 48), so the whole view lies inside), cropped to the
    /// small canvas's region. The oracle is the large render, where nothing is cut; up to 2 levels are
    /// allowed, as the move by (64, 48) changes the floating-point rounding of the inverse mapping that
    /// places the bilinear samples (none is seen here: the pixels are identical; the largest difference
    /// is reported in the message).
    func testContentOutsideTheCanvasIsTurnedIn() throws {
        for (name, view) in offCanvasViews {
            let small = try renderItems([view], width: 64, height: 48)
            let large = try renderItems([.group(GroupItem(transform: .translation(64, 48), children: [view]))], width: 192, height: 144)
            var worst = 0, differing = 0
            for y in 0..<48 {
                for x in 0..<64 {
                    let a = small[x, y], b = large[x + 64, y + 48]
                    let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
                    worst = max(worst, d)
                    if d > 2 { differing += 1 }
                }
            }
            XCTAssertEqual(differing, 0, "\(name): \(differing) pixels differ by more than 2 levels, at most \(worst)")
            // The turn brings the view's far part (blue) into the canvas: the test is not vacuous.
            var blues = 0
            for y in 0..<48 { for x in 0..<64 where large[x + 64, y + 48].b > 200 && large[x + 64, y + 48].r < 60 { blues += 1 } }
            XCTAssertGreaterThan(blues, 20, name)
        }
    }

    /// How much of a view lies outside what the projection can bring in (the source image's extent and
    /// origin) moves no pixel: the same turned views, with a transparent shape far outside the canvas
    /// that widens the content's painted bounds (and so the image the content is drawn into, up to the
    /// frame grown by its size on each side), draw the same bytes.
    func testSourceImageExtentMovesNoPixel() throws {
        let far = filled(Path.rect(Rect(x: -300, y: -300, width: 700, height: 700)), Color.clear)
        for (degrees, origin) in [(60.0, Point(20, 4)), (35.0, Point(4, 4))] {
            let plain = turnedView(origin: origin, size: Size(50, 36), axis: (0, 1, 0), degrees: degrees, anchor: Point(0, 0.5))
            let widened = turnedView(origin: origin, size: Size(50, 36), axis: (0, 1, 0), degrees: degrees, anchor: Point(0, 0.5), extra: [far])
            XCTAssertEqual(try renderItems([plain], width: 64, height: 48), try renderItems([widened], width: 64, height: 48), "\(degrees)°")
        }
    }
}

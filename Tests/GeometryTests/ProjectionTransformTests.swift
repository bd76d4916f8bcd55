import Geometry
import XCTest

final class ProjectionTransformTests: XCTestCase {
    let p = ProjectionTransform(m11: 1.2, m12: 0.3, m13: 0.001, m21: -0.2, m22: 0.9, m23: -0.002, m31: 5, m32: -7, m33: 1.1)

    /// The inverse undoes the transform; concatenation applies left first.
    func testInverseAndConcatenation() throws {
        let inverse = try XCTUnwrap(p.inverted)
        for point in [Point(0, 0), Point(30, -12), Point(-44, 80)] {
            let there = try XCTUnwrap(p.apply(point))
            let back = try XCTUnwrap(inverse.apply(there))
            XCTAssertEqual(back.x, point.x, accuracy: 1e-9)
            XCTAssertEqual(back.y, point.y, accuracy: 1e-9)
            let shifted = try XCTUnwrap(p.concatenating(ProjectionTransform(.translation(3, 4))).apply(point))
            XCTAssertEqual(shifted.x, there.x + 3, accuracy: 1e-9)
            XCTAssertEqual(shifted.y, there.y + 4, accuracy: 1e-9)
        }
        XCTAssertNil(ProjectionTransform(m11: 1, m12: 2, m13: 0, m21: 2, m22: 4, m23: 0, m31: 0, m32: 0, m33: 1).inverted)
    }

    /// About z the 3D rotation is `rotationEffect`'s affine rotation about the anchor (no perspective row).
    func testRotationAboutZIsTheAffineRotation() {
        let r = ProjectionTransform.rotation3D(radians: 0.7, axis: (0, 0, 2), anchor: Point(30, 20), anchorZ: 0,
                                               perspective: 1, size: Size(60, 40))
        XCTAssertTrue(abs(r.m13) < 1e-15 && abs(r.m23) < 1e-15)
        let affine = Transform.rotation(0.7).about(Point(30, 20))
        for point in [Point(0, 0), Point(60, 40), Point(12, 33)] {
            let a = affine.apply(point), b = r.apply(point)!
            XCTAssertEqual(a.x, b.x, accuracy: 1e-9)
            XCTAssertEqual(a.y, b.y, accuracy: 1e-9)
        }
    }

    /// About y by 90° with perspective 1, the anchor's column stays put and the view's edge points go
    /// to the anchor's x (seen edge-on); a zero axis is the identity.
    func testRotationAboutYEdgeOn() {
        let r = ProjectionTransform.rotation3D(radians: .pi / 2, axis: (0, 1, 0), anchor: Point(50, 30), anchorZ: 0,
                                               perspective: 1, size: Size(100, 60))
        let edge = r.apply(Point(100, 0))!
        XCTAssertEqual(edge.x, 50, accuracy: 1e-9)
        XCTAssertEqual(r.apply(Point(50, 10))!.y, 10, accuracy: 1e-9)
        XCTAssertEqual(ProjectionTransform.rotation3D(radians: 1, axis: (0, 0, 0), anchor: .zero, anchorZ: 0,
                                                      perspective: 1, size: Size(10, 10)), .identity)
    }
}

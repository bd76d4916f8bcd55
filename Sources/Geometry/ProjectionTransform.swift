#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A projective transform of the plane, as SwiftUI's `ProjectionTransform`: a 3 x 3 matrix applied to
/// row vectors, [x', y', w'] = [x, y, 1] * M, the point being (x' / w', y' / w').
///
/// x' = m11 x + m21 y + m31, y' = m12 x + m22 y + m32, w' = m13 x + m23 y + m33. An affine `Transform`
/// is one with m13 = m23 = 0 and m33 = 1.
public struct ProjectionTransform: Sendable, Hashable {
    public var m11: Double, m12: Double, m13: Double
    public var m21: Double, m22: Double, m23: Double
    public var m31: Double, m32: Double, m33: Double

    public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
                m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The affine transform `t` as a projective one.
    public init(_ t: Transform) {
        self.init(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
    }

    public static let identity = ProjectionTransform(.identity)

    /// True when the transform is affine (no perspective row), so Cairo can draw through it directly.
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// The affine part, meaningful when `isAffine`.
    public var affine: Transform { Transform(a: m11, b: m12, c: m21, d: m22, tx: m31, ty: m32) }

    /// `self` applied first, then `next` (the row-vector product self * next).
    public func concatenating(_ next: ProjectionTransform) -> ProjectionTransform {
        let a = self, b = next
        return ProjectionTransform(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
    }

    /// The homogeneous image of `p`: (x', y', w'), before the division by w'.
    public func homogeneous(_ p: Point) -> (x: Double, y: Double, w: Double) {
        (m11 * p.x + m21 * p.y + m31, m12 * p.x + m22 * p.y + m32, m13 * p.x + m23 * p.y + m33)
    }

    /// The image of `p`, or nil when `p` lies on or behind the eye (w' <= 0), where nothing is drawn.
    public func apply(_ p: Point) -> Point? {
        let h = homogeneous(p)
        guard h.w > 0 else { return nil }
        return Point(h.x / h.w, h.y / h.w)
    }

    /// The inverse, or nil when the transform is singular or not finite.
    public var inverted: ProjectionTransform? {
        // The adjugate divided by the determinant.
        let c11 = m22 * m33 - m23 * m32, c12 = m13 * m32 - m12 * m33, c13 = m12 * m23 - m13 * m22
        let c21 = m23 * m31 - m21 * m33, c22 = m11 * m33 - m13 * m31, c23 = m13 * m21 - m11 * m23
        let c31 = m21 * m32 - m22 * m31, c32 = m12 * m31 - m11 * m32, c33 = m11 * m22 - m12 * m21
        let det = m11 * c11 + m12 * c21 + m13 * c31
        guard det != 0, det.isFinite else { return nil }
        let r = ProjectionTransform(m11: c11 / det, m12: c12 / det, m13: c13 / det, m21: c21 / det, m22: c22 / det,
                                    m23: c23 / det, m31: c31 / det, m32: c32 / det, m33: c33 / det)
        let all = [r.m11, r.m12, r.m13, r.m21, r.m22, r.m23, r.m31, r.m32, r.m33]
        return all.allSatisfy(\.isFinite) ? r : nil
    }

    /// SwiftUI's `rotation3DEffect(_:axis:anchor:anchorZ:perspective:)` on a view of `size`, in the view's
    /// own coordinates (origin top-left): `_Rotation3DEffect.effectValue(size:)`.
    ///
    /// With a = (anchor.x * width, anchor.y * height, anchorZ) and row vectors, the 4 x 4 transform is
    /// T(-a) * R(angle, axis) * P * T(a), where R is Core Animation's `CATransform3DMakeRotation` (the
    /// axis normalised; about z a positive angle turns clockwise on screen, as `rotationEffect`; about y
    /// it moves the trailing edge away from the viewer, as Apple's documented example shows) and P is the identity with m34 = -perspective / max(width, height):
    /// the eye sits max(width, height) / perspective points in front of the anchor. Dropping z gives
    /// the 3 x 3 `ProjectionTransform`. A zero axis or angle is the identity, as Core Animation's.
    public static func rotation3D(radians angle: Double, axis: (x: Double, y: Double, z: Double),
                                  anchor: Point, anchorZ: Double, perspective: Double,
                                  size: Size) -> ProjectionTransform {
        let length = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
        guard length > 0, length.isFinite, angle.isFinite else { return .identity }
        let x = axis.x / length, y = axis.y / length, z = axis.z / length
        let c = cos(angle), s = sin(angle), t = 1 - c
        // Core Animation's rotation, rows of the 3 x 3 part (row vectors).
        let r = [[t * x * x + c, t * x * y + z * s, t * x * z - y * s],
                 [t * x * y - z * s, t * y * y + c, t * y * z + x * s],
                 [t * x * z + y * s, t * y * z - x * s, t * z * z + c]]
        let side = max(size.width, size.height)
        let m34 = side > 0 ? -perspective / side : 0
        // [x, y, 0, 1] -> minus the anchor -> rotated -> homogeneous w from m34 -> plus the anchor times w.
        let (ax, ay, az) = (anchor.x, anchor.y, anchorZ)
        // Row i of R * P is (r[i][0], r[i][1], r[i][2], r[i][2] * m34); the translation row of T(-a) R P:
        let tx = -(ax * r[0][0] + ay * r[1][0] + az * r[2][0])
        let ty = -(ax * r[0][1] + ay * r[1][1] + az * r[2][1])
        let tz = -(ax * r[0][2] + ay * r[1][2] + az * r[2][2])
        // Rows for x and y and the constant, keeping the x, y and w columns of (T(-a) R P) * T(a);
        // z input is 0, so the z row drops out.
        func row(_ rx: Double, _ ry: Double, _ rz: Double, _ rw: Double) -> (Double, Double, Double) {
            let w = rz * m34 + rw
            return (rx + ax * w, ry + ay * w, w)
        }
        let r1 = row(r[0][0], r[0][1], r[0][2], 0)
        let r2 = row(r[1][0], r[1][1], r[1][2], 0)
        let r3 = row(tx, ty, tz, 1)
        return ProjectionTransform(m11: r1.0, m12: r1.1, m13: r1.2, m21: r2.0, m22: r2.1, m23: r2.2,
                                   m31: r3.0, m32: r3.1, m33: r3.2)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An affine transform, as Core Graphics' `CGAffineTransform` and Cairo's `cairo_matrix_t`:
/// x' = a x + c y + tx, y' = b x + d y + ty.
public struct Transform: Sendable, Hashable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ dx: Double, _ dy: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `radians`; positive is clockwise on screen (y down), as `rotationEffect`.
    public static func rotation(_ radians: Double) -> Transform {
        let cs = cos(radians), sn = sin(radians)
        return Transform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// `self` applied first, then `next`.
    public func concatenating(_ next: Transform) -> Transform {
        Transform(a: a * next.a + b * next.c,
                  b: a * next.b + b * next.d,
                  c: c * next.a + d * next.c,
                  d: c * next.b + d * next.d,
                  tx: tx * next.a + ty * next.c + next.tx,
                  ty: tx * next.b + ty * next.d + next.ty)
    }

    /// This transform applied about `anchor` instead of the origin.
    public func about(_ anchor: Point) -> Transform {
        Transform.translation(-anchor.x, -anchor.y).concatenating(self)
            .concatenating(.translation(anchor.x, anchor.y))
    }

    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// The inverse, or nil when the transform is singular (for example a scale of 0).
    public var inverted: Transform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return Transform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                         tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
}

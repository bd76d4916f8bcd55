/// The exact bounding box of a path's outline.
extension Path {
    /// The smallest rectangle holding every point of the outline (curves at their extremes, not their
    /// control points); nil when the path is empty.
    public var bounds: Rect? {
        var box = BoundsBox()
        var current: Point?
        for element in elements {
            switch element {
            case .move(let p), .line(let p):
                box.add(p)
                current = p
            case .quad(let c, let p):
                let p0 = current ?? c
                box.add(p)
                // B'(t) = 0 on each axis at t = (p0 - c) / (p0 - 2c + p).
                for (a, b, e) in [(p0.x, c.x, p.x), (p0.y, c.y, p.y)] where a - 2 * b + e != 0 {
                    let t = (a - b) / (a - 2 * b + e)
                    if t > 0, t < 1 { box.add(quadPoint(p0, c, p, t)) }
                }
                current = p
            case .cubic(let c1, let c2, let p):
                let p0 = current ?? c1
                box.add(p)
                for t in cubicExtremes(p0.x, c1.x, c2.x, p.x) + cubicExtremes(p0.y, c1.y, c2.y, p.y) {
                    box.add(cubicPoint(p0, c1, c2, p, t))
                }
                current = p
            case .close:
                break
            }
        }
        return box.rect
    }

    private func quadPoint(_ p0: Point, _ c: Point, _ p: Point, _ t: Double) -> Point {
        let u = 1 - t
        return Point(u * u * p0.x + 2 * u * t * c.x + t * t * p.x, u * u * p0.y + 2 * u * t * c.y + t * t * p.y)
    }

    private func cubicPoint(_ p0: Point, _ c1: Point, _ c2: Point, _ p: Point, _ t: Double) -> Point {
        let u = 1 - t
        let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return Point(a * p0.x + b * c1.x + c * c2.x + d * p.x, a * p0.y + b * c1.y + c * c2.y + d * p.y)
    }

    /// The parameters in (0, 1) where a cubic's coordinate has a zero derivative: the roots of
    /// a t^2 + b t + c with a = -p0 + 3p1 - 3p2 + p3, b = 2(p0 - 2p1 + p2), c = p1 - p0.
    private func cubicExtremes(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        let a = -p0 + 3 * p1 - 3 * p2 + p3, b = 2 * (p0 - 2 * p1 + p2), c = p1 - p0
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if abs(b) > 1e-12 { roots = [-c / b] }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let s = discriminant.squareRoot()
                roots = [(-b + s) / (2 * a), (-b - s) / (2 * a)]
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}

/// A growing bounding box.
private struct BoundsBox {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    mutating func add(_ p: Point) {
        minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
    }

    var rect: Rect? {
        minX <= maxX ? Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : nil
    }
}

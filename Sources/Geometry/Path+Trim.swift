#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Path length and trimming by length (SwiftUI `Shape.trim(from:to:)`).
extension Path {
    /// One drawn piece of a path: a line or a cubic (quads are raised to cubics), from `start`.
    struct Segment {
        var start: Point
        var c1: Point
        var c2: Point
        var end: Point
        var isLine: Bool
        /// Whether the segment begins a subpath.
        var startsSubpath: Bool

        func point(at t: Double) -> Point {
            if isLine { return Point(start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t) }
            let u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return Point(a * start.x + b * c1.x + c * c2.x + d * end.x, a * start.y + b * c1.y + c * c2.y + d * end.y)
        }

        /// The speed |B'(t)|.
        func speed(at t: Double) -> Double {
            let u = 1 - t
            let dx = 3 * u * u * (c1.x - start.x) + 6 * u * t * (c2.x - c1.x) + 3 * t * t * (end.x - c2.x)
            let dy = 3 * u * u * (c1.y - start.y) + 6 * u * t * (c2.y - c1.y) + 3 * t * t * (end.y - c2.y)
            return (dx * dx + dy * dy).squareRoot()
        }

        /// The length from parameter 0 to `t`: exact for lines, 16-point Gauss-Legendre for curves
        /// (segments of at most a quarter turn, as arcs are built, are smooth enough for 1e-9 relative).
        func length(to t: Double = 1) -> Double {
            if isLine { return hypot(end.x - start.x, end.y - start.y) * t }
            var sum = 0.0
            for (x, w) in zip(Self.nodes, Self.weights) { sum += w * speed(at: t * (x + 1) / 2) }
            return sum * t / 2
        }

        /// The parameter at which the length from 0 is `s` (bisection then Newton).
        func parameter(atLength s: Double) -> Double {
            let total = length()
            guard total > 0 else { return 0 }
            if isLine { return min(1, max(0, s / total)) }
            var lo = 0.0, hi = 1.0, t = s / total
            for _ in 0..<60 {
                let f = length(to: t) - s
                if abs(f) < 1e-12 * max(1, total) { break }
                if f > 0 { hi = t } else { lo = t }
                let v = speed(at: t)
                var next = v > 0 ? t - f / v : (lo + hi) / 2
                if !(next > lo && next < hi) { next = (lo + hi) / 2 }
                t = next
            }
            return t
        }

        /// The part between parameters `t0` and `t1` (de Casteljau).
        func part(_ t0: Double, _ t1: Double) -> Segment {
            if isLine {
                return Segment(start: point(at: t0), c1: point(at: t0), c2: point(at: t1), end: point(at: t1), isLine: true,
                               startsSubpath: false)
            }
            let right = split(at: t0).1
            let local = t0 < 1 ? (t1 - t0) / (1 - t0) : 0
            return right.split(at: local).0
        }

        func split(at t: Double) -> (Segment, Segment) {
            func mix(_ a: Point, _ b: Point) -> Point { Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t) }
            let p01 = mix(start, c1), p12 = mix(c1, c2), p23 = mix(c2, end)
            let p012 = mix(p01, p12), p123 = mix(p12, p23), mid = mix(p012, p123)
            return (Segment(start: start, c1: p01, c2: p012, end: mid, isLine: false, startsSubpath: false),
                    Segment(start: mid, c1: p123, c2: p23, end: end, isLine: false, startsSubpath: false))
        }

        static let nodes: [Double] = [-0.0950125098376374, 0.0950125098376374, -0.2816035507792589, 0.2816035507792589,
                                      -0.4580167776572274, 0.4580167776572274, -0.6178762444026438, 0.6178762444026438,
                                      -0.7554044083550030, 0.7554044083550030, -0.8656312023878318, 0.8656312023878318,
                                      -0.9445750230732326, 0.9445750230732326, -0.9894009349916499, 0.9894009349916499]
        static let weights: [Double] = [0.1894506104550685, 0.1894506104550685, 0.1826034150449236, 0.1826034150449236,
                                        0.1691565193950025, 0.1691565193950025, 0.1495959888165767, 0.1495959888165767,
                                        0.1246289712555339, 0.1246289712555339, 0.0951585116824928, 0.0951585116824928,
                                        0.0622535239386479, 0.0622535239386479, 0.0271524594117541, 0.0271524594117541]
    }

    /// The drawn segments in order; a `close` is the line back to its subpath's start.
    var segments: [Segment] {
        var list: [Segment] = []
        var current: Point?, subpathStart: Point?, fresh = true
        for element in elements {
            switch element {
            case .move(let p):
                current = p
                subpathStart = p
                fresh = true
            case .line(let p):
                if let c = current { list.append(Segment(start: c, c1: c, c2: p, end: p, isLine: true, startsSubpath: fresh)) }
                current = p
                fresh = false
            case .quad(let q, let p):
                if let c = current {
                    let c1 = Point(c.x + 2 / 3 * (q.x - c.x), c.y + 2 / 3 * (q.y - c.y))
                    let c2 = Point(p.x + 2 / 3 * (q.x - p.x), p.y + 2 / 3 * (q.y - p.y))
                    list.append(Segment(start: c, c1: c1, c2: c2, end: p, isLine: false, startsSubpath: fresh))
                }
                current = p
                fresh = false
            case .cubic(let c1, let c2, let p):
                if let c = current { list.append(Segment(start: c, c1: c1, c2: c2, end: p, isLine: false, startsSubpath: fresh)) }
                current = p
                fresh = false
            case .close:
                if let c = current, let s = subpathStart, c != s {
                    list.append(Segment(start: c, c1: c, c2: s, end: s, isLine: true, startsSubpath: fresh))
                }
                current = subpathStart
                fresh = false
            }
        }
        return list
    }

    /// The length of everything the path draws (closing lines included), all subpaths together.
    public var length: Double {
        segments.reduce(0) { $0 + $1.length() }
    }

    /// The part of the path from fraction `from` to `to` of its length, as SwiftUI's `trim(from:to:)`:
    /// the fractions are of the whole path's length, all subpaths taken in order, starting where the
    /// path starts; both are clamped to 0...1, and `from >= to` draws nothing. The whole path (0 to 1)
    /// is the path itself, closes included; any other part is open.
    public func trimmed(from: Double, to: Double) -> Path {
        let a = min(1, max(0, from.isNaN ? 0 : from)), b = min(1, max(0, to.isNaN ? 0 : to))
        if a <= 0 && b >= 1 { return self }
        guard a < b else { return Path() }
        let pieces = segments
        let lengths = pieces.map { $0.length() }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return Path() }
        let s0 = a * total, s1 = b * total
        var out = Path()
        var at = 0.0
        var previousEnd: Point?
        for (segment, length) in zip(pieces, lengths) {
            defer { at += length }
            let lo = max(s0, at), hi = min(s1, at + length)
            guard hi > lo || (length == 0 && lo == hi && at > s0 && at < s1) else { continue }
            let t0 = lo <= at ? 0 : segment.parameter(atLength: lo - at)
            let t1 = hi >= at + length ? 1 : segment.parameter(atLength: hi - at)
            let part = segment.part(t0, t1)
            if previousEnd == nil || segment.startsSubpath || t0 > 0 || previousEnd != part.start {
                out.move(to: part.start)
            }
            if part.isLine { out.addLine(to: part.end) } else { out.addCurve(to: part.end, control1: part.c1, control2: part.c2) }
            previousEnd = part.end
        }
        return out
    }
}

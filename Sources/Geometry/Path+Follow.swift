#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Moving along a path, as a `CAKeyframeAnimation` with a `path` moves a layer's position.
extension Path {
    /// The path's drawn segments with their lengths, sampled by segment parameter or by length.
    public struct Follower: Sendable {
        let segments: [Segment]
        let lengths: [Double]
        /// Where the path starts (its first point), for a path that draws nothing.
        let origin: Point
        /// The length of all the segments together.
        public let length: Double

        public init(_ path: Path) {
            segments = path.segments
            lengths = segments.map { $0.length() }
            length = lengths.reduce(0, +)
            var first = Point.zero
            if let element = path.elements.first, case .move(let p) = element { first = p }
            origin = segments.first?.start ?? first
        }

        /// How many segments (lines and curves, closing lines included) the path draws; the vertices
        /// are one more.
        public var segmentCount: Int { segments.count }

        /// The position and direction of travel (degrees from +x toward +y, clockwise on screen) at
        /// parameter `t` (0...1) of segment `index`.
        public func sample(segment index: Int, t: Double) -> (point: Point, degrees: Double) {
            guard !segments.isEmpty else { return (origin, 0) }
            let i = min(max(index, 0), segments.count - 1)
            let s = segments[i], u = min(max(t, 0), 1)
            return (s.point(at: u), direction(of: s, at: u))
        }

        /// The position and direction at fraction `f` (0...1) of the length: constant speed along the path.
        public func sample(atFraction f: Double) -> (point: Point, degrees: Double) {
            guard !segments.isEmpty else { return (origin, 0) }
            var remaining = min(max(f, 0), 1) * length
            for (i, s) in segments.enumerated() {
                if remaining <= lengths[i] || i == segments.count - 1 {
                    let t = lengths[i] > 0 ? s.parameter(atLength: min(remaining, lengths[i])) : 1
                    return (s.point(at: t), direction(of: s, at: t))
                }
                remaining -= lengths[i]
            }
            return (origin, 0)
        }

        /// The tangent's angle: the derivative's, or where it vanishes (a control point on an end), the
        /// direction toward the next distinct point of the segment.
        private func direction(of s: Segment, at t: Double) -> Double {
            let u = 1 - t
            var dx = 3 * u * u * (s.c1.x - s.start.x) + 6 * u * t * (s.c2.x - s.c1.x) + 3 * t * t * (s.end.x - s.c2.x)
            var dy = 3 * u * u * (s.c1.y - s.start.y) + 6 * u * t * (s.c2.y - s.c1.y) + 3 * t * t * (s.end.y - s.c2.y)
            if s.isLine || dx * dx + dy * dy < 1e-18 {
                let a = s.point(at: max(0, t - 1e-4)), b = s.point(at: min(1, t + 1e-4))
                (dx, dy) = s.isLine ? (s.end.x - s.start.x, s.end.y - s.start.y) : (b.x - a.x, b.y - a.y)
            }
            return atan2(dy, dx) * 180 / .pi
        }
    }
}

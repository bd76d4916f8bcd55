#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SwiftUI's built-in shapes, as paths in a given rectangle.
extension Path {
    /// `Circle()`: the largest circle centred in `rect`.
    public static func circle(in rect: Rect) -> Path {
        let d = min(rect.width, rect.height)
        return Path { $0.addEllipse(in: Rect(x: rect.midX - d / 2, y: rect.midY - d / 2, width: d, height: d)) }
    }

    /// `Ellipse()`: the ellipse filling `rect`.
    public static func ellipse(in rect: Rect) -> Path {
        Path { $0.addEllipse(in: rect) }
    }

    /// `Rectangle()`.
    public static func rect(_ rect: Rect) -> Path {
        Path { $0.addRect(rect) }
    }

    /// `RoundedRectangle(cornerRadius:)` with circular corners.
    public static func roundedRect(_ rect: Rect, cornerRadius: Double) -> Path {
        Path { $0.addRoundedRect(rect, cornerRadius: cornerRadius) }
    }

    /// `UnevenRoundedRectangle(topLeadingRadius:bottomLeadingRadius:bottomTrailingRadius:topTrailingRadius:)`
    /// with circular corners.
    public static func unevenRoundedRect(_ rect: Rect, radii: CornerRadii) -> Path {
        Path { $0.addUnevenRoundedRect(rect, radii: radii) }
    }

    /// `Capsule()`: corners of half the shorter side.
    public static func capsule(in rect: Rect) -> Path {
        Path { $0.addRoundedRect(rect, cornerRadius: min(rect.width, rect.height) / 2) }
    }

    /// A polyline through `y = f(x)` sampled at every `step` of x from `x0` to `x1` inclusive,
    /// as the tutorials' `for x in stride(from:through:by:)` loops draw it.
    public static func plot(from x0: Double, through x1: Double, step: Double,
                            _ f: (Double) -> Double) -> Path {
        var path = Path()
        guard step > 0, x1 >= x0 else { return path }
        let count = Int(((x1 - x0) / step).rounded(.down))
        for i in 0...count {
            let x = x0 + Double(i) * step
            path.addLine(to: Point(x, f(x)))
        }
        return path
    }
}

extension Path {
    /// The outline of a circular arc stroked `width` wide with round caps, as one closed subpath: the outer
    /// edge from `startAngle` through `sweep` radians (positive: clockwise on screen), a half-circle cap,
    /// the inner edge back, and the other cap. It is what `stroke(lineWidth:lineCap: .round)` of the arc
    /// covers, as a shape to fill.
    public static func roundCappedArc(center: Point, radius: Double, width: Double, startAngle: Double,
                                      sweep: Double) -> Path {
        let half = width / 2
        let end = startAngle + sweep
        func point(_ angle: Double, _ r: Double) -> Point {
            Point(center.x + r * cos(angle), center.y + r * sin(angle))
        }
        // The caps turn the same way round as the outer edge runs, so the outline never crosses itself.
        let turn = sweep >= 0 ? Double.pi : -Double.pi
        return Path { path in
            path.addArc(center: center, radius: radius + half, startAngle: startAngle, sweep: sweep)
            path.addArc(center: point(end, radius), radius: half, startAngle: end, sweep: turn)
            path.addArc(center: center, radius: max(0, radius - half), startAngle: end, sweep: -sweep)
            path.addArc(center: point(startAngle, radius), radius: half, startAngle: startAngle + Double.pi, sweep: turn)
            path.closeSubpath()
        }
    }
}

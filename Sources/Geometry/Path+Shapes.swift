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

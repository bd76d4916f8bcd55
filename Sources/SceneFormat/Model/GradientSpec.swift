/// A gradient paint: SwiftUI's `LinearGradient` or `RadialGradient`, in the shape's own rectangle.
///
/// Points are unit points of the rectangle the shape is drawn in (`.leading` is (0, 0.5)), so a
/// gradient stretches with its shape, as a SwiftUI `ShapeStyle` does; radii are in points.
public struct GradientSpec: Sendable {
    /// One colour of the gradient; `location` nil spaces the colours evenly (`Gradient(colors:)`).
    public struct Stop: Sendable {
        public var color: Binding
        public var location: Binding?
    }

    /// Which gradient and its geometry.
    public enum Kind: Sendable {
        /// `LinearGradient(gradient:startPoint:endPoint:)`.
        case linear(start: (x: Double, y: Double), end: (x: Double, y: Double))
        /// `RadialGradient(gradient:center:startRadius:endRadius:)`.
        case radial(center: (x: Double, y: Double), startRadius: Binding, endRadius: Binding)
        /// `EllipticalGradient(gradient:center:startRadiusFraction:endRadiusFraction:)`: radii are fractions
        /// of the unit square, stretched to the shape's rectangle.
        case elliptical(center: (x: Double, y: Double), startRadiusFraction: Binding, endRadiusFraction: Binding)
    }

    public var kind: Kind
    public var stops: [Stop]
    public var path: JSONPath

    /// Every binding in the gradient, for name checks.
    public var bindings: [Binding] {
        var list = stops.flatMap { [$0.color] + ($0.location.map { [$0] } ?? []) }
        if case .radial(_, let startRadius, let endRadius) = kind { list += [startRadius, endRadius] }
        if case .elliptical(_, let start, let end) = kind { list += [start, end] }
        return list
    }
}

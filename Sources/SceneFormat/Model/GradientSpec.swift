/// A gradient paint: SwiftUI's `LinearGradient`, `RadialGradient`, `EllipticalGradient` or
/// `AngularGradient`, in the shape's own rectangle.
///
/// Points are unit points of the rectangle the shape is drawn in (`.leading` is (0, 0.5)), so a
/// gradient stretches with its shape, as a SwiftUI `ShapeStyle` does; radii are in points.
public struct GradientSpec: Sendable {
    /// One colour of the gradient; `location` nil spaces the colours evenly (`Gradient(colors:)`).
    public struct Stop: Sendable {
        public var color: Binding
        public var location: Binding?
        /// Added to the colour's HSL lightness (capped at 1), hue and saturation kept: the lighter top of
        /// `Color.gradient` (`{"gradient": colour}`); 0 for every stop written as such.
        public var lightened: Double = 0
    }

    /// A unit point whose coordinates may be expressions (a name is two constants).
    public struct Point: Sendable {
        public var x: Binding
        public var y: Binding
    }

    /// Which gradient and its geometry.
    public enum Kind: Sendable {
        /// `LinearGradient(gradient:startPoint:endPoint:)`.
        case linear(start: Point, end: Point)
        /// `RadialGradient(gradient:center:startRadius:endRadius:)`.
        case radial(center: Point, startRadius: Binding, endRadius: Binding)
        /// `EllipticalGradient(gradient:center:startRadiusFraction:endRadiusFraction:)`: radii are fractions
        /// of the unit square, stretched to the shape's rectangle.
        case elliptical(center: Point, startRadiusFraction: Binding, endRadiusFraction: Binding)
        /// `AngularGradient(gradient:center:startAngle:endAngle:)`, angles in degrees.
        case angular(center: Point, startAngle: Binding, endAngle: Binding)
    }

    /// How colours mix between stops: SwiftUI's `Gradient.ColorSpace`, chosen with `Gradient.colorSpace(_:)`.
    public enum ColorSpace: String, Sendable, CaseIterable {
        /// `.device`: the stops' sRGB components, premultiplied by opacity.
        case device
        /// `.perceptual`: Oklab, premultiplied by opacity.
        case perceptual
    }

    public var kind: Kind
    public var stops: [Stop]
    /// `"colorSpace"`, `.perceptual` unless given (SwiftUI's default since iOS 16: docs/scene-format.md, Gradients).
    public var colorSpace: ColorSpace = .perceptual
    public var path: JSONPath

    public init(kind: Kind, stops: [Stop], colorSpace: ColorSpace = .perceptual, path: JSONPath) {
        self.kind = kind
        self.stops = stops
        self.colorSpace = colorSpace
        self.path = path
    }

    /// Every binding in the gradient, for name checks.
    public var bindings: [Binding] {
        var list = stops.flatMap { [$0.color] + ($0.location.map { [$0] } ?? []) }
        switch kind {
        case .linear(let start, let end): list += [start.x, start.y, end.x, end.y]
        case .radial(let center, let a, let b), .elliptical(let center, let a, let b), .angular(let center, let a, let b):
            list += [center.x, center.y, a, b]
        }
        return list
    }
}

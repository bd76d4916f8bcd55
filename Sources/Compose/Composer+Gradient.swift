import DisplayList
import Geometry
import SceneFormat

/// Gradient paints resolved in the rectangle of the shape they paint.
extension Composer {
    /// A `LinearGradient` or `RadialGradient` whose unit points are placed in `rect`, as SwiftUI places a
    /// gradient `ShapeStyle` in the frame of the shape it fills or strokes.
    func gradientPaint(_ gradient: GradientSpec, in rect: Rect, _ scope: ComposeScope, node: Node,
                       name: String) throws(SceneError) -> Paint {
        let stops = try gradientStops(gradient, scope, node: node, name: name)
        func point(_ unit: (x: Double, y: Double)) -> Point {
            Point(rect.minX + unit.x * rect.width, rect.minY + unit.y * rect.height)
        }
        switch gradient.kind {
        case .linear(let start, let end):
            return .linearGradient(LinearGradient(start: point(start), end: point(end), stops: stops))
        case .radial(let center, let startRadius, let endRadius):
            let r0 = try scope.number(startRadius), r1 = try scope.number(endRadius)
            for (r, b) in [(r0, startRadius), (r1, endRadius)] where r < 0 {
                throw SceneError(path: b.path, location: b.location, message: "a gradient radius cannot be negative (\(r))")
            }
            return .radialGradient(RadialGradient(center: point(center), startRadius: r0, endRadius: r1, stops: stops))
        case .elliptical(let center, let startFraction, let endFraction):
            return try ellipticalPaint(center: center, startFraction, endFraction, stops: stops, in: rect, scope)
        }
    }

    /// The stops with their colours and locations: given locations clamped to 0...1, or `colors` spread
    /// evenly from 0 to 1 (one colour paints solid). Each stop's colour is the attribute `name.stopN`.
    func gradientStops(_ gradient: GradientSpec, _ scope: ComposeScope, node: Node,
                       name: String) throws(SceneError) -> [GradientStop] {
        let count = gradient.stops.count
        var stops: [GradientStop] = []
        for (index, stop) in gradient.stops.enumerated() {
            let color = scope.animated(node, "\(name).stop\(index)", Self.color(try scope.color(stop.color)))
            let location: Double
            if let binding = stop.location {
                location = min(1, max(0, try scope.number(binding)))
            } else {
                location = count == 1 ? 0 : Double(index) / Double(count - 1)
            }
            stops.append(GradientStop(location: location, color: color))
        }
        if count == 1, let only = stops.first { stops.append(GradientStop(location: 1, color: only.color)) }
        return stops
    }
}

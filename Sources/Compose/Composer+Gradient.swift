import DisplayList
import Geometry
import SceneFormat

/// Gradient paints resolved in the rectangle of the shape they paint.
extension Composer {
    /// A gradient whose unit points are placed in `rect`, as SwiftUI places a gradient `ShapeStyle` in the
    /// frame of the shape it fills or strokes. Its geometry (points, radii, angles) is the attribute
    /// `name.geometry`, so moving points animate; its stops are `name.stopN` (colours) and
    /// `name.locationN` (given locations).
    func gradientPaint(_ gradient: GradientSpec, in rect: Rect, _ scope: ComposeScope, node: Node,
                       name: String) throws(SceneError) -> Paint {
        let stops = try gradientStops(gradient, scope, node: node, name: name)
        let colorSpace = Self.colorSpace(gradient.colorSpace)
        func point(_ x: Double, _ y: Double) -> Point {
            Point(rect.minX + x * rect.width, rect.minY + y * rect.height)
        }
        func geometry(_ bindings: [Binding]) throws(SceneError) -> [Double] {
            var values: [Double] = []
            for b in bindings { values.append(try scope.number(b)) }
            return scope.animated(node, "\(name).geometry", values)
        }
        switch gradient.kind {
        case .linear(let start, let end):
            let v = try geometry([start.x, start.y, end.x, end.y])
            return .linearGradient(LinearGradient(start: point(v[0], v[1]), end: point(v[2], v[3]), stops: stops,
                                                  colorSpace: colorSpace))
        case .radial(let center, let startRadius, let endRadius):
            for b in [startRadius, endRadius] {
                let r = try scope.number(b)
                if r < 0 { throw SceneError(path: b.path, location: b.location, message: "a gradient radius cannot be negative (\(r))") }
            }
            let v = try geometry([center.x, center.y, startRadius, endRadius])
            return .radialGradient(RadialGradient(center: point(v[0], v[1]), startRadius: max(0, v[2]), endRadius: max(0, v[3]),
                                                  stops: stops, colorSpace: colorSpace))
        case .elliptical(let center, let startFraction, let endFraction):
            return try ellipticalPaint(center: center, startFraction, endFraction, stops: stops, colorSpace: colorSpace,
                                       in: rect, scope, node: node, name: name)
        case .angular(let center, let startAngle, let endAngle):
            let v = try geometry([center.x, center.y, startAngle, endAngle])
            return .angularGradient(AngularGradient(center: point(v[0], v[1]), startAngle: v[2] * .pi / 180,
                                                    endAngle: v[3] * .pi / 180, stops: stops, colorSpace: colorSpace))
        }
    }

    /// The display list's colour space for the format's.
    static func colorSpace(_ space: GradientSpec.ColorSpace) -> GradientColorSpace {
        switch space {
        case .device: .device
        case .perceptual: .perceptual
        }
    }

    /// The stops with their colours and locations: given locations clamped to 0...1, or `colors` spread
    /// evenly from 0 to 1 (one colour paints solid). Each stop's colour is the attribute `name.stopN`,
    /// a given location `name.locationN`.
    func gradientStops(_ gradient: GradientSpec, _ scope: ComposeScope, node: Node,
                       name: String) throws(SceneError) -> [GradientStop] {
        let count = gradient.stops.count
        var stops: [GradientStop] = []
        for (index, stop) in gradient.stops.enumerated() {
            var resolved = Self.color(try scope.color(stop.color))
            if stop.lightened != 0 { resolved = Self.lightened(resolved, by: stop.lightened) }
            let color = scope.animated(node, "\(name).stop\(index)", resolved)
            let location: Double
            if let binding = stop.location {
                location = min(1, max(0, scope.animated(node, "\(name).location\(index)", try scope.number(binding))))
            } else {
                location = count == 1 ? 0 : Double(index) / Double(count - 1)
            }
            stops.append(GradientStop(location: location, color: color))
        }
        if count == 1, let only = stops.first { stops.append(GradientStop(location: 1, color: only.color)) }
        return stops
    }

    /// `color` with `amount` added to its HSL lightness (capped at 1), hue, saturation and alpha kept.
    static func lightened(_ color: Color, by amount: Double) -> Color {
        let (r, g, b) = (color.red, color.green, color.blue)
        let high = max(r, g, b), low = min(r, g, b)
        let lightness = (high + low) / 2
        let chroma = high - low
        let saturation = chroma == 0 ? 0 : chroma / (1 - abs(2 * lightness - 1))
        var hue = 0.0
        if chroma > 0 {
            if high == r { hue = ((g - b) / chroma).truncatingRemainder(dividingBy: 6) }
            else if high == g { hue = (b - r) / chroma + 2 }
            else { hue = (r - g) / chroma + 4 }
            if hue < 0 { hue += 6 }
        }
        let l = min(1, lightness + amount)
        let c = (1 - abs(2 * l - 1)) * saturation
        let x = c * (1 - abs(hue.truncatingRemainder(dividingBy: 2) - 1))
        let m = l - c / 2
        let (r1, g1, b1): (Double, Double, Double)
        switch Int(hue) {
        case 0: (r1, g1, b1) = (c, x, 0)
        case 1: (r1, g1, b1) = (x, c, 0)
        case 2: (r1, g1, b1) = (0, c, x)
        case 3: (r1, g1, b1) = (0, x, c)
        case 4: (r1, g1, b1) = (x, 0, c)
        default: (r1, g1, b1) = (c, 0, x)
        }
        return Color(red: r1 + m, green: g1 + m, blue: b1 + m, alpha: color.alpha)
    }
}

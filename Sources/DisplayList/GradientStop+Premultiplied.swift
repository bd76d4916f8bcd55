/// SwiftUI interpolates gradient colours premultiplied by their opacity: `ResolvedGradient.ColorSpace`
/// turns each stop into `(r·a, g·a, b·a, a)` before mixing, in every colour space (SwiftUICore's
/// `ResolvedGradient.ColorSpace.convertIn(_:)`, as reconstructed from the framework binary). So a stop
/// of `.clear` (transparent black) fades its neighbour's opacity without darkening it:
/// `[.clear, .white.opacity(0.7), .clear]` is white throughout, its opacity ramping 0, 0.7, 0.
extension GradientStop {
    /// `a` and `b` mixed at `fraction` premultiplied: the opacity interpolates, and the colour is the
    /// opacity-weighted mix (either colour alone where the other is fully transparent).
    public static func premultipliedMix(_ a: Color, _ b: Color, _ fraction: Double) -> Color {
        let alpha = a.alpha + (b.alpha - a.alpha) * fraction
        // Equal opacities (every opaque gradient) mix the same premultiplied or not.
        guard a.alpha != b.alpha else {
            return Color(red: a.red + (b.red - a.red) * fraction, green: a.green + (b.green - a.green) * fraction,
                         blue: a.blue + (b.blue - a.blue) * fraction, alpha: alpha)
        }
        let wa = a.alpha * (1 - fraction), wb = b.alpha * fraction
        // At a fully transparent end the colour is the other stop's (its own weighs nothing).
        guard wa + wb > 0 else {
            let c = a.alpha > 0 ? a : b
            return Color(red: c.red, green: c.green, blue: c.blue, alpha: alpha)
        }
        func mix(_ x: Double, _ y: Double) -> Double { (x * wa + y * wb) / (wa + wb) }
        return Color(red: mix(a.red, b.red), green: mix(a.green, b.green), blue: mix(a.blue, b.blue), alpha: alpha)
    }

    /// `stops` for a renderer that interpolates straight (unpremultiplied) colours between stops, as Cairo
    /// does: between two stops of different opacity, the ends take the premultiplied mix's colour (a
    /// fully transparent stop takes its neighbour's, on each side, so it may stand twice at one location)
    /// and `steps - 1` stops more, evenly spaced, carry the mix, so the straight ramp through them follows
    /// it (exactly where one end is fully transparent, within a small fraction of a colour step
    /// elsewhere). Stops of equal opacity mix the same either way and are kept as they are.
    public static func premultipliedRamp(_ stops: [GradientStop], steps: Int = 16) -> [GradientStop] {
        guard stops.count > 1, steps > 1, zip(stops, stops.dropFirst()).contains(where: { $0.color.alpha != $1.color.alpha }) else {
            return stops
        }
        var result: [GradientStop] = []
        for (a, b) in zip(stops, stops.dropFirst()) {
            let ramps = a.color.alpha != b.color.alpha && b.location > a.location
            let start = GradientStop(location: a.location, color: ramps ? premultipliedMix(a.color, b.color, 0) : a.color)
            if result.last != start { result.append(start) }
            if ramps {
                for k in 1..<steps {
                    let f = Double(k) / Double(steps)
                    result.append(GradientStop(location: a.location + (b.location - a.location) * f,
                                               color: premultipliedMix(a.color, b.color, f)))
                }
            }
            result.append(GradientStop(location: b.location, color: ramps ? premultipliedMix(a.color, b.color, 1) : b.color))
        }
        return result
    }
}

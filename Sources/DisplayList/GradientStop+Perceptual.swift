#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a gradient's colours mix between stops: SwiftUI's `Gradient.ColorSpace`, chosen with
/// `Gradient.colorSpace(_:)`. Both mix premultiplied by opacity.
public enum GradientColorSpace: Sendable, Equatable {
    /// `.device`: the stops' sRGB components (`GradientStop.premultipliedMix`).
    case device
    /// `.perceptual`: Oklab (`GradientStop.perceptualMix`).
    case perceptual
}

/// SwiftUI's `.perceptual` gradient colour space, as OpenSwiftUI reconstructs SwiftUICore's
/// `ResolvedGradient.ColorSpace.convertIn(_:)` and `convertOut(_:)` (OpenSwiftUIProject/OpenSwiftUI,
/// Sources/OpenSwiftUICore/Graphic/Gradient/Gradient.swift, commit b16a2008 "Add LinearGradient"):
/// a colour goes in as its linear sRGB components through Oklab's first matrix (linear sRGB to LMS,
/// Björn Ottosson, "A perceptual color space for image processing", 2020), a signed cube root of each,
/// then times its opacity; mixes linearly with the opacity; and comes out divided by the opacity,
/// cubed, through the inverse matrix, back to sRGB. Oklab's second matrix is linear, so mixing these
/// cube-rooted LMS values is mixing in Oklab.
extension GradientStop {
    /// `a` and `b` mixed at `fraction` in `space`.
    public static func mix(_ a: Color, _ b: Color, _ fraction: Double, in space: GradientColorSpace) -> Color {
        switch space {
        case .device: premultipliedMix(a, b, fraction)
        case .perceptual: perceptualMix(a, b, fraction)
        }
    }

    /// `stops` for a renderer that interpolates straight colours between stops, as Cairo does, in `space`.
    public static func ramp(_ stops: [GradientStop], in space: GradientColorSpace) -> [GradientStop] {
        switch space {
        case .device: premultipliedRamp(stops)
        case .perceptual: perceptualRamp(stops)
        }
    }

    /// `a` and `b` mixed at `fraction` in premultiplied Oklab, clamped to sRGB. Where the mix is fully
    /// transparent (at a transparent end) its colour is the other stop's, as `premultipliedMix`.
    public static func perceptualMix(_ a: Color, _ b: Color, _ fraction: Double) -> Color {
        let p = oklabIn(a), q = oklabIn(b)
        let alpha = a.alpha + (b.alpha - a.alpha) * fraction
        guard alpha > 0 else {
            let c = a.alpha > 0 ? a : b
            return Color(red: c.red, green: c.green, blue: c.blue, alpha: 0)
        }
        func mix(_ i: Int) -> Double { (p[i] + (q[i] - p[i]) * fraction) / alpha }
        let (l, m, s) = (cube(mix(0)), cube(mix(1)), cube(mix(2)))
        let r = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s
        let g = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s
        let bl = -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s
        return Color(red: unit(Color.encoded(r)), green: unit(Color.encoded(g)), blue: unit(Color.encoded(bl)), alpha: alpha)
    }

    /// `stops` with stops added between two of different colour, so a renderer interpolating straight
    /// sRGB between them follows the Oklab mix: each span is halved until the straight line at its
    /// quarter points is within `tolerance` (of a 0...1 component) of the mix, at most 1024 parts.
    /// Fully transparent ends take their neighbour's colour, as `premultipliedRamp` does.
    public static func perceptualRamp(_ stops: [GradientStop], tolerance: Double = 0.25 / 255) -> [GradientStop] {
        guard stops.count > 1 else { return stops }
        var result: [GradientStop] = []
        for (a, b) in zip(stops, stops.dropFirst()) {
            let ramps = a.color != b.color && b.location > a.location
            guard ramps else {
                if result.last != a { result.append(a) }
                result.append(b)
                continue
            }
            func stop(_ f: Double) -> GradientStop {
                GradientStop(location: a.location + (b.location - a.location) * f, color: perceptualMix(a.color, b.color, f))
            }
            let start = stop(0)
            if result.last != start { result.append(start) }
            func split(_ f0: Double, _ c0: Color, _ f1: Double, _ c1: Color, depth: Int) {
                let close = depth >= 10 || [0.25, 0.5, 0.75].allSatisfy { t in
                    let exact = perceptualMix(a.color, b.color, f0 + (f1 - f0) * t)
                    func straight(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
                    return abs(exact.red - straight(c0.red, c1.red)) <= tolerance
                        && abs(exact.green - straight(c0.green, c1.green)) <= tolerance
                        && abs(exact.blue - straight(c0.blue, c1.blue)) <= tolerance
                        && abs(exact.alpha - straight(c0.alpha, c1.alpha)) <= tolerance
                }
                if close { return }
                let fm = (f0 + f1) / 2
                let mid = stop(fm)
                split(f0, c0, fm, mid.color, depth: depth + 1)
                result.append(mid)
                split(fm, mid.color, f1, c1, depth: depth + 1)
            }
            let end = stop(1)
            split(0, start.color, 1, end.color, depth: 0)
            result.append(end)
        }
        return result
    }

    /// `color` as premultiplied cube-rooted LMS (Oklab before its second, linear, matrix) and opacity.
    static func oklabIn(_ color: Color) -> [Double] {
        let r = Color.linear(color.red), g = Color.linear(color.green), b = Color.linear(color.blue)
        let l = 0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b
        let m = 0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b
        let s = 0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b
        return [cbrt(l) * color.alpha, cbrt(m) * color.alpha, cbrt(s) * color.alpha, color.alpha]
    }

    private static func cube(_ x: Double) -> Double { x * x * x }

    private static func unit(_ x: Double) -> Double { x > 0 ? min(x, 1) : 0 }
}

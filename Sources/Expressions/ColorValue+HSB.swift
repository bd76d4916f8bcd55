#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ColorValue {
    /// SwiftUI's `Color(hue:saturation:brightness:opacity:)`: the HSB (HSV) colour, all in 0...1, in sRGB.
    ///
    /// Hue 0 and 1 are red; 1/3 green, 2/3 blue.
    public init(hue: Double, saturation s: Double, brightness v: Double, alpha: Double = 1) {
        let h6 = (hue - floor(hue)) * 6
        let sector = Int(floor(h6)) % 6
        let f = h6 - floor(h6)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let rgb: (Double, Double, Double)
        switch sector {
        case 0: rgb = (v, t, p)
        case 1: rgb = (q, v, p)
        case 2: rgb = (p, v, t)
        case 3: rgb = (p, q, v)
        case 4: rgb = (t, p, v)
        default: rgb = (v, p, q)
        }
        self.init(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: alpha)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Color {
    /// The sRGB transfer function: an encoded component (0...1) as linear light, extended to negative
    /// values by symmetry (as SwiftUI's `Color.Resolved.linearRed`).
    public static func linear(_ encoded: Double) -> Double {
        let m = abs(encoded)
        let l = m <= 0.04045 ? m / 12.92 : pow((m + 0.055) / 1.055, 2.4)
        return encoded < 0 ? -l : l
    }

    /// The inverse of `linear(_:)`: linear light as an encoded sRGB component.
    public static func encoded(_ linear: Double) -> Double {
        let m = abs(linear)
        let s = m <= 0.0031308 ? m * 12.92 : 1.055 * pow(m, 1 / 2.4) - 0.055
        return linear < 0 ? -s : s
    }
}

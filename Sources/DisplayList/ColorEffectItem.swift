#if canImport(Glibc)
import Glibc
#endif

/// Children drawn, then their pixels transformed by a colour matrix and composited with a blend mode
/// (SwiftUI `.hueRotation`, `.saturation`, `.brightness`, `.contrast`, `.grayscale`, `.colorMultiply`,
/// `.blendMode`).
public struct ColorEffectItem: Sendable, Equatable {
    /// Applied to the children's unpremultiplied pixels; nil: colours unchanged.
    public var matrix: ColorMatrix?
    public var blendMode: BlendMode
    public var children: [DisplayItem]

    public init(matrix: ColorMatrix?, blendMode: BlendMode = .normal, children: [DisplayItem]) {
        self.matrix = matrix
        self.blendMode = blendMode
        self.children = children
    }
}

/// An RGBA colour transformation, as SwiftUI's `ColorMatrix`: four rows of five, the fifth column a bias.
///
/// `r' = m[0] r + m[1] g + m[2] b + m[3] a + m[4]`, and so on, on unpremultiplied components in 0...1,
/// the result clamped to 0...1.
public struct ColorMatrix: Sendable, Equatable {
    /// Row-major, 20 values.
    public var m: [Double]

    public init(_ m: [Double]) {
        self.m = m.count == 20 ? m : ColorMatrix.identity.m
    }

    public static let identity = ColorMatrix([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0])

    /// Rec. 709 luma weights, the ones SwiftUI's hue rotation, saturation and grayscale use.
    static let luma = (r: 0.2126, g: 0.7152, b: 0.0722)

    /// `self` after `first`: the matrix that applies `first`, then `self` (no clamping in between).
    public func after(_ first: ColorMatrix) -> ColorMatrix {
        var out = [Double](repeating: 0, count: 20)
        for row in 0..<4 {
            for col in 0..<5 {
                var sum = col == 4 ? m[row * 5 + 4] : 0
                for k in 0..<4 { sum += m[row * 5 + k] * first.m[k * 5 + col] }
                out[row * 5 + col] = sum
            }
        }
        return ColorMatrix(out)
    }

    /// `.hueRotation(.degrees(d))`: the SVG `feColorMatrix type="hueRotate"` matrix with Rec. 709 weights.
    public static func hueRotation(degrees: Double) -> ColorMatrix {
        let a = degrees * .pi / 180
        let (c, s) = (cos(a), sin(a))
        let (r, g, b) = (luma.r, luma.g, luma.b)
        return ColorMatrix([
            r + c * (1 - r) - s * r, g - c * g - s * g, b - c * b + s * (1 - b), 0, 0,
            r - c * r + s * 0.143, g + c * (1 - g) + s * 0.140, b - c * b - s * 0.283, 0, 0,
            r - c * r - s * (1 - r), g - c * g + s * g, b + c * (1 - b) + s * b, 0, 0,
            0, 0, 0, 1, 0,
        ])
    }

    /// `.saturation(s)`: `s` times the colour plus `1 - s` times its luma (0: grey, 1: unchanged);
    /// negative amounts count as 0.
    public static func saturation(_ amount: Double) -> ColorMatrix {
        let s = max(0, amount)
        let (r, g, b) = (luma.r, luma.g, luma.b)
        return ColorMatrix([
            r + s * (1 - r), g - s * g, b - s * b, 0, 0,
            r - s * r, g + s * (1 - g), b - s * b, 0, 0,
            r - s * r, g - s * g, b + s * (1 - b), 0, 0,
            0, 0, 0, 1, 0,
        ])
    }

    /// `.grayscale(a)`: `1 - a` times the colour plus `a` times its luma; negative amounts count as 0.
    public static func grayscale(_ amount: Double) -> ColorMatrix {
        saturation(1 - max(0, amount))
    }

    /// `.brightness(a)`: `a` added to red, green and blue.
    public static func brightness(_ amount: Double) -> ColorMatrix {
        ColorMatrix([1, 0, 0, 0, amount, 0, 1, 0, 0, amount, 0, 0, 1, 0, amount, 0, 0, 0, 1, 0])
    }

    /// `.contrast(a)`: each of red, green and blue scaled by `a` about 0.5 (negative `a` also inverts).
    public static func contrast(_ amount: Double) -> ColorMatrix {
        let bias = (1 - amount) * 0.5
        return ColorMatrix([amount, 0, 0, 0, bias, 0, amount, 0, 0, bias, 0, 0, amount, 0, bias, 0, 0, 0, 1, 0])
    }

    /// `.colorMultiply(color)`: each component times the colour's.
    public static func multiply(_ color: Color) -> ColorMatrix {
        ColorMatrix([color.red, 0, 0, 0, 0, 0, color.green, 0, 0, 0, 0, 0, color.blue, 0, 0, 0, 0, 0, color.alpha, 0])
    }
}

/// How a view's pixels combine with what is behind it (SwiftUI `BlendMode`), as Cairo operators.
public enum BlendMode: String, Sendable, Equatable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case sourceAtop, destinationOver, destinationOut, plusLighter
}

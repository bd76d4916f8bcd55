/// A colour in sRGB with straight alpha, each component in 0...1.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// The same colour with its alpha multiplied by `opacity` (SwiftUI `Color.opacity(_:)`).
    public func opacity(_ opacity: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * opacity)
    }

    public var description: String {
        func hex(_ v: Double) -> String {
            let n = Int((max(0, min(1, v)) * 255).rounded())
            let digits = Array("0123456789abcdef")
            return String([digits[n / 16], digits[n % 16]])
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha < 1 ? hex(alpha) : "")
    }
}

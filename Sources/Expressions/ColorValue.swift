/// A colour with straight (not premultiplied) alpha; every component is in 0...1.
public struct ColorValue: Sendable, Hashable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// A colour from components in 0...1, as SwiftUI's `Color(red:green:blue:opacity:)`.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from 8-bit components (0...255), as design tools and CSS write them.
    public init(red255: Int, green255: Int, blue255: Int, alpha255: Int = 255) {
        self.init(red: Double(red255) / 255, green: Double(green255) / 255,
                  blue: Double(blue255) / 255, alpha: Double(alpha255) / 255)
    }

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.first == "#" { digits = digits.dropFirst() }
        var nibbles: [Int] = []
        for character in digits {
            guard let nibble = character.hexDigitValue else { return nil }
            nibbles.append(nibble)
        }
        switch nibbles.count {
        case 3, 4:
            let bytes = nibbles.map { $0 * 17 }
            self.init(red255: bytes[0], green255: bytes[1], blue255: bytes[2],
                      alpha255: bytes.count == 4 ? bytes[3] : 255)
        case 6, 8:
            let bytes = stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] * 16 + nibbles[$0 + 1] }
            self.init(red255: bytes[0], green255: bytes[1], blue255: bytes[2],
                      alpha255: bytes.count == 4 ? bytes[3] : 255)
        default:
            return nil
        }
    }

    /// The same colour with its alpha multiplied by `factor`, as SwiftUI's `Color.opacity(_:)`.
    public func opacity(_ factor: Double) -> ColorValue {
        ColorValue(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// `#RRGGBBAA`, each component rounded to 8 bits.
    public var description: String {
        "#" + [red, green, blue, alpha].map { component in
            let byte = component.isNaN ? 0 : Int((min(max(component, 0), 1) * 255).rounded())
            let text = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}

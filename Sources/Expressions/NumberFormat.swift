#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How numbers become text in labels: `str(x)`, `'${x}'`, `format(x, 2)` and `money(x)`.
public enum NumberFormat {
    /// Whole numbers below 1e16 without a fraction ("10", not "10.0"); others with up to 15 significant digits
    /// ("0.3" for 0.1 + 0.2), so float noise never reaches a label.
    public static func shortest(_ number: Double) -> String {
        if number.isFinite, number == number.rounded(.towardZero), abs(number) < 1e16 {
            return String(Int64(number))
        }
        return printf("%.15g", number)
    }

    /// Exactly `decimals` digits after the point, rounded as C's printf does ("1682.55"); no "-0.00".
    public static func fixed(_ number: Double, decimals: Int) -> String {
        let text = printf("%.*f", Int32(min(max(decimals, 0), maximumDecimals)), number)
        return text.hasPrefix("-") && text.allSatisfy({ $0 == "-" || $0 == "0" || $0 == "." })
            ? String(text.dropFirst()) : text
    }

    /// As `fixed`, with a comma between each group of three integer digits ("1,682.55").
    public static func grouped(_ number: Double, decimals: Int) -> String {
        let text = fixed(number, decimals: decimals)
        let sign = text.hasPrefix("-") ? "-" : ""
        let unsigned = text.dropFirst(sign.count)
        let integerPart = unsigned.prefix { $0 != "." }
        let rest = unsigned.dropFirst(integerPart.count)
        var groupedDigits = ""
        for (index, digit) in integerPart.enumerated() {
            if index > 0, (integerPart.count - index) % 3 == 0 { groupedDigits.append(",") }
            groupedDigits.append(digit)
        }
        return sign + groupedDigits + rest
    }

    /// The most decimals `fixed` and `grouped` write.
    public static let maximumDecimals = 20

    static func printf(_ format: String, _ arguments: CVarArg...) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        while true {
            let length = withVaList(arguments) { list in
                buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, list) }
            }
            if length < 0 { return "" }
            if Int(length) < buffer.count {
                return String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            buffer = [CChar](repeating: 0, count: Int(length) + 1)
        }
    }
}

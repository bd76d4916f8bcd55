#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The constants and functions every expression can use; a scope's own names win over these.
///
/// Constants: `pi`, `e` and the named colours of `ColorValue.named` (`red`, `blue`, ...).
/// Functions (angles in radians):
/// - `sin cos tan asin acos atan sqrt abs floor ceil round trunc int sign exp log log2 log10` (one number);
///   `round` rounds halves away from zero; `int` drops the fraction (as `trunc`); `sign` is -1, 0 or 1
/// - `atan2(y, x)`, `pow(x, y)`, `hypot(x, y)`, `mod(a, b)` (floored: the sign of b), `deg(radians)`, `rad(degrees)`
/// - `min(a, b, ...)` and `max(a, b, ...)`, or of one list of numbers; `clamp(x, lo, hi)`
/// - `lerp(a, b, t)` = `mix(a, b, t)` = a + (b - a) t, for numbers or colours (colour components kept in 0...1)
/// - `count(x)`: items of a list, characters of a string, fields of a record
/// - `str(x)`: the text of any value; `format(x, decimals)`: "1682.55"; `money(x)` or `money(x, decimals)`:
///   "1,682.55" (two decimals by default)
/// - `rgb(r, g, b)` and `rgba(r, g, b, a)` with components in 0...1 (as SwiftUI's `Color(red:green:blue:)`),
///   `hsb(h, s, b)` and `hsb(h, s, b, opacity)` in 0...1 (`Color(hue:saturation:brightness:opacity:)`),
///   `hex('#RRGGBB')` or `hex('#RRGGBBAA')`, `color('red')`, `opacity(color, factor)` (multiplies alpha)
/// There is no `random`: a scene supplies it through `Scope.callFunction` with its seeded generator.
public enum BuiltIns {
    /// The names of the built-in constants.
    public static let constantNames: [String] = ["pi", "e"] + ColorValue.colorNames

    /// The names of the built-in functions, sorted.
    public static let functionNames: [String] = functions.keys.sorted()

    /// The value of a built-in constant, or nil.
    public static func constant(_ name: String) -> Value? {
        switch name {
        case "pi": .number(Double.pi)
        case "e": .number(M_E)
        default: ColorValue.named(name).map(Value.color)
        }
    }

    static func function(named name: String) -> BuiltinFunction? {
        functions[name]
    }

    private static let functions: [String: BuiltinFunction] = {
        var table: [String: BuiltinFunction] = [:]
        for function in mathFunctions + listFunctions + textFunctions + colorFunctions + swiftFunctions {
            table[function.name] = function
        }
        return table
    }()

    private static func define(_ name: String, _ arity: ClosedRange<Int>,
                               _ body: @escaping @Sendable (BuiltinArguments) throws(ExpressionError) -> Value)
        -> BuiltinFunction {
        BuiltinFunction(name: name, arity: arity, body: body)
    }

    private static func unary(_ name: String, _ f: @escaping @Sendable (Double) -> Double) -> BuiltinFunction {
        define(name, 1...1) { arguments throws(ExpressionError) in .number(f(try arguments.number(0))) }
    }

    private static func binary(_ name: String, _ f: @escaping @Sendable (Double, Double) -> Double) -> BuiltinFunction {
        define(name, 2...2) { arguments throws(ExpressionError) in
            .number(f(try arguments.number(0), try arguments.number(1)))
        }
    }

    private static let mathFunctions: [BuiltinFunction] = [
        unary("sin") { sin($0) }, unary("cos") { cos($0) }, unary("tan") { tan($0) },
        unary("asin") { asin($0) }, unary("acos") { acos($0) }, unary("atan") { atan($0) },
        unary("sqrt") { $0.squareRoot() }, unary("abs") { abs($0) },
        unary("floor") { $0.rounded(.down) }, unary("ceil") { $0.rounded(.up) },
        unary("round") { $0.rounded(.toNearestOrAwayFromZero) },
        unary("trunc") { $0.rounded(.towardZero) }, unary("int") { $0.rounded(.towardZero) },
        unary("sign") { $0 > 0 ? 1 : $0 < 0 ? -1 : 0 },
        unary("exp") { exp($0) }, unary("log") { log($0) }, unary("log2") { log2($0) }, unary("log10") { log10($0) },
        unary("deg") { $0 * 180 / Double.pi }, unary("rad") { $0 * Double.pi / 180 },
        binary("atan2") { atan2($0, $1) }, binary("pow") { pow($0, $1) }, binary("hypot") { hypot($0, $1) },
        define("mod", 2...2) { arguments throws(ExpressionError) in
            let (a, b) = (try arguments.number(0), try arguments.number(1))
            if b == 0 { throw arguments.error("division by zero", argument: 1) }
            var remainder = a.truncatingRemainder(dividingBy: b)
            if remainder != 0, (remainder < 0) != (b < 0) { remainder += b }
            return .number(remainder)
        },
        define("clamp", 3...3) { arguments throws(ExpressionError) in
            let (x, low, high) = (try arguments.number(0), try arguments.number(1), try arguments.number(2))
            guard low <= high else {
                throw arguments.error("the lower bound of 'clamp' (\(NumberFormat.shortest(low))) is above its upper "
                                      + "bound (\(NumberFormat.shortest(high)))", argument: 1)
            }
            return .number(min(max(x, low), high))
        },
        define("min", 1...Int.max) { arguments throws(ExpressionError) in
            .number(try extreme(of: arguments, by: <))
        },
        define("max", 1...Int.max) { arguments throws(ExpressionError) in
            .number(try extreme(of: arguments, by: >))
        },
        define("lerp", 3...3) { arguments throws(ExpressionError) in try interpolate(arguments) },
        define("mix", 3...3) { arguments throws(ExpressionError) in try interpolate(arguments) },
    ]

    /// The least (or greatest) of two or more numbers, or of the numbers in one list.
    private static func extreme(of arguments: BuiltinArguments,
                                by isBetter: (Double, Double) -> Bool) throws(ExpressionError) -> Double {
        var numbers: [Double] = []
        if arguments.count == 1 {
            guard case .list(let items) = arguments.values[0], !items.isEmpty else {
                throw arguments.error("'\(arguments.function)' needs two or more numbers, or a non-empty list of "
                                      + "numbers", argument: 0)
            }
            for item in items {
                guard case .number(let number) = item else {
                    throw arguments.error("'\(arguments.function)' needs a list of numbers, but it holds "
                                          + item.typeNameWithArticle, argument: 0)
                }
                numbers.append(number)
            }
        } else {
            for index in 0..<arguments.count { numbers.append(try arguments.number(index)) }
        }
        var best = numbers[0]
        for number in numbers.dropFirst() where isBetter(number, best) { best = number }
        return best
    }

    /// a + (b - a) t for numbers, component by component for colours.
    private static func interpolate(_ arguments: BuiltinArguments) throws(ExpressionError) -> Value {
        let t = try arguments.number(2)
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        func component(_ a: Double, _ b: Double) -> Double { min(max(lerp(a, b), 0), 1) }
        switch (arguments.values[0], arguments.values[1]) {
        case (.number(let a), .number(let b)):
            return .number(lerp(a, b))
        case (.color(let a), .color(let b)):
            return .color(ColorValue(red: component(a.red, b.red), green: component(a.green, b.green),
                                     blue: component(a.blue, b.blue), alpha: component(a.alpha, b.alpha)))
        case (.number, _):
            throw arguments.typeError(1, expected: "a number")
        case (.color, _):
            throw arguments.typeError(1, expected: "a color")
        default:
            throw arguments.typeError(0, expected: "a number or a color")
        }
    }

    private static let listFunctions: [BuiltinFunction] = [
        define("count", 1...1) { arguments throws(ExpressionError) in
            switch arguments.values[0] {
            case .list(let items): return .number(Double(items.count))
            case .string(let string): return .number(Double(string.count))
            case .record(let record): return .number(Double(record.count))
            default: throw arguments.typeError(0, expected: "a list, a string or a record")
            }
        },
    ]

    private static let textFunctions: [BuiltinFunction] = [
        define("str", 1...1) { arguments throws(ExpressionError) in
            .string(try ValueLimits.checked(arguments.values[0].description, offset: nil))
        },
        define("format", 2...2) { arguments throws(ExpressionError) in
            let number = try arguments.number(0)
            let decimals = try wholeDecimals(arguments, index: 1)
            return .string(NumberFormat.fixed(number, decimals: decimals))
        },
        define("money", 1...2) { arguments throws(ExpressionError) in
            let number = try arguments.number(0)
            let decimals = arguments.count == 2 ? try wholeDecimals(arguments, index: 1) : 2
            return .string(NumberFormat.grouped(number, decimals: decimals))
        },
    ]

    private static func wholeDecimals(_ arguments: BuiltinArguments, index: Int) throws(ExpressionError) -> Int {
        let decimals = try arguments.number(index, in: 0...Double(NumberFormat.maximumDecimals), "decimals")
        guard decimals == decimals.rounded() else {
            throw arguments.error("decimals must be a whole number, not \(NumberFormat.shortest(decimals))",
                                  argument: index)
        }
        return Int(decimals)
    }

    private static let colorFunctions: [BuiltinFunction] = [
        define("rgb", 3...3) { arguments throws(ExpressionError) in
            .color(ColorValue(red: try component(arguments, 0), green: try component(arguments, 1),
                              blue: try component(arguments, 2)))
        },
        define("rgba", 4...4) { arguments throws(ExpressionError) in
            .color(ColorValue(red: try component(arguments, 0), green: try component(arguments, 1),
                              blue: try component(arguments, 2), alpha: try component(arguments, 3)))
        },
        define("hsb", 3...4) { arguments throws(ExpressionError) in
            .color(ColorValue(hue: try component(arguments, 0), saturation: try component(arguments, 1),
                              brightness: try component(arguments, 2),
                              alpha: arguments.count > 3 ? try component(arguments, 3) : 1))
        },
        define("hex", 1...1) { arguments throws(ExpressionError) in
            let text = try arguments.string(0)
            guard let color = ColorValue(hex: text) else {
                throw arguments.error("'\(text)' is not a hex colour; write '#RRGGBB' or '#RRGGBBAA'", argument: 0)
            }
            return .color(color)
        },
        define("color", 1...1) { arguments throws(ExpressionError) in
            let name = try arguments.string(0)
            guard let color = ColorValue.named(name) else {
                let hint = Suggestion.closest(to: name, in: ColorValue.colorNames).map { "; did you mean '\($0)'?" }
                throw arguments.error("unknown colour '\(name)'" + (hint ?? ""), argument: 0)
            }
            return .color(color)
        },
        // SwiftUI's `Color.opacity(_:)` clamps the factor to 0...1 (an animated opacity may overshoot).
        define("opacity", 2...2) { arguments throws(ExpressionError) in
            .color(try arguments.color(0).opacity(min(max(try arguments.number(1), 0), 1)))
        },
    ]

    /// A colour component in 0...1, with a hint for 8-bit values.
    private static func component(_ arguments: BuiltinArguments, _ index: Int) throws(ExpressionError) -> Double {
        let value = try arguments.number(index)
        guard (0...1).contains(value) else {
            throw arguments.error("colour components of '\(arguments.function)' must be from 0 to 1, not "
                                  + "\(NumberFormat.shortest(value)); divide 8-bit values by 255", argument: index)
        }
        return value
    }
}

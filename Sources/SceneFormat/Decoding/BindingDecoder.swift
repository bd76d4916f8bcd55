import Expressions

/// Turns JSON values into bindings: constants where the JSON is a literal, parsed expressions where it is a string.
enum BindingDecoder {
    /// Names the renderer provides in expressions; they cannot be state, parameter or `let` names.
    ///
    /// `t` is not among them: UIKit code often keeps its own clock in a `t` (the WaveView's tick
    /// counter), so a state variable or `let` may be called `t`; it then hides the built-in `t` (the
    /// scene time) where it is visible, while `time` always reads the scene time.
    static let reservedNames: Set<String> = ["w", "h", "time", "pi", "true", "false"]

    /// SwiftUI's colour names accepted as constants ("white", "red"...).
    static let colorNames: Set<String> = ["red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo",
                                          "purple", "pink", "brown", "white", "gray", "black", "clear", "primary",
                                          "secondary"]

    /// SwiftUI's semantic colours in the light appearance: `.primary` is the label colour, `.secondary`
    /// the secondary label colour (UIKit's secondaryLabel, RGB 60 60 67 at 60%).
    static let semanticColors: [String: ColorValue] = [
        "primary": ColorValue(red: 0, green: 0, blue: 0, alpha: 1),
        "secondary": ColorValue(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6),
    ]

    /// A number, or an expression string that evaluates to one.
    static func number(_ reader: JSONReader) throws(SceneError) -> Binding {
        switch reader.value.kind {
        case .number(let n): return Binding(.constant(.number(n)), path: reader.path, location: reader.value.location)
        case .string(let s): return try expression(s, reader)
        default: throw reader.error("expected a number or an expression string, got \(reader.value.kindName)")
        }
    }

    /// A boolean, or an expression string.
    static func bool(_ reader: JSONReader) throws(SceneError) -> Binding {
        switch reader.value.kind {
        case .bool(let b): return Binding(.constant(.bool(b)), path: reader.path, location: reader.value.location)
        case .string(let s): return try expression(s, reader)
        default: throw reader.error("expected true, false or an expression string, got \(reader.value.kindName)")
        }
    }

    /// Text with `${expr}` interpolation.
    static func template(_ reader: JSONReader) throws(SceneError) -> Binding {
        let s = try reader.string()
        do {
            let template = try Template(parsing: s)
            return Binding(.template(template), path: reader.path, location: reader.value.location)
        } catch let error as ExpressionError {
            throw reader.error("invalid text template: \(error.message)" + column(error, in: s))
        } catch {
            throw reader.error("invalid text template: \(error)")
        }
    }

    /// A colour: "#rrggbb", "#rrggbbaa", a SwiftUI colour name, or an expression giving a colour.
    static func color(_ reader: JSONReader) throws(SceneError) -> Binding {
        let s = try reader.string()
        if s.hasPrefix("#") {
            guard let c = hexColor(s) else { throw reader.error("invalid colour \"\(s)\": expected #rgb, #rgba, #rrggbb or #rrggbbaa") }
            return Binding(.constant(.color(c)), path: reader.path, location: reader.value.location)
        }
        if let semantic = semanticColors[s] {
            return Binding(.constant(.color(semantic)), path: reader.path, location: reader.value.location)
        }
        // A colour's name is an expression like any other: a state variable, parameter or `let` of that name
        // wins (`.fill(green)` with `@State var green` reads the variable, as Swift's lookup does; the colour
        // is `.green`), and otherwise it is the colour, a constant of the expression language.
        return try expression(s, reader)
    }

    /// Any JSON literal as a constant, a "#rrggbb" string as a colour, or another string as an expression
    /// (parameters' values).
    static func any(_ reader: JSONReader) throws(SceneError) -> Binding {
        if case .string(let s) = reader.value.kind {
            if s.hasPrefix("#") { return try color(reader) }
            return try expression(s, reader)
        }
        return Binding(.constant(try SceneDecoder.literal(reader)), path: reader.path, location: reader.value.location)
    }

    /// An expression built as a tree (`Expr+Building.swift`), at `reader` (a control's tap and drag actions).
    static func tree(_ expr: Expr, _ reader: JSONReader) -> Binding {
        Binding(.expression(Expression(tree: expr)), path: reader.path, location: reader.value.location)
    }

    static func expression(_ source: String, _ reader: JSONReader) throws(SceneError) -> Binding {
        do {
            let e = try Expression(parsing: source)
            return Binding(.expression(e), path: reader.path, location: reader.value.location)
        } catch let error as ExpressionError {
            throw reader.error("invalid expression \"\(shortened(source))\": \(error.message)" + column(error, in: source))
        } catch {
            throw reader.error("invalid expression \"\(shortened(source))\": \(error)")
        }
    }

    /// The source as quoted in a message: its first 60 characters when it is long.
    static func shortened(_ source: String) -> String {
        source.count <= 80 ? source : source.prefix(60) + "…"
    }

    static func column(_ error: ExpressionError, in source: String) -> String {
        guard let offset = error.offset, source.count > 1 else { return "" }
        return " (at character \(offset + 1))"
    }

    static func hexColor(_ s: String) -> ColorValue? {
        var digits = Array(s.dropFirst())
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        if digits.count == 3 || digits.count == 4 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var bytes: [Double] = []
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let b = UInt8(String(digits[i...i + 1]), radix: 16) else { return nil }
            bytes.append(Double(b) / 255)
        }
        return ColorValue(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
    }
}

/// A scope with no names, for evaluating constants at load time.
struct EmptyScope: Scope {
    func value(of name: String) -> Value? { nil }
    func callFunction(_ name: String, _ arguments: [Value]) throws -> Value? { nil }
    var knownNames: [String] { [] }
}

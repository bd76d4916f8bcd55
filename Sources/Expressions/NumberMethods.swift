/// The methods of numbers, as Swift's `Double` has them, and `formatted(_:)`'s number styles.
enum NumberMethods {
    /// The method's value, or nil if numbers have no method by that name.
    static func call(_ x: Double, _ call: MethodArguments) throws(ExpressionError) -> Value? {
        switch call.method {
        case "remainder", "truncatingRemainder":
            let y = try call.number(0)
            if y == 0 { throw call.error("division by zero", argument: 0) }
            // remainder(dividingBy:) is IEEE 754's: x - y·n with n the nearest whole number to x / y (ties to even).
            return .number(call.method == "remainder" ? x.remainder(dividingBy: y) : x.truncatingRemainder(dividingBy: y))
        case "rounded": return .number(x.rounded())
        case "squareRoot": return .number(x.squareRoot())
        case "formatted":
            let style = call.count == 0 ? NumberStyle(percent: false, fractionLength: nil)
                                        : try NumberStyle(call.arguments[0].value)
            return .string(try style.format(x, in: call.scope))
        default:
            return nil
        }
    }
}

/// The styles of `formatted(_:)` this language writes: `.number` and `.percent`, each optionally with
/// `.precision(.fractionLength(n))` (Foundation's FloatingPointFormatStyle, en_US: grouped with commas).
struct NumberStyle {
    var percent: Bool
    /// The `n` of `.fractionLength(n)`, as written.
    var fractionLength: Expr?

    init(percent: Bool, fractionLength: Expr?) {
        self.percent = percent
        self.fractionLength = fractionLength
    }

    /// The style an implicit member chain spells, or the error saying what to write instead.
    init(_ expr: Expr) throws(ExpressionError) {
        let refusal = ExpressionError("'formatted' takes .number or .percent, optionally followed by "
                                      + ".precision(.fractionLength(n)); for other styles use String(format:)",
                                      offset: expr.range.offset)
        guard let chain = expr.implicitMemberChain, let first = chain.first, first.arguments == nil,
              first.name == "number" || first.name == "percent", chain.count <= 2 else { throw refusal }
        percent = first.name == "percent"
        fractionLength = nil
        if chain.count == 2 {
            guard chain[1].name == "precision", let arguments = chain[1].arguments, arguments.count == 1,
                  arguments[0].label == nil, let inner = arguments[0].value.implicitMemberChain, inner.count == 1,
                  inner[0].name == "fractionLength", let lengthArguments = inner[0].arguments,
                  lengthArguments.count == 1, lengthArguments[0].label == nil else { throw refusal }
            fractionLength = lengthArguments[0].value
        }
    }

    func format(_ x: Double, in scope: any Scope) throws(ExpressionError) -> String {
        let value = percent ? x * 100 : x
        let suffix = percent ? "%" : ""
        guard let fractionLength else {
            // No precision: up to 6 decimals, trailing zeros dropped (ICU's default rounding).
            var text = NumberFormat.grouped(value, decimals: 6)
            if text.contains(".") {
                while text.hasSuffix("0") { text.removeLast() }
                if text.hasSuffix(".") { text.removeLast() }
            }
            return (text == "-0" ? "0" : text) + suffix
        }
        let length = try scope.evaluate(fractionLength)
        guard case .number(let n) = length, n >= 0, n <= Double(NumberFormat.maximumDecimals), n == n.rounded() else {
            throw ExpressionError("the fraction length must be a whole number from 0 to \(NumberFormat.maximumDecimals)",
                                  offset: fractionLength.range.offset)
        }
        return NumberFormat.grouped(value, decimals: Int(n)) + suffix
    }
}

extension Expr: CustomStringConvertible {
    /// The expression in canonical form, every operation parenthesized: `1 + 2 * 3` is `(1 + (2 * 3))`.
    public var description: String {
        switch self {
        case .literal(let value, _):
            value.text(quotingStrings: true)
        case .variable(let name, _):
            name
        case .member(let base, let name, _):
            (base.map { "\($0)" } ?? "") + "." + name
        case .index(let base, let index, _):
            "\(base)[\(index)]"
        case .call(let callee, let arguments, _):
            "\(callee)(" + arguments.map { ($0.label.map { "\($0): " } ?? "") + "\($0.value)" }
                .joined(separator: ", ") + ")"
        case .unary(let op, let operand, _):
            "(\(op.rawValue)\(operand))"
        case .binary(let op, let left, let right, _):
            "(\(left) \(op.rawValue) \(right))"
        case .conditional(let condition, let then, let otherwise, _):
            "(\(condition) ? \(then) : \(otherwise))"
        case .list(let items, _):
            "[" + items.map { "\($0)" }.joined(separator: ", ") + "]"
        case .template(let pieces, _):
            "'" + pieces.map { piece in
                switch piece {
                case .text(let text): String(quotedLiteral(text).dropFirst().dropLast())
                case .interpolation(let expr): "${\(expr)}"
                }
            }.joined() + "'"
        case .closure(let closure, _):
            closure.isAnonymous ? "{ \(closure.body) }"
                : "{ \(closure.parameters.joined(separator: ", ")) in \(closure.body) }"
        }
    }

    /// The description without the outermost parentheses, for error messages.
    var unparenthesizedDescription: String {
        let text = description
        switch self {
        case .unary, .binary, .conditional: return String(text.dropFirst().dropLast())
        default: return text
        }
    }
}

/// `text` as a single-quoted literal that parses back to the same string.
public func quotedLiteral(_ text: String) -> String {
    var result = "'"
    for character in text {
        switch character {
        case "\\": result += "\\\\"
        case "'": result += "\\'"
        case "$": result += "\\$"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        default: result.append(character)
        }
    }
    return result + "'"
}

/// A place in an expression's source text, counted in `Character`s from the start.
public struct SourceRange: Sendable, Hashable {
    public var offset: Int
    public var length: Int

    public init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }
}

/// One argument of a call: `0.1` or `duration: 0.1`.
public struct CallArgument: Sendable, Equatable {
    public var label: String?
    public var value: Expr

    public init(label: String? = nil, value: Expr) {
        self.label = label
        self.value = value
    }
}

/// A prefix operator.
public enum UnaryOperator: String, Sendable, Hashable {
    case negate = "-"
    case not = "!"
}

/// An infix operator; the raw value is its spelling.
public enum BinaryOperator: String, Sendable, Hashable, CaseIterable {
    case multiply = "*", divide = "/", remainder = "%"
    case add = "+", subtract = "-"
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case equal = "==", notEqual = "!="
    case and = "&&"
    case or = "||"
    /// `a..<b` and `a...b`: the whole numbers from a up to b, as a list.
    case halfOpenRange = "..<", closedRange = "..."
    /// `a ?? b`: a, or b when a has no value (`xs.first ?? 0`).
    case nilCoalescing = "??"
}

/// A closure, `{ a, b in a + b }` or `{ $0 * 2 }`, written as the argument of a method such as `map`.
public struct Closure: Sendable, Equatable {
    /// The parameter names: as written, or `$0`, `$1`, ... up to the highest one the body uses.
    public var parameters: [String]
    /// True when the parameters are the anonymous `$0`, `$1`, ....
    public var isAnonymous: Bool
    /// The single expression the closure returns.
    public var body: Expr

    public init(parameters: [String], isAnonymous: Bool, body: Expr) {
        self.parameters = parameters
        self.isAnonymous = isAnonymous
        self.body = body
    }
}

/// One part of a string with interpolation: literal text or a `${expression}`.
public enum TemplatePiece: Sendable, Equatable {
    case text(String)
    case interpolation(Expr)
}

/// A node of a parsed expression; every node carries the range of source text it was parsed from.
///
/// The tree is public so other modules can read it directly: an animation such as
/// `.easeInOut(duration: 0.1).delay(0.1)` is `call(callee: member(base: call(callee: member(base: nil,
/// name: "easeInOut"), ...), name: "delay"), arguments: [0.1])`; `implicitMemberChain` flattens it.
public indirect enum Expr: Sendable, Equatable {
    /// A number, string or bool written in the source.
    case literal(Value, at: SourceRange)
    /// A name, looked up in the scope and then among the built-in constants.
    case variable(String, at: SourceRange)
    /// `base.name`; a nil base is an implicit member such as `.easeIn`.
    case member(base: Expr?, name: String, at: SourceRange)
    /// `base[index]`.
    case index(Expr, Expr, at: SourceRange)
    /// `callee(arguments)`.
    case call(callee: Expr, arguments: [CallArgument], at: SourceRange)
    /// `-x` or `!x`.
    case unary(UnaryOperator, Expr, at: SourceRange)
    /// `a op b`.
    case binary(BinaryOperator, Expr, Expr, at: SourceRange)
    /// `condition ? then : else`.
    case conditional(Expr, Expr, Expr, at: SourceRange)
    /// `[a, b, c]`.
    case list([Expr], at: SourceRange)
    /// A string literal with at least one `${...}`.
    case template([TemplatePiece], at: SourceRange)
    /// `{ x in x * 2 }`: only as an argument of a method call.
    case closure(Closure, at: SourceRange)

    /// The source text this node was parsed from.
    public var range: SourceRange {
        switch self {
        case .literal(_, let range), .variable(_, let range), .member(_, _, let range), .index(_, _, let range),
             .call(_, _, let range), .unary(_, _, let range), .binary(_, _, _, let range),
             .conditional(_, _, _, let range), .list(_, let range), .template(_, let range), .closure(_, let range):
            range
        }
    }
}

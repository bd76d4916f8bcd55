/// A parsed expression with its source text: parse once when the scene loads, evaluate every frame.
public struct Expression: Sendable, Equatable, CustomStringConvertible {
    /// The text the expression was parsed from.
    public let source: String
    /// The syntax tree.
    public let root: Expr
    /// The names the expression reads from its scope (see `Expr.freeVariables`).
    public let freeVariables: Set<String>

    /// Parses `source`; sources over 10,000 characters or nested over 100 levels are rejected.
    public init(parsing source: String) throws(ExpressionError) {
        var parser = try Parser(source: source)
        self.source = source
        self.root = try parser.parseExpressionSource()
        self.freeVariables = root.freeVariables
    }

    /// The value of the expression in `scope`.
    public func evaluate(in scope: some Scope) throws(ExpressionError) -> Value {
        try Evaluator(scope: scope).evaluate(root)
    }

    /// The links of an implicit member chain such as `.easeIn(duration: 1).delay(0.5)`, or nil.
    public var implicitMemberChain: [MemberCall]? { root.implicitMemberChain }

    public var description: String { source }
}

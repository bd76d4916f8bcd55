/// Label text with `${expression}` interpolations, such as `+${accumulated} s`.
///
/// Text outside `${ }` is literal (a `$` not followed by `{` included, so `$${money(x)}` shows "$1,682.55");
/// `\$` writes a literal `$`, `\\` a backslash, `\n` and `\t` a newline and a tab.
public struct Template: Sendable, Equatable, CustomStringConvertible {
    /// The text the template was parsed from.
    public let source: String
    /// The literal text and interpolations, in order.
    public let pieces: [TemplatePiece]
    /// The names the interpolations read from their scope.
    public let freeVariables: Set<String>
    /// Whether evaluating may do list work (see `Expression`).
    private let doesListWork: Bool

    /// Parses `source`; the same limits as `Expression` apply.
    public init(parsing source: String) throws(ExpressionError) {
        var parser = try Parser(source: source)
        self.source = source
        let pieces = try parser.parseTemplateSource()
        self.pieces = pieces
        self.freeVariables = Expr.template(pieces, at: SourceRange(offset: 0, length: source.count)).freeVariables
        self.doesListWork = Expr.template(pieces, at: SourceRange(offset: 0, length: source.count)).doesListWork
    }

    /// The pieces as one expression node, for tree walks.
    private var asExpr: Expr {
        .template(pieces, at: SourceRange(offset: 0, length: source.count))
    }

    /// Throws the error evaluation would give for the first name the scope and the built-ins do not define.
    public func checkNames(variables: [String], functions: [String] = []) throws(ExpressionError) {
        try asExpr.checkNames(variables: variables, functions: functions)
    }

    /// True when the template has no interpolation, so its text never changes.
    public var isConstant: Bool {
        !pieces.contains { if case .interpolation = $0 { true } else { false } }
    }

    /// The text with every interpolation evaluated in `scope`.
    public func evaluate(in scope: some Scope) throws(ExpressionError) -> String {
        if doesListWork {
            return try LocalScope(base: scope, names: [], values: [], budget: WorkBudget()).text(of: pieces)
        }
        return try scope.text(of: pieces)
    }

    public var description: String { source }
}

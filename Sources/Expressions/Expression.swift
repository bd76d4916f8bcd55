/// A parsed expression with its source text: parse once when the scene loads, evaluate every frame.
///
/// The language, in short:
/// - Values: numbers (`1`, `0.5`, `1e-3`; not `.5`, since a leading dot starts an implicit member), strings
///   in single or double quotes with `\\ \' \" \$ \n \t` escapes and `${expression}` interpolation, `true`,
///   `false`, lists `[1, 2]` and ranges `0..<n`; colours come from functions and names (`rgb(1, 0, 0)`,
///   `hex('#141414')`, `red`); records come from the scope or Swift's initialisers (`CGSize(width: 1, height: 2)`,
///   `record(a: 1)`). Bools and numbers never convert into each other.
/// - Closures (`{ $0 * 2 }`, `{ a, b in a + b }`) only as arguments of methods (`xs.map { ... }`,
///   `s.uppercased()`, `x.remainder(dividingBy: 2)`; see `Methods`), checked when the scene loads.
/// - Operators, loosest first: `c ? a : b` (right-associative), `||`, `&&` (both short-circuit and need
///   bools), `==` `!=` (deep equality on any values), `<` `<=` `>` `>=` (numbers or strings; they do not chain),
///   `??`, `..<` `...`, `+` `-` (`+` also joins a string with a string, number or bool, and two lists),
///   `*` `/` `%` (truncated remainder),
///   prefix `-` `!`, then `a.b`, `a[i]` (list by number, record by string) and calls `f(x, label: y)`.
/// - Names: the scope's variables first, then the constants `pi`, `e` and the named colours; functions:
///   the scope's first, then `BuiltIns`. Implicit members (`.easeIn(duration: 0.2).delay(0.1)`) parse
///   into the tree for other modules to interpret; evaluating one asks the scope for ".easeIn" and is an
///   error otherwise (except colour names: `.red` is `red`).
/// - Errors: parsing and evaluation throw `ExpressionError` with a message and the character offset:
///   unknown names (with a did-you-mean), wrong types, wrong argument counts, division by zero, and any
///   number result that is NaN or infinite ("pow(10, 400) is not a finite number").
/// - Limits, for hostile files: at most 10,000 characters and 100 levels of nesting (operator chains count
///   as nesting); the language has no loops or recursion, and list work is bounded per evaluation
///   (`ValueLimits.maxWorkSteps`), so evaluation always ends soon.
///
/// Note: Foundation also declares a type `Expression`; in files that import Foundation, write
/// `import struct Expressions.Expression` (or `Expressions.Expression`) to pick this one.
public struct Expression: Sendable, Equatable, CustomStringConvertible {
    /// The text the expression was parsed from.
    public let source: String
    /// The syntax tree.
    public let root: Expr
    /// The names the expression reads from its scope (see `Expr.freeVariables`).
    public let freeVariables: Set<String>
    /// Whether evaluating may do list work, so it carries one `WorkBudget` for the whole evaluation.
    private let doesListWork: Bool

    /// Parses `source`; sources over 10,000 characters or nested over 100 levels are rejected.
    public init(parsing source: String) throws(ExpressionError) {
        var parser = try Parser(source: source)
        self.source = source
        self.root = try parser.parseExpressionSource()
        self.freeVariables = root.freeVariables
        self.doesListWork = root.doesListWork
    }

    /// An expression of `source` with another tree for it (a folded one).
    init(source: String, root: Expr) {
        self.source = source
        self.root = root
        self.freeVariables = root.freeVariables
        self.doesListWork = root.doesListWork
    }

    /// The value of the expression in `scope`.
    public func evaluate(in scope: some Scope) throws(ExpressionError) -> Value {
        if doesListWork {
            return try LocalScope(base: scope, names: [], values: [], budget: WorkBudget()).evaluate(root)
        }
        return try scope.evaluate(root)
    }

    /// The links of an implicit member chain such as `.easeIn(duration: 1).delay(0.5)`, or nil.
    public var implicitMemberChain: [MemberCall]? { root.implicitMemberChain }

    /// Throws the error evaluation would give for the first name the scope and the built-ins do not define,
    /// so a scene can report it when it loads rather than when a frame is drawn.
    public func checkNames(variables: [String], functions: [String] = []) throws(ExpressionError) {
        try root.checkNames(variables: variables, functions: functions)
    }

    public var description: String { source }
}

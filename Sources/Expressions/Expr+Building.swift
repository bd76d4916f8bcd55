/// Building expression trees directly, for the parts of a view Flipbook makes itself (a control's look,
/// the actions a tap on one runs): the tree is the expression, with no source text to parse. Built nodes
/// carry an empty source range; their errors are reported where the view that made them is written.
extension Expr {
    /// The empty range built nodes carry.
    public static let built = SourceRange(offset: 0, length: 0)

    /// A literal value (a number, a string, a bool, a colour, a list of them).
    public static func value(_ value: Value) -> Expr { .literal(value, at: built) }
    public static func number(_ n: Double) -> Expr { .literal(.number(n), at: built) }
    public static func color(_ c: ColorValue) -> Expr { .literal(.color(c), at: built) }
    /// A name read from the scope.
    public static func name(_ name: String) -> Expr { .variable(name, at: built) }
    /// `op operand`: `!a`, `-a`.
    public static func unary(_ op: UnaryOperator, _ operand: Expr) -> Expr { .unary(op, operand, at: built) }
    /// `left op right`.
    public static func binary(_ left: Expr, _ op: BinaryOperator, _ right: Expr) -> Expr { .binary(op, left, right, at: built) }
    /// `condition ? then : otherwise`.
    public static func choose(_ condition: Expr, _ then: Expr, _ otherwise: Expr) -> Expr {
        .conditional(condition, then, otherwise, at: built)
    }
    /// An implicit member: `.default`.
    public static func implicitMember(_ name: String) -> Expr { .member(base: nil, name: name, at: built) }
    /// `[a, b, c]`.
    public static func items(_ items: [Expr]) -> Expr { .list(items, at: built) }
    /// A built-in function's call: `max(a, b)`.
    public static func function(_ name: String, _ arguments: [Expr]) -> Expr {
        .call(callee: .variable(name, at: built), arguments: arguments.map { CallArgument(value: $0) }, at: built)
    }

    /// `self[index]`.
    public func item(_ index: Expr) -> Expr { .index(self, index, at: Expr.built) }
    /// `self.name`.
    public func property(_ name: String) -> Expr { .member(base: self, name: name, at: Expr.built) }
    /// `self.method(arguments)`, an argument with a label as `(label, value)`.
    public func method(_ name: String, _ arguments: [(label: String?, value: Expr)]) -> Expr {
        .call(callee: .member(base: self, name: name, at: Expr.built),
              arguments: arguments.map { CallArgument(label: $0.label, value: $0.value) }, at: Expr.built)
    }
    /// `self.map { parameter in body }`.
    public func map(_ parameter: String, _ body: Expr) -> Expr {
        method("map", [(nil, .closure(Closure(parameters: [parameter], isAnonymous: false, body: body), at: Expr.built))])
    }
}

extension Expression {
    /// The expression whose tree is `root`; its source is the tree's canonical text (`Expr.description`),
    /// for messages and `render inspect`.
    public init(tree root: Expr) {
        self.init(source: root.description, root: root)
    }
}

/// Partial evaluation: the parts of an expression that do not read some names, computed once.
extension Expression {
    /// This expression with every part that reads none of `names` replaced by its value in `scope`.
    ///
    /// A plot evaluates its y expression at every sample with only `x` changing, so the rest (`A`, `t`,
    /// `2 * pi / lambda`, `cos(phase)`) is computed once a frame instead of once a sample. The result
    /// evaluates, in any scope that agrees with `scope` on every other name, to what the expression does,
    /// errors included: a part whose evaluation fails is left as it was, to fail the same way (same message,
    /// same place in the source) when it is evaluated in full. Only the built-in functions, which are pure,
    /// and the scope's own are called; the names of called functions are never replaced.
    public func folded(in scope: some Scope, keeping names: Set<String>) -> Expression {
        Expression(source: source, root: root.folded(in: scope, keeping: names))
    }
}

extension Expr {
    /// This tree with each largest subtree that reads none of `names` evaluated in `scope` (see
    /// `Expression.folded(in:keeping:)`).
    public func folded(in scope: some Scope, keeping names: Set<String>) -> Expr {
        if case .literal = self { return self }
        if freeVariables.isDisjoint(with: names) {
            guard let value = try? scope.evaluate(self) else { return self }
            return .literal(value, at: range)
        }
        func fold(_ expr: Expr) -> Expr { expr.folded(in: scope, keeping: names) }
        switch self {
        case .literal, .variable:
            return self
        case .member(let base, let name, let range):
            return .member(base: base.map(fold), name: name, at: range)
        case .index(let base, let index, let range):
            return .index(fold(base), fold(index), at: range)
        case .call(let callee, let arguments, let range):
            // The callee names the function: kept as written.
            return .call(callee: callee, arguments: arguments.map { CallArgument(label: $0.label, value: fold($0.value)) },
                         at: range)
        case .unary(let op, let operand, let range):
            return .unary(op, fold(operand), at: range)
        case .binary(let op, let left, let right, let range):
            return .binary(op, fold(left), fold(right), at: range)
        case .conditional(let condition, let then, let otherwise, let range):
            return .conditional(fold(condition), fold(then), fold(otherwise), at: range)
        case .list(let items, let range):
            return .list(items.map(fold), at: range)
        case .template(let pieces, let range):
            return .template(pieces.map { piece in
                if case .interpolation(let expr) = piece { return .interpolation(fold(expr)) }
                return piece
            }, at: range)
        }
    }
}

/// Partial evaluation: the parts of an expression that do not read some names, computed once.
extension Expression {
    /// This expression with every part that reads none of `names` replaced by its value in `scope`.
    ///
    /// A plot evaluates its y expression at every sample with only `x` changing, so the rest (`A`, `t`,
    /// `2 * pi / lambda`, `cos(phase)`) is computed once a frame instead of once a sample. The result
    /// evaluates, in any scope that agrees with `scope` on every other name, to what the expression does,
    /// errors included: a part whose evaluation fails is left as it was, to fail the same way (same message,
    /// same place in the source) when it is evaluated in full. Only the built-in functions, which are pure,
    /// and the scope's own are called; the names of called functions are never replaced. Each node is
    /// visited once and each part evaluated once, so folding costs about one evaluation.
    public func folded(in scope: some Scope, keeping names: Set<String>) -> Expression {
        Expression(source: source, root: root.folded(in: scope, keeping: names))
    }
}

extension Expr {
    /// This tree with each largest subtree that reads none of `names` evaluated in `scope` (see
    /// `Expression.folded(in:keeping:)`).
    public func folded(in scope: some Scope, keeping names: Set<String>) -> Expr {
        let part = partlyFolded(in: scope, keeping: names)
        return part.reads ? part.tree : part.tree.value(in: scope)
    }

    /// The subtree as a literal of its value in `scope`, or as it is when evaluating it fails.
    private func value(in scope: some Scope) -> Expr {
        if case .literal = self { return self }
        guard let value = try? scope.evaluate(self) else { return self }
        return .literal(value, at: range)
    }

    /// Whether this subtree reads one of `names`; if it does, the tree with its parts that do not evaluated,
    /// else the subtree as it is (its parent evaluates the largest such part once).
    private func partlyFolded(in scope: some Scope, keeping names: Set<String>) -> (tree: Expr, reads: Bool) {
        func fold(_ expr: Expr) -> (tree: Expr, reads: Bool) { expr.partlyFolded(in: scope, keeping: names) }
        func folded(_ part: (tree: Expr, reads: Bool)) -> Expr { part.reads ? part.tree : part.tree.value(in: scope) }
        switch self {
        case .literal:
            return (self, false)
        case .variable(let name, _):
            return (self, names.contains(name))
        case .member(let base, let name, let range):
            guard let base else { return (self, false) }
            let inner = fold(base)
            return inner.reads ? (.member(base: inner.tree, name: name, at: range), true) : (self, false)
        case .index(let base, let index, let range):
            let (b, i) = (fold(base), fold(index))
            return b.reads || i.reads ? (.index(folded(b), folded(i), at: range), true) : (self, false)
        case .call(.member(.some(let base), let name, let memberRange), let arguments, let range)
            where implicitMemberChain == nil:
            // A method call: its base is folded as any value; closures count as reading (see .closure).
            let basePart = fold(base)
            let parts = arguments.map { fold($0.value) }
            guard basePart.reads || parts.contains(where: \.reads) else { return (self, false) }
            let callee = Expr.member(base: folded(basePart), name: name, at: memberRange)
            let newArguments = zip(arguments, parts).map { CallArgument(label: $0.label, value: folded($1)) }
            return (.call(callee: callee, arguments: newArguments, at: range), true)
        case .call(let callee, let arguments, let range):
            // The callee names the function: kept as written, and not a name read.
            let parts = arguments.map { fold($0.value) }
            guard parts.contains(where: \.reads) else { return (self, false) }
            let folded = zip(arguments, parts).map { CallArgument(label: $0.label, value: folded($1)) }
            return (.call(callee: callee, arguments: folded, at: range), true)
        case .closure(let closure, _):
            // A closure is kept whole, and counts as reading: its parameters may hide scope names, and it has
            // no value by itself.
            _ = closure
            return (self, true)
        case .unary(let op, let operand, let range):
            let inner = fold(operand)
            return inner.reads ? (.unary(op, inner.tree, at: range), true) : (self, false)
        case .binary(let op, let left, let right, let range):
            let (l, r) = (fold(left), fold(right))
            return l.reads || r.reads ? (.binary(op, folded(l), folded(r), at: range), true) : (self, false)
        case .conditional(let condition, let then, let otherwise, let range):
            let (c, t, o) = (fold(condition), fold(then), fold(otherwise))
            guard c.reads || t.reads || o.reads else { return (self, false) }
            return (.conditional(folded(c), folded(t), folded(o), at: range), true)
        case .list(let items, let range):
            let parts = items.map(fold)
            guard parts.contains(where: \.reads) else { return (self, false) }
            return (.list(parts.map(folded), at: range), true)
        case .template(let pieces, let range):
            let parts = pieces.map { piece -> (piece: TemplatePiece, part: (tree: Expr, reads: Bool)?) in
                if case .interpolation(let expr) = piece { return (piece, fold(expr)) }
                return (piece, nil)
            }
            guard parts.contains(where: { $0.part?.reads == true }) else { return (self, false) }
            return (.template(parts.map { $0.part.map { .interpolation(folded($0)) } ?? $0.piece }, at: range), true)
        }
    }
}

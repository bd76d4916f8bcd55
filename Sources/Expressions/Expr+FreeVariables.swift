extension Expr {
    /// The names this expression reads from its scope: variables, not members and not called function names.
    ///
    /// Built-in constants such as `pi` are included (a scope may define them); filter with
    /// `BuiltIns.constantNames` to keep only the names the scope must supply.
    public var freeVariables: Set<String> {
        var names: Set<String> = []
        collectFreeVariables(into: &names)
        return names
    }

    private func collectFreeVariables(into names: inout Set<String>) {
        switch self {
        case .literal:
            break
        case .variable(let name, _):
            names.insert(name)
        case .member(let base, _, _):
            base?.collectFreeVariables(into: &names)
        case .index(let base, let index, _):
            base.collectFreeVariables(into: &names)
            index.collectFreeVariables(into: &names)
        case .call(let callee, let arguments, _):
            if case .variable = callee {} else { callee.collectFreeVariables(into: &names) }
            for argument in arguments { argument.value.collectFreeVariables(into: &names) }
        case .unary(_, let operand, _):
            operand.collectFreeVariables(into: &names)
        case .binary(_, let left, let right, _):
            left.collectFreeVariables(into: &names)
            right.collectFreeVariables(into: &names)
        case .conditional(let condition, let then, let otherwise, _):
            condition.collectFreeVariables(into: &names)
            then.collectFreeVariables(into: &names)
            otherwise.collectFreeVariables(into: &names)
        case .list(let items, _):
            for item in items { item.collectFreeVariables(into: &names) }
        case .template(let pieces, _):
            for case .interpolation(let expr) in pieces { expr.collectFreeVariables(into: &names) }
        }
    }
}

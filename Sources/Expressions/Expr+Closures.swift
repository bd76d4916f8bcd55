extension Expr {
    /// The nodes directly inside this one, in source order; a closure's body included.
    public var children: [Expr] {
        switch self {
        case .literal, .variable: []
        case .member(let base, _, _): base.map { [$0] } ?? []
        case .index(let base, let index, _): [base, index]
        case .call(let callee, let arguments, _): [callee] + arguments.map(\.value)
        case .unary(_, let operand, _): [operand]
        case .binary(_, let left, let right, _): [left, right]
        case .conditional(let condition, let then, let otherwise, _): [condition, then, otherwise]
        case .list(let items, _): items
        case .template(let pieces, _): pieces.compactMap { if case .interpolation(let e) = $0 { e } else { nil } }
        case .closure(let closure, _): [closure.body]
        }
    }

    /// `base.name` or `base.name(...)` with a base that is not an implicit member: what a trailing closure
    /// may follow.
    var isMethodReference: Bool {
        switch self {
        case .member(.some, _, _), .call(.member(.some, _, _), _, _): implicitMemberChain == nil
        default: false
        }
    }

    /// One more than the highest `$n` this expression uses outside nested closures (0 if it uses none):
    /// the parameter count of an anonymous closure with this body.
    var anonymousParameterCount: Int {
        switch self {
        case .variable(let name, _) where name.hasPrefix("$"):
            return (Int(name.dropFirst()) ?? 0) + 1
        case .closure:
            return 0
        default:
            return children.map(\.anonymousParameterCount).max() ?? 0
        }
    }

    /// True when evaluating this may do list work (a method call, a closure or a range), so evaluation
    /// carries a `WorkBudget`.
    var doesListWork: Bool {
        switch self {
        case .closure, .binary(.halfOpenRange, _, _, _), .binary(.closedRange, _, _, _): return true
        case .call(.member(.some, _, _), _, _) where implicitMemberChain == nil: return true
        default: return children.contains { $0.doesListWork }
        }
    }
}

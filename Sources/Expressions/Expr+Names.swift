/// A name an expression uses: a variable it reads or a function it calls.
public struct NameReference: Sendable, Hashable {
    public var name: String
    /// True for the name of a called function (`sin` in `sin(t)`), false for a variable.
    public var isFunction: Bool
    public var range: SourceRange
}

extension Expr {
    /// The names this expression reads from its scope: variables, not members and not called function names.
    ///
    /// Built-in constants such as `pi` are included (a scope may define them); filter with
    /// `BuiltIns.constantNames` to keep only the names the scope must supply.
    public var freeVariables: Set<String> {
        Set(nameReferences.lazy.filter { !$0.isFunction }.map(\.name))
    }

    /// Every variable read and every named function called, in source order (implicit members excluded).
    public var nameReferences: [NameReference] {
        var references: [NameReference] = []
        collectNames(into: &references)
        return references.sorted { $0.range.offset < $1.range.offset }
    }

    /// Throws, at load time, the error evaluation would give for the first name that neither the scope
    /// (`variables`, `functions`) nor the built-ins define.
    public func checkNames(variables: [String], functions: [String] = []) throws(ExpressionError) {
        for reference in nameReferences {
            if reference.isFunction {
                guard !functions.contains(reference.name), BuiltIns.function(named: reference.name) == nil else {
                    continue
                }
                let hint = Suggestion.closest(to: reference.name, in: functions + BuiltIns.functionNames)
                throw ExpressionError("unknown function '\(reference.name)'" + (hint.map { "; did you mean '\($0)'?" }
                                      ?? ""), offset: reference.range.offset)
            } else {
                guard !variables.contains(reference.name), BuiltIns.constant(reference.name) == nil else { continue }
                let hint = Suggestion.closest(to: reference.name, in: variables + BuiltIns.constantNames)
                throw ExpressionError("unknown name '\(reference.name)'" + (hint.map { "; did you mean '\($0)'?" }
                                      ?? ""), offset: reference.range.offset)
            }
        }
    }

    private func collectNames(into references: inout [NameReference]) {
        switch self {
        case .literal:
            break
        case .variable(let name, let range):
            references.append(NameReference(name: name, isFunction: false, range: range))
        case .member(let base, _, _):
            base?.collectNames(into: &references)
        case .index(let base, let index, _):
            base.collectNames(into: &references)
            index.collectNames(into: &references)
        case .call(let callee, let arguments, _):
            if case .variable(let name, let range) = callee {
                references.append(NameReference(name: name, isFunction: true, range: range))
            } else {
                callee.collectNames(into: &references)
            }
            for argument in arguments { argument.value.collectNames(into: &references) }
        case .unary(_, let operand, _):
            operand.collectNames(into: &references)
        case .binary(_, let left, let right, _):
            left.collectNames(into: &references)
            right.collectNames(into: &references)
        case .conditional(let condition, let then, let otherwise, _):
            condition.collectNames(into: &references)
            then.collectNames(into: &references)
            otherwise.collectNames(into: &references)
        case .list(let items, _):
            for item in items { item.collectNames(into: &references) }
        case .template(let pieces, _):
            for case .interpolation(let expr) in pieces { expr.collectNames(into: &references) }
        }
    }
}

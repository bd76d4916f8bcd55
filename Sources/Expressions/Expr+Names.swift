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
        collectNames(into: &references, bound: [])
        return references.sorted { $0.range.offset < $1.range.offset }
    }

    /// Throws, at load time, the error evaluation would give for the first name that neither the scope
    /// (`variables`, `functions`) nor the built-ins define.
    public func checkNames(variables: [String], functions: [String] = []) throws(ExpressionError) {
        var firstError: ExpressionError?
        func note(_ error: ExpressionError) {
            if firstError == nil || (error.offset ?? 0) < (firstError?.offset ?? 0) { firstError = error }
        }
        do { try checkCalls(functions: functions, inMethodArgument: false) } catch { note(error) }
        if let error = try? nameError(variables: variables, functions: functions) { note(error) }
        if let firstError { throw firstError }
    }

    /// The first unknown name, as an error, or nil.
    private func nameError(variables: [String], functions: [String]) throws(ExpressionError) -> ExpressionError? {
        for reference in nameReferences {
            if !reference.isFunction, reference.name.hasPrefix("$"), !variables.contains(reference.name) {
                return LocalScope.anonymousParameterError(reference.name, at: reference.range)
            }
            if reference.isFunction {
                guard !functions.contains(reference.name), BuiltIns.function(named: reference.name) == nil else {
                    continue
                }
                let hint = Suggestion.closest(to: reference.name, in: functions + BuiltIns.functionNames)
                return ExpressionError("unknown function '\(reference.name)'" + (hint.map { "; did you mean '\($0)'?" }
                                       ?? ""), offset: reference.range.offset)
            } else {
                guard !variables.contains(reference.name), BuiltIns.constant(reference.name) == nil else { continue }
                let hint = Suggestion.closest(to: reference.name, in: variables + BuiltIns.constantNames)
                return ExpressionError("unknown name '\(reference.name)'" + (hint.map { "; did you mean '\($0)'?" }
                                       ?? ""), offset: reference.range.offset)
            }
        }
        return nil
    }

    /// The load-time checks of calls: closures only as method arguments, known methods with matching labels
    /// and closure parameter counts, built-in functions' labels, counts and formats.
    private func checkCalls(functions: [String], inMethodArgument: Bool) throws(ExpressionError) {
        switch self {
        case .closure(let closure, let range):
            guard inMethodArgument else {
                throw ExpressionError("a closure can only be passed to a method such as map or filter: xs.map { $0 * 2 }",
                                      offset: range.offset)
            }
            try closure.body.checkCalls(functions: functions, inMethodArgument: false)
            return
        case .call(.member(.some(let base), let name, let nameRange), let arguments, let range) where implicitMemberChain == nil:
            _ = try Methods.signature(of: name, arguments, nameOffset: nameRange.offset + nameRange.length - name.count,
                                      callOffset: range.offset)
            try base.checkCalls(functions: functions, inMethodArgument: false)
            for argument in arguments {
                if case .closure = argument.value {
                    try argument.value.checkCalls(functions: functions, inMethodArgument: true)
                } else if name == "formatted" {
                    _ = try NumberStyle(argument.value)
                } else {
                    try argument.value.checkCalls(functions: functions, inMethodArgument: false)
                }
            }
            return
        case .call(.variable(let name, _), let arguments, let range) where !functions.contains(name):
            try BuiltIns.function(named: name)?.check(arguments, at: range)
        default:
            break
        }
        for child in children { try child.checkCalls(functions: functions, inMethodArgument: false) }
    }

    private func collectNames(into references: inout [NameReference], bound: Set<String>) {
        switch self {
        case .literal:
            break
        case .variable(let name, let range):
            if !bound.contains(name) { references.append(NameReference(name: name, isFunction: false, range: range)) }
        case .member(.variable(let type, _), let name, _) where BuiltIns.staticMember(type, name) != nil:
            break   // CGSize.zero, Double.pi
        case .member(let base, _, _):
            base?.collectNames(into: &references, bound: bound)
        case .closure(let closure, _):
            closure.body.collectNames(into: &references, bound: bound.union(closure.parameters.filter { $0 != "_" }))
        case .index(let base, let index, _):
            base.collectNames(into: &references, bound: bound)
            index.collectNames(into: &references, bound: bound)
        case .call(let callee, let arguments, _):
            if case .variable(let name, let range) = callee, !bound.contains(name) {
                references.append(NameReference(name: name, isFunction: true, range: range))
            } else {
                callee.collectNames(into: &references, bound: bound)
            }
            for argument in arguments { argument.value.collectNames(into: &references, bound: bound) }
        case .unary(_, let operand, _):
            operand.collectNames(into: &references, bound: bound)
        case .binary(_, let left, let right, _):
            left.collectNames(into: &references, bound: bound)
            right.collectNames(into: &references, bound: bound)
        case .conditional(let condition, let then, let otherwise, _):
            condition.collectNames(into: &references, bound: bound)
            then.collectNames(into: &references, bound: bound)
            otherwise.collectNames(into: &references, bound: bound)
        case .list(let items, _):
            for item in items { item.collectNames(into: &references, bound: bound) }
        case .template(let pieces, _):
            for case .interpolation(let expr) in pieces { expr.collectNames(into: &references, bound: bound) }
        }
    }
}

/// A scope with a closure's parameters in front of the scope the closure was written in, and the work
/// budget of the evaluation that called it.
struct LocalScope: Scope {
    let base: any Scope
    let names: [String]
    let values: [Value]
    let budget: WorkBudget

    func value(of name: String) -> Value? {
        if let index = names.lastIndex(of: name) { return values[index] }
        return base.value(of: name)
    }

    func callFunction(_ name: String, _ arguments: [Value]) throws -> Value? {
        try base.callFunction(name, arguments)
    }

    func callFunction(_ name: String, _ arguments: [Value], labels: [String?]) throws -> Value? {
        try base.callFunction(name, arguments, labels: labels)
    }

    var knownNames: [String] { names + base.knownNames }

    func whyUnknown(_ name: String) -> String? { names.contains(name) ? nil : base.whyUnknown(name) }
}

/// A closure ready to call: its parameters and body, the scope it captures and the evaluation's budget.
struct Callable {
    let closure: Closure
    let scope: any Scope
    let budget: WorkBudget
    let range: SourceRange
    /// The method the closure is passed to, for messages.
    let method: String

    /// The closure's value for these arguments. One record argument is spread over several parameters
    /// (Swift's tuple destructuring: `zip(a, b).map { $0 * $1 }`, `xs.enumerated().map { i, x in ... }`).
    func callAsFunction(_ arguments: Value...) throws(ExpressionError) -> Value {
        try budget.spend(1, offset: range.offset)
        var values = arguments
        let count = closure.parameters.count
        if values.count == 1, count >= 2, case .record(let record) = values[0], record.count == count {
            values = record.values
        }
        guard values.count == count else {
            throw ExpressionError("the closure passed to '\(method)' takes \(Callable.describe(count)), but '\(method)' "
                                  + "gives it \(values.count)", offset: range.offset)
        }
        return try LocalScope(base: scope, names: closure.parameters, values: values, budget: budget)
            .evaluate(closure.body)
    }

    /// The closure's value as a bool, else an error naming what the method needs.
    func test(_ arguments: Value...) throws(ExpressionError) -> Bool {
        var values = arguments
        let result: Value
        switch values.count {
        case 1: result = try self(values.removeFirst())
        default: result = try self(values[0], values[1])
        }
        guard case .bool(let bool) = result else {
            throw ExpressionError("the closure passed to '\(method)' must return a bool, not \(result.typeNameWithArticle)",
                                  offset: closure.body.range.offset)
        }
        return bool
    }

    static func describe(_ count: Int) -> String {
        switch count {
        case 0: "no parameters"
        case 1: "1 parameter"
        default: "\(count) parameters"
        }
    }
}

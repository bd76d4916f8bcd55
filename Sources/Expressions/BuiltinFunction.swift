/// The evaluated arguments of a built-in call, with typed accessors that report errors at the argument.
struct BuiltinArguments {
    let function: String
    let values: [Value]
    let arguments: [CallArgument]
    /// The budget of the closure this call is in, if any (a call outside closures runs once).
    var budget: WorkBudget? = nil

    var count: Int { values.count }
    var labels: [String?] { arguments.map(\.label) }

    /// Counts `steps` of list work against the budget.
    func spend(_ steps: Int) throws(ExpressionError) {
        try budget?.spend(steps, offset: arguments.first?.value.range.offset)
    }

    func number(_ index: Int) throws(ExpressionError) -> Double {
        guard case .number(let number) = values[index] else { throw typeError(index, expected: "a number") }
        return number
    }

    func string(_ index: Int) throws(ExpressionError) -> String {
        guard case .string(let string) = values[index] else { throw typeError(index, expected: "a string") }
        return string
    }

    /// A whole number (as Swift's `Int`), else an error naming `what` the argument is.
    func whole(_ index: Int, _ what: String) throws(ExpressionError) -> Int {
        let number = try number(index)
        guard number == number.rounded(.towardZero), abs(number) < 1e15 else {
            throw error("\(what) must be a whole number, not \(NumberFormat.shortest(number))", argument: index)
        }
        return Int(number)
    }

    func color(_ index: Int) throws(ExpressionError) -> ColorValue {
        guard case .color(let color) = values[index] else { throw typeError(index, expected: "a color") }
        return color
    }

    /// A number in `range`, else an error naming `what` the argument is.
    func number(_ index: Int, in range: ClosedRange<Double>, _ what: String) throws(ExpressionError) -> Double {
        let number = try number(index)
        guard range.contains(number) else {
            throw error("\(what) must be from \(NumberFormat.shortest(range.lowerBound)) to "
                        + "\(NumberFormat.shortest(range.upperBound)), not \(NumberFormat.shortest(number))",
                        argument: index)
        }
        return number
    }

    func typeError(_ index: Int, expected: String) -> ExpressionError {
        error("argument \(index + 1) of '\(function)' must be \(expected), not \(values[index].typeNameWithArticle)",
              argument: index)
    }

    func error(_ message: String, argument index: Int) -> ExpressionError {
        ExpressionError(message, offset: arguments[index].value.range.offset)
    }
}

/// A function every expression can call unless its scope defines one with the same name.
struct BuiltinFunction: Sendable {
    let name: String
    /// The accepted argument counts.
    let arity: ClosedRange<Int>
    /// For a function with Swift's argument labels (`CGSize(width:height:)`): nil when the labels are
    /// accepted, else what to write instead. Nil for functions that take no labels.
    var checkLabels: (@Sendable ([String?]) -> String?)? = nil
    /// Checks that need no values, run when the scene loads (`String(format:)`'s format).
    var checkStatically: (@Sendable ([CallArgument]) throws(ExpressionError) -> Void)? = nil
    let body: @Sendable (BuiltinArguments) throws(ExpressionError) -> Value

    /// Checks labels and the argument count, then runs the body.
    func call(_ arguments: BuiltinArguments, at range: SourceRange) throws(ExpressionError) -> Value {
        try check(arguments.arguments, at: range)
        return try body(arguments)
    }

    /// The errors of `check(_:at:)` need only the arguments as written, so the scene checks them when it loads.
    func check(_ arguments: [CallArgument], at range: SourceRange) throws(ExpressionError) {
        if let checkLabels {
            if let problem = checkLabels(arguments.map(\.label)) {
                throw ExpressionError(problem, offset: range.offset)
            }
        } else if let labelled = arguments.firstIndex(where: { $0.label != nil }) {
            throw ExpressionError("'\(name)' takes no argument labels", offset: arguments[labelled].value.range.offset)
        }
        guard arity.contains(arguments.count) else {
            throw ExpressionError("'\(name)' takes \(arityDescription), got \(arguments.count)", offset: range.offset)
        }
        try checkStatically?(arguments)
    }

    private var arityDescription: String {
        let plural = arity.upperBound == 1 ? "argument" : "arguments"
        if arity.lowerBound == arity.upperBound { return "\(arity.lowerBound) \(plural)" }
        if arity.upperBound == Int.max { return "at least \(arity.lowerBound) arguments" }
        if arity.lowerBound + 1 == arity.upperBound { return "\(arity.lowerBound) or \(arity.upperBound) \(plural)" }
        return "\(arity.lowerBound) to \(arity.upperBound) \(plural)"
    }
}

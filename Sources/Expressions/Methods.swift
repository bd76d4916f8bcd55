/// One parameter of a method, as Swift spells it.
enum MethodParameter: Sendable, Equatable {
    /// A value, with its label (nil for none).
    case value(String?)
    /// A closure of this many parameters; a trailing closure drops the label, as in Swift.
    case closure(String?, parameters: Int)
    /// A format style, read as written (`.number.precision(.fractionLength(2))`).
    case style
}

/// The methods of lists, strings, numbers and colours, called as in Swift: `xs.map { $0 * 2 }`,
/// `name.uppercased()`, `x.remainder(dividingBy: 2)`.
///
/// Each method has one or more signatures (labels and closure parameter counts), shared by every type
/// that has it, so a call is checked when the scene loads: an unknown method, wrong labels or a closure
/// with the wrong number of parameters is a load error. Which types have it is known when it runs.
enum Methods {
    static let signatures: [String: [[MethodParameter]]] = {
        let one = MethodParameter.closure(nil, parameters: 1)
        let ordering = MethodParameter.closure("by", parameters: 2)
        return [
            "map": [[one]], "filter": [[one]], "allSatisfy": [[one]],
            "reduce": [[.value(nil), .closure(nil, parameters: 2)]],
            "contains": [[.value(nil)], [.closure("where", parameters: 1)]],
            "first": [[.closure("where", parameters: 1)]], "last": [[.closure("where", parameters: 1)]],
            "firstIndex": [[.value("of")], [.closure("where", parameters: 1)]],
            "lastIndex": [[.value("of")], [.closure("where", parameters: 1)]],
            "count": [[.closure("where", parameters: 1)]],
            "min": [[], [ordering]], "max": [[], [ordering]], "sorted": [[], [ordering]],
            "reversed": [[]], "enumerated": [[]],
            "prefix": [[.value(nil)]], "suffix": [[.value(nil)]],
            "dropFirst": [[], [.value(nil)]], "dropLast": [[], [.value(nil)]],
            "joined": [[], [.value("separator")]], "split": [[.value("separator")]],
            "uppercased": [[]], "lowercased": [[]], "hasPrefix": [[.value(nil)]], "hasSuffix": [[.value(nil)]],
            "replacingOccurrences": [[.value("of"), .value("with")]], "replacing": [[.value(nil), .value("with")]],
            "remainder": [[.value("dividingBy")]], "truncatingRemainder": [[.value("dividingBy")]],
            "rounded": [[]], "squareRoot": [[]], "formatted": [[], [.style]],
            "opacity": [[.value(nil)]],
        ]
    }()

    static let names: [String] = signatures.keys.sorted()

    /// The signature `arguments` match, or the load error for an unknown method, wrong labels or a closure
    /// with the wrong number of parameters.
    static func signature(of name: String, _ arguments: [CallArgument], nameOffset: Int,
                          callOffset: Int) throws(ExpressionError) -> [MethodParameter] {
        guard let candidates = signatures[name] else {
            let hint = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
            throw ExpressionError("unknown method '\(name)'\(hint)", offset: nameOffset)
        }
        for parameters in candidates where parameters.count == arguments.count {
            var matches = true
            var arityError: ExpressionError?
            for (parameter, argument) in zip(parameters, arguments) {
                let closure: Closure? = if case .closure(let c, _) = argument.value { c } else { nil }
                switch parameter {
                case .value(let label):
                    matches = matches && argument.label == label && closure == nil
                case .style:
                    matches = matches && argument.label == nil && closure == nil
                case .closure(let label, let count):
                    guard let closure, argument.label == label || argument.label == nil else { matches = false; break }
                    // One parameter may be a tuple spread over several (`zip(a, b).map { $0 + $1 }`).
                    let accepted = closure.parameters.count == count || (count == 1 && closure.parameters.count > 1)
                    if !accepted, arityError == nil {
                        let used = closure.parameters.count
                        let spelling = !closure.isAnonymous ? "has \(Callable.describe(used))"
                            : used == 0 ? "uses no $0" : used == 1 ? "uses only $0" : "uses $0 to $\(used - 1)"
                        let wanted = count == 2 ? "2 parameters ($0 and $1, or { a, b in ... })"
                                                : "1 parameter ($0, or { x in ... })"
                        arityError = ExpressionError("the closure passed to '\(name)' must take \(wanted); this one "
                                                     + spelling, offset: argument.value.range.offset)
                    }
                }
            }
            if matches {
                if let arityError { throw arityError }
                return parameters
            }
        }
        let forms = candidates.map { parameters in
            "\(name)(" + parameters.map { parameter in
                switch parameter {
                case .value(let label): (label ?? "_") + ":"
                case .closure(let label, _): (label ?? "_") + ":"
                case .style: "_:"
                }
            }.joined() + ")"
        }
        throw ExpressionError("'\(name)' is called as " + forms.joined(separator: " or "), offset: callOffset)
    }

    /// Calls the method on `base`.
    static func call(_ base: Value, _ call: MethodArguments) throws(ExpressionError) -> Value {
        let result: Value?
        switch base {
        case .list(let items): result = try ListMethods.call(items, call)
        case .string(let string): result = try StringMethods.call(string, call)
        case .number(let number): result = try NumberMethods.call(number, call)
        case .color(let color) where call.method == "opacity":
            result = .color(color.opacity(min(max(try call.number(0), 0), 1)))
        default: result = nil
        }
        guard let result else {
            throw ExpressionError("\(base.typeNameWithArticle) has no method '\(call.method)'", offset: call.nameOffset)
        }
        return result
    }

    /// A property without a call (`xs.count`, `xs.first`, `s.isEmpty`), or nil if the value has none by that name.
    static func property(_ name: String, of base: Value, budget: () -> WorkBudget,
                         offset: Int) throws(ExpressionError) -> Value? {
        func missing(_ what: String) -> ExpressionError {
            ExpressionError("the \(what) is empty, so '\(name)' has no value; give one with '??'", offset: offset,
                            isMissingValue: true)
        }
        switch (base, name) {
        case (.list(let items), "count"): return .number(Double(items.count))
        case (.list(let items), "isEmpty"): return .bool(items.isEmpty)
        case (.list(let items), "first"): if let item = items.first { return item } else { throw missing("list") }
        case (.list(let items), "last"): if let item = items.last { return item } else { throw missing("list") }
        case (.list(let items), "indices"):
            try budget().spend(items.count, offset: offset)
            return .list((0..<items.count).map { .number(Double($0)) })
        case (.string(let string), "count"): return .number(Double(string.count))
        case (.string(let string), "isEmpty"): return .bool(string.isEmpty)
        case (.string(let string), "first"):
            if let c = string.first { return .string(String(c)) } else { throw missing("string") }
        case (.string(let string), "last"):
            if let c = string.last { return .string(String(c)) } else { throw missing("string") }
        case (.number(let number), "magnitude"): return .number(abs(number))
        default: return nil
        }
    }
}

/// The receiver-independent part of a method call: its arguments (values and closures), for the
/// implementations in `ListMethods`, `StringMethods` and `NumberMethods`.
struct MethodArguments {
    let method: String
    let arguments: [CallArgument]
    /// Evaluated arguments; nil for closures and styles.
    let values: [Value?]
    /// Callable closures; nil for other arguments.
    let closures: [Callable?]
    let budget: WorkBudget
    let range: SourceRange
    let nameOffset: Int
    /// The scope of the call, for arguments read as written (a format style's length).
    let scope: any Scope

    var count: Int { arguments.count }
    var labels: [String?] { arguments.map(\.label) }

    func value(_ index: Int) -> Value { values[index] ?? .bool(false) }

    func closure(_ index: Int) throws(ExpressionError) -> Callable {
        guard let closure = closures[index] else { throw error("argument \(index + 1) must be a closure", argument: index) }
        return closure
    }

    func number(_ index: Int) throws(ExpressionError) -> Double {
        guard case .number(let number) = value(index) else { throw typeError(index, "a number") }
        return number
    }

    func string(_ index: Int) throws(ExpressionError) -> String {
        guard case .string(let string) = value(index) else { throw typeError(index, "a string") }
        return string
    }

    /// A whole number of 0 or more, as the count of `prefix(_:)` and friends (Swift traps on a negative one).
    func count(_ index: Int) throws(ExpressionError) -> Int {
        let number = try number(index)
        guard number >= 0, number == number.rounded(.towardZero) else {
            throw error("the count of '\(method)' must be a whole number of 0 or more, not \(NumberFormat.shortest(number))",
                        argument: index)
        }
        return number > 1e9 ? 1_000_000_000 : Int(number)
    }

    func spend(_ steps: Int) throws(ExpressionError) {
        try budget.spend(steps, offset: range.offset)
    }

    func typeError(_ index: Int, _ expected: String) -> ExpressionError {
        error("argument \(index + 1) of '\(method)' must be \(expected), not \(value(index).typeNameWithArticle)", argument: index)
    }

    func error(_ message: String, argument index: Int) -> ExpressionError {
        ExpressionError(message, offset: arguments[index].value.range.offset)
    }

    /// The error for a method that finds nothing, as Swift's nil.
    func missing(_ message: String) -> ExpressionError {
        ExpressionError(message + "; give a default with '??'", offset: nameOffset, isMissingValue: true)
    }
}

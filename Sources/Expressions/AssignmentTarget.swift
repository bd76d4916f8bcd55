/// The left side of an assignment in an action's `set`: a state name, or a field or item inside it
/// (`drag.width`, `scores[2]`, `grid[row][column]`), as Swift writes `drag.width = 0` and `scores[2] = 1`.
public struct AssignmentTarget: Sendable, Equatable {
    /// One step into the value: a record's field or a list's item.
    public enum Step: Sendable, Equatable {
        case field(String)
        case index(Expr)
    }

    /// The state name the assignment changes.
    public let name: String
    /// The steps from that value to the part assigned; empty for the whole value.
    public let steps: [Step]
    /// The target as written, for messages.
    public let source: String

    /// Parses `key`: a name followed by any number of `.field` and `[index]`.
    public init(parsing key: String) throws(ExpressionError) {
        source = key
        var steps: [Step] = []
        var node = try Expression(parsing: key).root
        while true {
            switch node {
            case .variable(let name, _):
                self.name = name
                self.steps = steps.reversed()
                return
            case .member(.some(let base), let field, _):
                steps.append(.field(field))
                node = base
            case .index(let base, let index, _):
                if case .literal(.string(let field), _) = index { steps.append(.field(field)) } else { steps.append(.index(index)) }
                node = base
            default:
                throw ExpressionError("'\(key)' is not something to assign: write a state name, optionally followed by "
                                      + ".field or [index] (drag.width, scores[2])", offset: node.range.offset)
            }
        }
    }

    /// The names the index expressions read.
    public var freeVariables: Set<String> {
        var names: Set<String> = []
        for case .index(let expr) in steps { names.formUnion(expr.freeVariables) }
        return names
    }

    /// Throws, at load time, the error evaluation would give for an unknown name in an index.
    public func checkNames(variables: [String], functions: [String] = []) throws(ExpressionError) {
        for case .index(let expr) in steps { try expr.checkNames(variables: variables, functions: functions) }
    }

    /// `whole` with the part this target names replaced by `newValue`; indexes are evaluated in `scope`.
    /// A field that does not exist is added (as Swift cannot, but a record here is open); an index must be
    /// in range, as Swift traps otherwise.
    public func updating(_ whole: Value, with newValue: Value, in scope: some Scope) throws(ExpressionError) -> Value {
        try update(whole, steps[...], newValue, scope)
    }

    private func update(_ value: Value, _ steps: ArraySlice<Step>, _ newValue: Value,
                        _ scope: some Scope) throws(ExpressionError) -> Value {
        guard let step = steps.first else { return newValue }
        switch (step, value) {
        case (.field(let field), .record(var record)):
            let inner = record[field] ?? .record(Record())
            if record[field] == nil, steps.count > 1 {
                throw ExpressionError("the record has no field '\(field)' to assign into", offset: nil)
            }
            record[field] = try update(inner, steps.dropFirst(), newValue, scope)
            return .record(record)
        case (.index(let expr), .list(var items)):
            let key = try scope.evaluate(expr)
            guard case .number(let index) = key, index == index.rounded(.towardZero), index >= 0,
                  index < Double(items.count) else {
                throw ExpressionError("the list index \(key.text(quotingStrings: true)) of '\(source)' is out of range or not a "
                                      + "whole number: the list has \(items.count) item\(items.count == 1 ? "" : "s")",
                                      offset: expr.range.offset)
            }
            items[Int(index)] = try update(items[Int(index)], steps.dropFirst(), newValue, scope)
            try ValueLimits.checkList(items, offset: nil)
            return .list(items)
        case (.field(let field), _):
            throw ExpressionError("'\(source)' assigns the field '\(field)' of \(value.typeNameWithArticle); only records have fields",
                                  offset: nil)
        case (.index, _):
            throw ExpressionError("'\(source)' assigns an item of \(value.typeNameWithArticle); only lists have items", offset: nil)
        }
    }
}

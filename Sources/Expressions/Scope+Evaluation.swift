/// Walks an `Expr` tree and computes its value in this scope.
///
/// Numbers stay unboxed in `Value.number` and the tree is only read, so evaluating arithmetic over
/// variables allocates nothing; calls allocate their argument array. The walk is an extension of the
/// scope (rather than a generic evaluator type) so no generic metadata is looked up per evaluation.
extension Scope {

    func evaluate(_ expr: Expr) throws(ExpressionError) -> Value {
        switch expr {
        case .literal(let value, _):
            return value
        case .variable(let name, let range):
            return try lookUp(name, at: range)
        case .member(let base, let name, let range):
            return try member(name, of: base, at: range)
        case .index(let base, let index, _):
            return try element(of: base, at: index)
        case .call(let callee, let arguments, _):
            return try call(callee, arguments, node: expr)
        case .unary(let op, let operand, _):
            return try unary(op, operand, node: expr)
        case .binary(let op, let left, let right, _):
            return try binary(op, left, right, node: expr)
        case .conditional(let condition, let then, let otherwise, _):
            let test = try evaluate(condition)
            guard case .bool(let isTrue) = test else {
                throw ExpressionError("the condition before '?' must be a bool, not \(test.typeNameWithArticle)",
                                      offset: condition.range.offset)
            }
            return try evaluate(isTrue ? then : otherwise)
        case .list(let items, _):
            var values: [Value] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try evaluate(item)) }
            try ValueLimits.checkList(values, offset: expr.range.offset)
            return .list(values)
        case .template(let pieces, _):
            return .string(try text(of: pieces))
        case .closure(_, let range):
            throw ExpressionError("a closure has no value by itself; pass it to a method such as xs.map { $0 * 2 }",
                                  offset: range.offset)
        }
    }

    /// The work budget of this evaluation: the one the closure being evaluated shares, or a new one.
    var workBudget: WorkBudget {
        (self as? LocalScope)?.budget ?? WorkBudget()
    }

    /// The text of template pieces, interpolated values formatted as `Value.description`.
    func text(of pieces: [TemplatePiece]) throws(ExpressionError) -> String {
        var result = ""
        for piece in pieces {
            let part: String
            switch piece {
            case .text(let text): part = text
            case .interpolation(let expr): part = try evaluate(expr).description
            }
            try ValueLimits.checkJoin(result.utf8.count, part.utf8.count, offset: nil)
            result += part
        }
        return result
    }

    // MARK: - Names

    private func lookUp(_ name: String, at range: SourceRange) throws(ExpressionError) -> Value {
        if let value = value(of: name) {
            if case .number(let number) = value, !number.isFinite {
                throw ExpressionError("'\(name)' is not a finite number (it is \(number))", offset: range.offset)
            }
            return value
        }
        if let constant = BuiltIns.constant(name) { return constant }
        if name.hasPrefix("$") { throw Self.anonymousParameterError(name, at: range) }
        if let reason = whyUnknown(name) { throw ExpressionError("unknown name '\(name)': \(reason)", offset: range.offset) }
        // Never the name itself: a name the scope lists but cannot give has no better spelling.
        let hint = Suggestion.closest(to: name, in: (knownNames + BuiltIns.constantNames).filter { $0 != name })
        throw ExpressionError("unknown name '\(name)'" + didYouMean(hint), offset: range.offset)
    }

    private func member(_ name: String, of baseExpr: Expr?, at range: SourceRange) throws(ExpressionError) -> Value {
        let nameOffset = range.offset + range.length - name.count
        guard let baseExpr else {
            if let value = value(of: "." + name) { return value }
            if let color = ColorValue.named(name) { return .color(color) }
            if name == "pi" { return .number(Double.pi) }
            if name == "zero" {
                throw ExpressionError("'.zero' needs its type here: write CGSize.zero, CGPoint.zero, CGRect.zero or 0",
                                      offset: range.offset)
            }
            // `.easeIn`, `.default`: an animation, as SwiftUI's `Animation` members are the implicit members
            // that stand alone (the scene format checks the name at load, `AnimationSyntax`).
            return .animation(AnimationValue(links: [AnimationValue.Link(name: name, arguments: nil)]))
        }
        if case .variable(let type, _) = baseExpr, let staticMember = BuiltIns.staticMember(type, name),
           value(of: type) == nil {
            return staticMember
        }
        let base = try evaluate(baseExpr)
        switch base {
        case .record(let record):
            if let value = record[name] { return try checkedFinite(value, at: range) }
            throw ExpressionError("the record has no field '\(name)'"
                                  + didYouMean(Suggestion.closest(to: name, in: record.names)), offset: nameOffset)
        case .color(let color):
            switch name {
            case "red": return .number(color.red)
            case "green": return .number(color.green)
            case "blue": return .number(color.blue)
            case "alpha", "opacity": return .number(color.alpha)
            default: break
            }
        default:
            break
        }
        if let property = try Methods.property(name, of: base, budget: { workBudget }, offset: nameOffset) {
            return property
        }
        let hint = Methods.signatures[name] != nil ? "; '\(name)' is a method: call it, \(name)(...)" : ""
        throw ExpressionError("\(base.typeNameWithArticle) has no member '\(name)'\(hint)", offset: nameOffset)
    }

    private func element(of baseExpr: Expr, at indexExpr: Expr) throws(ExpressionError) -> Value {
        let base = try evaluate(baseExpr)
        let key = try evaluate(indexExpr)
        switch (base, key) {
        case (.list(let items), .number(let index)):
            guard index == index.rounded(.towardZero) else {
                throw ExpressionError("the list index \(NumberFormat.shortest(index)) is not a whole number",
                                      offset: indexExpr.range.offset)
            }
            guard index >= 0, index < Double(items.count) else {
                throw ExpressionError("the list index \(NumberFormat.shortest(index)) is out of range: the list has "
                                      + "\(items.count) item\(items.count == 1 ? "" : "s")",
                                      offset: indexExpr.range.offset)
            }
            return try checkedFinite(items[Int(index)], at: indexExpr.range)
        case (.string(let string), .number(let index)):
            // Swift indexes strings with String.Index; here a whole number counts characters from 0.
            guard index == index.rounded(.towardZero), index >= 0, index < Double(string.count) else {
                throw ExpressionError("the string index \(NumberFormat.shortest(index)) is out of range: the string has "
                                      + "\(string.count) character\(string.count == 1 ? "" : "s")",
                                      offset: indexExpr.range.offset)
            }
            return .string(String(string[string.index(string.startIndex, offsetBy: Int(index))]))
        case (.record(let record), .string(let name)):
            if let value = record[name] { return try checkedFinite(value, at: indexExpr.range) }
            throw ExpressionError("the record has no field '\(name)'"
                                  + didYouMean(Suggestion.closest(to: name, in: record.names)),
                                  offset: indexExpr.range.offset)
        case (.list, _):
            throw ExpressionError("a list index must be a number, not \(key.typeNameWithArticle)",
                                  offset: indexExpr.range.offset)
        case (.record, _):
            throw ExpressionError("a record field name must be a string, not \(key.typeNameWithArticle)",
                                  offset: indexExpr.range.offset)
        default:
            throw ExpressionError("\(base.typeNameWithArticle) cannot be indexed with [ ]; only lists, strings and records can",
                                  offset: baseExpr.range.offset)
        }
    }

    // MARK: - Calls

    private func call(_ callee: Expr, _ arguments: [CallArgument], node: Expr) throws(ExpressionError) -> Value {
        let name: String
        switch callee {
        case .variable(let functionName, _):
            name = functionName
        case .member(nil, let memberName, _):
            name = "." + memberName
        case .member(.some(let baseExpr), let memberName, let range) where node.implicitMemberChain == nil:
            return try callMethod(memberName, on: baseExpr, arguments, nameRange: range, node: node)
        case .member(.some(let baseExpr), let memberName, _):
            // `.easeIn(duration: 1).delay(0.5)`: a modifier of the animation before it.
            let base = try evaluate(baseExpr)
            guard case .animation(let animation) = base else {
                throw ExpressionError("\(base.typeNameWithArticle) has no method '\(memberName)'", offset: node.range.offset)
            }
            return try animationLink(memberName, on: animation, arguments)
        case .member(_, let memberName, let range):
            throw ExpressionError("'\(memberName)' cannot be called here; only named functions such as sin(x) can",
                                  offset: range.offset + range.length - memberName.count)
        default:
            throw ExpressionError("only named functions such as sin(x) can be called", offset: callee.range.offset)
        }
        if let closure = arguments.first(where: { if case .closure = $0.value { true } else { false } }) {
            throw ExpressionError("a closure can only be passed to a method such as map or filter: xs.map { $0 * 2 }",
                                  offset: closure.value.range.offset)
        }
        var values: [Value] = []
        values.reserveCapacity(arguments.count)
        for argument in arguments { values.append(try evaluate(argument.value)) }

        if let result = try callScope(name, values, arguments, at: node.range) {
            return try checkedFinite(result, at: node.range, describing: node)
        }
        if name.hasPrefix(".") {
            // `.easeIn(duration: 0.3)`: an animation (its name and labels are checked at load).
            let link = AnimationValue.Link(name: String(name.dropFirst()),
                                           arguments: zip(arguments, values).map { AnimationValue.Argument(label: $0.label, value: $1) })
            return .animation(AnimationValue(links: [link]))
        }
        guard let function = BuiltIns.function(named: name) else {
            let hint = Suggestion.closest(to: name, in: BuiltIns.functionNames)
            throw ExpressionError("unknown function '\(name)'" + didYouMean(hint), offset: callee.range.offset)
        }
        let result = try function.call(BuiltinArguments(function: name, values: values, arguments: arguments,
                                                        budget: (self as? LocalScope)?.budget),
                                       at: node.range)
        return try checkedFinite(result, at: node.range, describing: node)
    }

    /// `base.name(arguments)`: a method of a list, string, number or colour (see `Methods`).
    private func callMethod(_ name: String, on baseExpr: Expr, _ arguments: [CallArgument], nameRange: SourceRange,
                            node: Expr) throws(ExpressionError) -> Value {
        let nameOffset = nameRange.offset + nameRange.length - name.count
        if Methods.signatures[name] == nil, case .animation(let animation) = try evaluate(baseExpr) {
            // `bounce.delay(0.2)`: a modifier of a named animation.
            return try animationLink(name, on: animation, arguments)
        }
        let parameters = try Methods.signature(of: name, arguments, nameOffset: nameOffset, callOffset: node.range.offset)
        let base = try evaluate(baseExpr)
        let budget = workBudget
        var values: [Value?] = []
        var closures: [Callable?] = []
        for (parameter, argument) in zip(parameters, arguments) {
            switch (parameter, argument.value) {
            case (.closure, .closure(let closure, let range)):
                values.append(nil)
                closures.append(Callable(closure: closure, scope: self, budget: budget, range: range, method: name))
            case (.style, _):
                values.append(nil)
                closures.append(nil)
            default:
                values.append(try evaluate(argument.value))
                closures.append(nil)
            }
        }
        let call = MethodArguments(method: name, arguments: arguments, values: values, closures: closures,
                                   budget: budget, range: node.range, nameOffset: nameOffset, scope: self)
        return try checkedFinite(try Methods.call(base, call), at: node.range, describing: node)
    }

    /// `base.name(arguments)` where `base` is an animation: the animation with the modifier `name` added.
    private func animationLink(_ name: String, on base: AnimationValue,
                               _ arguments: [CallArgument]) throws(ExpressionError) -> Value {
        var animation = base
        var values: [AnimationValue.Argument] = []
        for argument in arguments {
            values.append(AnimationValue.Argument(label: argument.label, value: try evaluate(argument.value)))
        }
        animation.links.append(AnimationValue.Link(name: name, arguments: values))
        return .animation(animation)
    }

    static func anonymousParameterError(_ name: String, at range: SourceRange) -> ExpressionError {
        ExpressionError("'\(name)' names a closure's parameter and is only valid inside a closure without named "
                        + "parameters, such as xs.map { \(name) * 2 }", offset: range.offset)
    }

    private func callScope(_ name: String, _ values: [Value], _ arguments: [CallArgument],
                           at range: SourceRange) throws(ExpressionError) -> Value? {
        do {
            if arguments.contains(where: { $0.label != nil }) {
                return try callFunction(name, values, labels: arguments.map(\.label))
            }
            return try callFunction(name, values)
        } catch let error as ExpressionError {
            throw ExpressionError(error.message, offset: range.offset)
        } catch {
            throw ExpressionError("\(name): \(error)", offset: range.offset)
        }
    }

    // MARK: - Operators

    private func unary(_ op: UnaryOperator, _ operandExpr: Expr, node: Expr) throws(ExpressionError) -> Value {
        let operand = try evaluate(operandExpr)
        switch (op, operand) {
        case (.negate, .number(let number)):
            return .number(-number)
        case (.not, .bool(let bool)):
            return .bool(!bool)
        case (.negate, _):
            throw ExpressionError("'-' cannot negate \(operand.typeNameWithArticle)", offset: operandExpr.range.offset)
        case (.not, _):
            throw ExpressionError("'!' needs a bool, not \(operand.typeNameWithArticle)", offset: operandExpr.range.offset)
        }
    }

    private func binary(_ op: BinaryOperator, _ leftExpr: Expr, _ rightExpr: Expr,
                        node: Expr) throws(ExpressionError) -> Value {
        switch op {
        case .and, .or:
            let left = try boolOperand(leftExpr, of: op)
            if left != (op == .and) { return .bool(left) }
            return .bool(try boolOperand(rightExpr, of: op))
        case .equal:
            return .bool(try evaluate(leftExpr) == evaluate(rightExpr))
        case .notEqual:
            return .bool(try evaluate(leftExpr) != evaluate(rightExpr))
        case .nilCoalescing:
            do {
                return try evaluate(leftExpr)
            } catch where error.isMissingValue {
                return try evaluate(rightExpr)
            }
        case .halfOpenRange, .closedRange:
            return try range(op, leftExpr, rightExpr)
        default:
            break
        }
        let left = try evaluate(leftExpr)
        let right = try evaluate(rightExpr)
        if case .number(let x) = left, case .number(let y) = right {
            switch op {
            case .add: return try finite(x + y, node)
            case .subtract: return try finite(x - y, node)
            case .multiply: return try finite(x * y, node)
            case .divide:
                if y == 0 { throw ExpressionError("division by zero", offset: rightExpr.range.offset) }
                return try finite(x / y, node)
            case .remainder:
                if y == 0 { throw ExpressionError("division by zero", offset: rightExpr.range.offset) }
                return try finite(x.truncatingRemainder(dividingBy: y), node)
            case .less: return .bool(x < y)
            case .lessOrEqual: return .bool(x <= y)
            case .greater: return .bool(x > y)
            case .greaterOrEqual: return .bool(x >= y)
            case .equal, .notEqual, .and, .or, .halfOpenRange, .closedRange, .nilCoalescing: break
            }
        }
        if op == .add, let text = try concatenation(left, right, offset: node.range.offset) { return .string(text) }
        if op == .add, case .list(let x) = left, case .list(let y) = right {
            // Swift's Array + Array: `scores + [4]` appends.
            try workBudget.spend(x.count + y.count, offset: node.range.offset)
            try ValueLimits.checkList(x + y, offset: node.range.offset)
            return .list(x + y)
        }
        if case .string(let x) = left, case .string(let y) = right {
            switch op {
            case .less: return .bool(x < y)
            case .lessOrEqual: return .bool(x <= y)
            case .greater: return .bool(x > y)
            case .greaterOrEqual: return .bool(x >= y)
            default: break
            }
        }
        throw typeError(op, left, right, leftExpr, rightExpr)
    }

    /// `a..<b` or `a...b`: the whole numbers from a, as a list (Swift's `Range` and `ClosedRange` of `Int`).
    private func range(_ op: BinaryOperator, _ lowerExpr: Expr, _ upperExpr: Expr) throws(ExpressionError) -> Value {
        func bound(_ expr: Expr) throws(ExpressionError) -> Double {
            let value = try evaluate(expr)
            guard case .number(let number) = value, number == number.rounded(.towardZero), abs(number) < 1e15 else {
                throw ExpressionError("the bounds of '\(op.rawValue)' must be whole numbers, not \(value.text(quotingStrings: true))",
                                      offset: expr.range.offset)
            }
            return number
        }
        let (lower, upper) = (try bound(lowerExpr), try bound(upperExpr))
        let count = upper - lower + (op == .closedRange ? 1 : 0)
        guard count >= 0 else {
            // Swift traps: "Range requires lowerBound <= upperBound".
            throw ExpressionError("the range \(NumberFormat.shortest(lower))\(op.rawValue)\(NumberFormat.shortest(upper)) "
                                  + "has its lower bound above its upper bound", offset: lowerExpr.range.offset)
        }
        guard count <= Double(ValueLimits.maxListValues) else {
            throw ExpressionError("the range would hold \(NumberFormat.shortest(count)) numbers; a list holds at most "
                                  + "\(ValueLimits.maxListValues)", offset: lowerExpr.range.offset)
        }
        try workBudget.spend(Int(count), offset: lowerExpr.range.offset)
        return .list((0..<Int(count)).map { .number(lower + Double($0)) })
    }

    /// `string + string`, `string + number` and `string + bool` (either order) join as text.
    /// The joined text is checked against `ValueLimits.maxStringBytes` before it is built.
    private func concatenation(_ left: Value, _ right: Value, offset: Int?) throws(ExpressionError) -> String? {
        let (x, y): (String, String)
        switch (left, right) {
        case (.string(let a), .string(let b)): (x, y) = (a, b)
        case (.string(let a), .number), (.string(let a), .bool): (x, y) = (a, right.description)
        case (.number, .string(let b)), (.bool, .string(let b)): (x, y) = (left.description, b)
        default: return nil
        }
        try ValueLimits.checkJoin(x.utf8.count, y.utf8.count, offset: offset)
        return x + y
    }

    private func boolOperand(_ expr: Expr, of op: BinaryOperator) throws(ExpressionError) -> Bool {
        let value = try evaluate(expr)
        guard case .bool(let bool) = value else {
            throw ExpressionError("'\(op.rawValue)' needs bools, not \(value.typeNameWithArticle)", offset: expr.range.offset)
        }
        return bool
    }

    private func typeError(_ op: BinaryOperator, _ left: Value, _ right: Value,
                           _ leftExpr: Expr, _ rightExpr: Expr) -> ExpressionError {
        let (a, b) = (left.typeNameWithArticle, right.typeNameWithArticle)
        let message = switch op {
        case .add: "'+' cannot add \(a) and \(b)"
        case .subtract: "'-' cannot subtract \(b) from \(a)"
        case .multiply: "'*' cannot multiply \(a) by \(b)"
        case .divide, .remainder: "'\(op.rawValue)' cannot divide \(a) by \(b)"
        default: "'\(op.rawValue)' cannot compare \(a) with \(b)"
        }
        // Point at the operand that is neither a number nor a string, else at the first non-number.
        func isTextOrNumber(_ value: Value) -> Bool {
            if case .number = value { return true }
            if case .string = value { return true }
            return false
        }
        let culprit = !isTextOrNumber(left) ? leftExpr
            : !isTextOrNumber(right) ? rightExpr
            : left.asNumber == nil ? leftExpr : rightExpr
        return ExpressionError(message, offset: culprit.range.offset)
    }

    // MARK: - Finite numbers

    private func finite(_ number: Double, _ node: Expr) throws(ExpressionError) -> Value {
        guard number.isFinite else {
            throw ExpressionError("\(node.unparenthesizedDescription) is not a finite number", offset: node.range.offset)
        }
        return .number(number)
    }

    private func checkedFinite(_ value: Value, at range: SourceRange,
                               describing node: Expr? = nil) throws(ExpressionError) -> Value {
        if case .number(let number) = value, !number.isFinite {
            let what = node.map { "\($0.unparenthesizedDescription)" } ?? "the value"
            throw ExpressionError("\(what) is not a finite number", offset: range.offset)
        }
        return value
    }

    private func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}

extension Expr {
    /// The value of this expression in `scope`; every error carries the offset of the node that failed.
    public func evaluate(in scope: some Scope) throws(ExpressionError) -> Value {
        try scope.evaluate(self)
    }
}

import SceneFormat
import SwiftSyntax

extension Lowerer {
    /// The actions of a closure (`{ withAnimation { x.toggle() } }`) or of a closure parameter passed by
    /// name (`onTapGesture(perform: action)`).
    func actionsOf(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> [JSON] {
        if let closure = expr.as(ClosureExprSyntax.self) {
            if let signature = closure.signature, signature.parameterClause != nil {
                throw diagnostics.unsupported(signature, "a closure with parameters here", "an action closure takes none")
            }
            return try actions(closure.statements, scope)
        }
        if let ref = expr.as(DeclReferenceExprSyntax.self), scope.names[ref.baseName.text] == .slot {
            return [.object([("run", .string(ref.baseName.text))])]
        }
        // onTapGesture(perform: animate): a method of the view, inlined.
        var method = expr.as(DeclReferenceExprSyntax.self)?.baseName.text
        if let member = expr.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" {
            method = member.declName.baseName.text
        }
        if let method, let body = scope.owner?.methods[method] {
            return try inline(method, body, at: expr, scope)
        }
        throw diagnostics.unsupported(expr, "the action '\(expr.shortText)'", "a closure { ... } or a closure parameter of the view is")
    }

    /// The statements of an action closure. Consecutive assignments share one `set` (it assigns in
    /// key order, later values seeing earlier ones, as the statements do), unless one variable repeats.
    func actions(_ items: CodeBlockItemListSyntax, _ scope: Scope) throws(SwiftSourceError) -> [JSON] {
        try actions(Array(items), scope)
    }

    private func actions(_ items: [CodeBlockItemSyntax], _ scope: Scope) throws(SwiftSourceError) -> [JSON] {
        var merged: [JSON] = []
        for action in try actionList(items, scope) {
            if case .object(let pairs) = action, pairs.count == 1, pairs[0].0 == "set", case .object(let assignments) = pairs[0].1,
               case .object(let last)? = merged.last, last.count == 1, last[0].0 == "set", case .object(let earlier) = last[0].1,
               !assignments.contains(where: { key, _ in earlier.contains { $0.0 == key } }) {
                merged[merged.count - 1] = .object([("set", .object(earlier + assignments))])
            } else {
                merged.append(action)
            }
        }
        return merged
    }

    private func actionList(_ items: CodeBlockItemListSyntax, _ outerScope: Scope) throws(SwiftSourceError) -> [JSON] {
        try actionList(Array(items), outerScope)
    }

    private func actionList(_ items: [CodeBlockItemSyntax], _ outerScope: Scope) throws(SwiftSourceError) -> [JSON] {
        var out: [JSON] = []
        var scope = outerScope
        for (index, item) in items.enumerated() {
            // try await Task.sleep(for: .seconds(1)): the rest of the closure runs that much later.
            if let delay = try sleepDelay(item, scope) {
                let rest = try actions(Array(items[(index + 1)...]), scope)
                if !rest.isEmpty { out.append(.object([("after", delay), ("do", .array(rest))])) }
                return out
            }
            switch item.item {
            case .expr(let expr): out += try action(expr, scope)
            case .stmt(let stmt):
                if let expression = stmt.as(ExpressionStmtSyntax.self) {
                    out += try action(expression.expression, scope)
                } else {
                    throw diagnostics.unsupported(stmt, "this statement in an action", "assignments, toggle(), withAnimation, DispatchQueue.main.asyncAfter, if/else and calls of closure parameters are")
                }
            case .decl(let decl):
                // let item = DispatchWorkItem { ... }: run later by asyncAfter(execute: item).
                if let variable = decl.as(VariableDeclSyntax.self), variable.bindings.count == 1, let binding = variable.bindings.first,
                   let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                   let closure = workItemClosure(binding.initializer?.value) {
                    workItemClosures[name] = closure
                    workItemIds[name] = nil
                    continue
                }
                // let angle = atan2(dy, dx): the expression, written where the name is read.
                if let variable = decl.as(VariableDeclSyntax.self), variable.bindingSpecifier.text == "let", variable.bindings.count == 1,
                   let binding = variable.bindings.first, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                   let initial = binding.initializer?.value {
                    do throws(SwiftSourceError) {
                        scope.inlined[name] = try expression(initial, scope)
                    } catch {
                        // let a = CABasicAnimation(keyPath: "opacity"): the hint for the action it spells.
                        throw refusedAction(in: initial) ?? error
                    }
                    continue
                }
                throw diagnostics.unsupported(decl, "this declaration in an action",
                                              "let constants, assignments to @State and let item = DispatchWorkItem { ... } are")
            }
        }
        return out
    }

    /// `DispatchWorkItem { ... }`, `DispatchWorkItem(block: { ... })`: its closure.
    private func workItemClosure(_ expr: ExprSyntax?) -> ClosureExprSyntax? {
        guard let call = expr?.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "DispatchWorkItem" else { return nil }
        return call.trailingClosure ?? call.arguments.first { $0.label?.text == "block" }?.expression.as(ClosureExprSyntax.self)
    }

    /// `restore?.cancel()`, `restore = item`, `restore = DispatchWorkItem { ... }`: nil when `expr` is none of these.
    func workItemAction(_ expr: ExprSyntax, _ scope: Scope) -> [JSON]? {
        if let call = expr.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
           let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "cancel",
           let base = member.base {
            let name = base.trimmedDescription.replacingOccurrences(of: "?", with: "").replacingOccurrences(of: "self.", with: "")
            if scope.workItems.contains(name) { return [.object([("cancel", .string(name))])] }
        }
        if let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           Array(sequence.elements)[1].is(AssignmentExprSyntax.self) {
            let elements = Array(sequence.elements)
            let target = elements[0].trimmedDescription.replacingOccurrences(of: "self.", with: "")
            guard scope.workItems.contains(target) else { return nil }
            if let local = elements[2].as(DeclReferenceExprSyntax.self)?.baseName.text, workItemClosures[local] != nil {
                workItemIds[local] = target
                return []
            }
            if let closure = workItemClosure(elements[2]) {
                workItemClosures[target] = closure
                workItemIds[target] = target
                return []
            }
        }
        return nil
    }

    private func action(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> [JSON] {
        if let tryExpr = expr.as(TryExprSyntax.self) { return try action(tryExpr.expression, scope) }
        if let awaitExpr = expr.as(AwaitExprSyntax.self) { return try action(awaitExpr.expression, scope) }
        for statement in swiftActions {  // SwiftActions.swift
            if let actions = try statement.lower(self)(expr, scope) { return actions }
        }
        if let refused = refusedAction(in: expr) { throw refused }
        guard let call = expr.as(FunctionCallExprSyntax.self) else {
            throw diagnostics.unsupported(expr, "the statement '\(expr.shortText)'", "assignments, toggle(), withAnimation, DispatchQueue.main.asyncAfter, if/else and calls of closure parameters are")
        }
        if call.calledExpression.trimmedDescription == "print" {
            throw diagnostics.unsupported(call, "print", "actions change state; remove the print")
        }
        throw diagnostics.unsupported(call, "the call '\(call.shortText)' in an action",
                                      "withAnimation, toggle(), DispatchQueue.main.asyncAfter and calls of the view's closure parameters are")
    }

    /// A call in `syntax` spelled as an action of the format the front end does not read
    /// (`UIView.animate`, `CABasicAnimation(keyPath:)`): its error, with `ActionRegistry`'s hint for a Swift
    /// author where it has one, else the hint for a JSON scene; nil when there is none.
    func refusedAction(in syntax: some SyntaxProtocol) -> SwiftSourceError? {
        for call in syntax.tokens(viewMode: .sourceAccurate).compactMap({ $0.parent?.as(DeclReferenceExprSyntax.self) }) {
            let name = call.baseName.text
            guard let hint = ActionRegistry.swiftNames[name], !swiftActionNames.contains(name),
                  let called = calledExpression(of: call) else { continue }
            if let swiftHint = ActionRegistry.swiftSourceHints[name] {
                return diagnostics.unsupported(called, "the call '\(called.shortText)' in an action", swiftHint)
            }
            return diagnostics.unsupported(called, "the call '\(called.shortText)' in an action", "in a JSON scene: \(hint)")
        }
        return nil
    }

    /// The call whose called expression ends in `name` (`UIView.animate` in `UIView.animate(...)`).
    private func calledExpression(of name: DeclReferenceExprSyntax) -> FunctionCallExprSyntax? {
        var callee = Syntax(name)
        if let member = name.parent?.as(MemberAccessExprSyntax.self), member.declName.id == name.id { callee = Syntax(member) }
        guard let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id else { return nil }
        return call
    }

    // MARK: The statements of the table (SwiftActions.swift)

    /// `x = e`, `x += e`, `x -= e`, `x *= e`, `x /= e`: a `set`.
    func assignmentAction(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> [JSON]? {
        guard let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count >= 3,
              Array(sequence.elements)[1].is(AssignmentExprSyntax.self)
                || ["+=", "-=", "*=", "/="].contains(Array(sequence.elements)[1].as(BinaryOperatorExprSyntax.self)?.operator.text) else { return nil }
        let elements = Array(sequence.elements)
        // x = a ? b : c: the right-hand side is the rest of the sequence.
        let rest = Array(elements[2...])
        let target = try stateTarget(elements[0], scope)
        let op: String
        if elements[1].is(AssignmentExprSyntax.self) { op = "=" }
        else if let binary = elements[1].as(BinaryOperatorExprSyntax.self) { op = binary.operator.text }
        else { throw diagnostics.unsupported(expr, "the statement '\(expr.shortText)'", "x = e, x += e, x -= e, x *= e, x /= e are") }
        let value: JSON
        switch op {
        case "=" where scope.angles.contains(target) && rest.count == 1: value = try angleValue(rest[0], scope)
        case "=" where rest.count == 1 && rest[0].trimmedDescription == ".zero" && recordType(of: target, scope) != nil:
            // drag = .zero for a CGSize state: the type's zero record.
            value = .string(recordType(of: target, scope)! + ".zero")
        case "=" where animationProperty(target, scope):
            // anim = fast ? .spring(duration: 0.2) : .default, for a state variable holding an Animation.
            value = .string(try animationCode(rest.count == 1 ? rest[0] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(rest))), scope))
        case "=": value = rest.count == 1 ? try freeValue(rest[0], scope) : .string(try sequenceText(rest, scope))
        case "+=", "-=", "*=", "/=":
            // `.degrees(90)` lowers to 90, so an Angle state adds degrees as a number state does.
            let right = try sequenceText(rest, scope)
            let simple = right.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            value = .string("\(target) \(op.dropLast()) \(simple ? right : "(" + right + ")")")
        default:
            throw diagnostics.unsupported(elements[1], "the assignment '\(op)'", "=, +=, -=, *= and /= are")
        }
        return [.object([("set", .object([(target, value)]))])]
    }

    /// `if c { ... } else { ... }`: an `if`.
    func conditionalAction(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> [JSON]? {
        guard let ifExpr = expr.as(IfExprSyntax.self) else { return nil }
        return [try ifAction(ifExpr, scope)]
    }

    /// `x.toggle()`, `items[i].done.toggle()`: a `set` of the negation.
    func toggleAction(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> [JSON]? {
        guard let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              member.declName.baseName.text == "toggle", let base = member.base, call.arguments.isEmpty else { return nil }
        let target = try stateTarget(base, scope)
        return [.object([("set", .object([(target, .string("!" + target))]))])]
    }

    /// `items.append(x)` and the other mutations of a list in state (`listMutation`): a `set` of the whole list.
    func listMutationAction(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> [JSON]? {
        guard let call = expr.as(FunctionCallExprSyntax.self), let set = try listMutation(call, scope) else { return nil }
        return [set]
    }

    /// `withAnimation(animation) { ... } completion: { ... }`.
    func withAnimationAction(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> [JSON]? {
        guard let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "withAnimation" else { return nil }
        var animation = ".default"
        var body: ExprSyntax? = call.trailingClosure.map(ExprSyntax.init)
        var completion: ExprSyntax? = call.additionalTrailingClosures.first { $0.label.text == "completion" }.map { ExprSyntax($0.closure) }
        var criteria: String?
        for argument in call.arguments {
            switch argument.label?.text {
            case nil:
                if argument.expression.is(ClosureExprSyntax.self) { body = argument.expression }
                else if argument.expression.is(NilLiteralExprSyntax.self) {
                    throw diagnostics.unsupported(argument, "withAnimation(nil)", "leave the withAnimation out for a change without animation")
                } else { animation = try animationCode(argument.expression, scope) }
            case "completionCriteria":
                criteria = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            case "completion": completion = argument.expression
            case "body": body = argument.expression
            default:
                throw diagnostics.unsupported(argument, "withAnimation's '\(argument.label!.text)'", "the animation, completionCriteria: and completion: are")
            }
        }
        guard let body else { throw diagnostics.error(call, "withAnimation needs its body closure") }
        var object = JSONObject([("withAnimation", .string(animation))])
        if let criteria { object["completionCriteria"] = .string(criteria) }
        object["do"] = .array(try actionsOf(body, scope))
        if let completion { object["completion"] = .array(try actionsOf(completion, scope)) }
        return [object.json]
    }

    /// `DispatchQueue.main.asyncAfter(deadline: .now() + d) { ... }`, `asyncAfter(deadline:execute: item)`: an `after`.
    func asyncAfterAction(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> [JSON]? {
        guard let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "DispatchQueue.main.asyncAfter" else { return nil }
        guard let deadline = call.arguments.first(where: { $0.label?.text == "deadline" })?.expression,
              let sequence = deadline.as(SequenceExprSyntax.self), sequence.elements.count == 3,
              Array(sequence.elements)[0].trimmedDescription == ".now()",
              Array(sequence.elements)[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else {
            throw diagnostics.unsupported(call, "this deadline", "deadline: .now() + seconds is")
        }
        guard var body = call.arguments.first(where: { $0.label?.text == "execute" })?.expression ?? call.trailingClosure.map(ExprSyntax.init) else {
            throw diagnostics.error(call, "asyncAfter needs a closure")
        }
        let delay = try value(Array(sequence.elements)[2], scope)
        // execute: item (a DispatchWorkItem): its closure, with the id of the property that holds it,
        // so that cancel() and a later schedule under the same id replace it.
        var id: String?
        let itemName = body.trimmedDescription.replacingOccurrences(of: "!", with: "").replacingOccurrences(of: "self.", with: "")
        if let closure = workItemClosures[itemName] {
            body = ExprSyntax(closure)
            id = workItemIds[itemName] ?? (scope.workItems.contains(itemName) ? itemName : nil)
        }
        var object = JSONObject([("after", delay)])
        if let id { object["id"] = .string(id) }
        object["do"] = .array(try actionsOf(body, scope))
        return [object.json]
    }

    /// `action()`, `self.action()` for a closure parameter of the view: a `run` of its slot.
    func slotCallAction(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> [JSON]? {
        guard let name = calledMethod(expr, scope), scope.names[name] == .slot else { return nil }
        return [.object([("run", .string(name))])]
    }

    /// `animateIn()`, `self.animateIn()`: a method of the view, inlined.
    func methodCallAction(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> [JSON]? {
        guard let name = calledMethod(expr, scope), let body = scope.owner?.methods[name] else { return nil }
        return try inline(name, body, at: expr, scope)
    }

    /// The name `name()` or `self.name()` calls, without arguments or a trailing closure.
    private func calledMethod(_ expr: ExprSyntax, _ scope: Scope) -> String? {
        guard let call = expr.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil else { return nil }
        let callee = call.calledExpression.trimmedDescription
        return callee.hasPrefix("self.") ? String(callee.dropFirst(5)) : callee
    }

    // MARK: Tasks and timers

    /// `try await Task.sleep(for: .seconds(0.5))`, `try? await Task.sleep(nanoseconds: 500_000_000)`,
    /// `.milliseconds(n)`: the delay in seconds, else nil.
    private func sleepDelay(_ item: CodeBlockItemSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON? {
        var expr: ExprSyntax
        switch item.item {
        case .expr(let e): expr = e
        case .stmt(let stmt):
            guard let e = stmt.as(ExpressionStmtSyntax.self)?.expression else { return nil }
            expr = e
        case .decl: return nil
        }
        while true {
            if let t = expr.as(TryExprSyntax.self) { expr = t.expression } else if let a = expr.as(AwaitExprSyntax.self) { expr = a.expression } else { break }
        }
        guard let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "Task.sleep" else { return nil }
        let supported = "Task.sleep(for: .seconds(x)), .milliseconds(x), and Task.sleep(nanoseconds: n) are"
        guard call.arguments.count == 1, let argument = call.arguments.first else {
            throw diagnostics.unsupported(call, "this Task.sleep", supported)
        }
        func scaled(_ e: ExprSyntax, _ divisor: Double) throws(SwiftSourceError) -> JSON {
            if let n = numberLiteral(e) { return .number(n / divisor) }
            let text = try expression(e, scope)
            return .string(divisor == 1 ? text : "(\(text)) / \(JSON.format(divisor))")
        }
        switch argument.label?.text {
        case "nanoseconds":
            return try scaled(argument.expression, 1e9)
        case "for", "seconds":
            if let duration = argument.expression.as(FunctionCallExprSyntax.self), duration.arguments.count == 1,
               let amount = duration.arguments.first?.expression,
               let unit = duration.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
               duration.calledExpression.as(MemberAccessExprSyntax.self)?.base == nil || duration.calledExpression.trimmedDescription.hasPrefix("Duration.") {
                switch unit {
                case "seconds": return try scaled(amount, 1)
                case "milliseconds": return try scaled(amount, 1000)
                default: break
                }
            }
            if argument.label?.text == "seconds" { return try scaled(argument.expression, 1) }
            throw diagnostics.unsupported(argument.expression, "the duration '\(argument.expression.shortText)'", ".seconds(x) and .milliseconds(x) are")
        default:
            throw diagnostics.unsupported(call, "this Task.sleep", supported)
        }
    }

    /// `timer?.invalidate()`, `self.timer?.invalidate()`, `t.invalidate()` on a timer closure's parameter: a
    /// `cancel` of the timer.
    func invalidateAction(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> [JSON]? {
        guard let call = expr.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
              let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "invalidate",
              let base = member.base else { return nil }
        let name = base.trimmedDescription.replacingOccurrences(of: "?", with: "").replacingOccurrences(of: "!", with: "")
            .replacingOccurrences(of: "self.", with: "")
        if scope.workItems.contains(name) { return [.object([("cancel", .string(name))])] }
        if let id = timerParameters[name] { return [.object([("cancel", .string(id))])] }
        throw diagnostics.unsupported(call, "'\(call.shortText)'", "invalidate() on a Timer? property of the view or on the timer closure's parameter is")
    }

    /// `Task { ... }`: its actions, a moment later outside the current transaction (`after` 0), as a
    /// task runs after the closure that starts it.
    func taskAction(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> [JSON]? {
        guard let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "Task" else { return nil }
        guard call.arguments.isEmpty, let body = call.trailingClosure else {
            throw diagnostics.unsupported(call, "this Task", "Task { ... } is")
        }
        return [.object([("after", .number(0)), ("do", .array(try actions(body.statements, scope)))])]
    }

    /// `Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { t in ... }`: a `timer` action, whose
    /// `t.invalidate()` cancels it; assigned to a `Timer?` property, the property names it
    /// (`timer?.invalidate()` cancels it). Nil when `expr` is not one.
    func scheduledTimerAction(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> [JSON]? {
        var target: String?
        var timerExpr = expr
        // timer = Timer.scheduledTimer(...)
        if let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3, Array(sequence.elements)[1].is(AssignmentExprSyntax.self) {
            let name = Array(sequence.elements)[0].trimmedDescription.replacingOccurrences(of: "self.", with: "")
            guard scope.workItems.contains(name), Array(sequence.elements)[2].trimmedDescription.hasPrefix("Timer.scheduledTimer") else { return nil }
            target = name
            timerExpr = Array(sequence.elements)[2]
        }
        guard let call = timerExpr.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "Timer.scheduledTimer" else {
            return nil
        }
        guard let interval = call.arguments.first(where: { $0.label?.text == "withTimeInterval" })?.expression,
              let body = call.trailingClosure ?? call.arguments.first(where: { $0.label?.text == "block" })?.expression.as(ClosureExprSyntax.self) else {
            throw diagnostics.unsupported(call, "this Timer.scheduledTimer", "Timer.scheduledTimer(withTimeInterval:repeats:) { timer in ... } is")
        }
        for argument in call.arguments where !["withTimeInterval", "repeats", "block"].contains(argument.label?.text ?? "_") {
            throw diagnostics.unsupported(argument, "Timer.scheduledTimer's '\(argument.label?.text ?? "_")'", "withTimeInterval:, repeats: and the closure are")
        }
        let id: String
        if let target { id = target } else {
            generatedTimers += 1
            id = "timer\(generatedTimers)"
        }
        var parameter: String?
        switch body.signature?.parameterClause {
        case .simpleInput(let names)? where names.count == 1: parameter = names.first?.name.text
        case .parameterClause(let clause)? where clause.parameters.count == 1:
            parameter = clause.parameters.first.map { ($0.secondName ?? $0.firstName).text }
        case nil: break
        default: throw diagnostics.unsupported(body, "this timer closure", "{ timer in ... } is")
        }
        if let parameter, parameter != "_" { timerParameters[parameter] = id }
        defer { if let parameter { timerParameters[parameter] = nil } }
        var object = JSONObject([("timer", try self.value(interval, scope))])
        if let repeats = call.arguments.first(where: { $0.label?.text == "repeats" })?.expression { object["repeats"] = try self.value(repeats, scope) }
        object["id"] = .string(id)
        object["do"] = .array(try actions(body.statements, scope))
        return [object.json]
    }

    private func inline(_ name: String, _ body: CodeBlockSyntax, at node: some SyntaxProtocol, _ scope: Scope) throws(SwiftSourceError) -> [JSON] {
        guard !inlining.contains(name) else {
            throw diagnostics.unsupported(node, "a method that calls itself", "methods are inlined into the actions that call them")
        }
        inlining.insert(name)
        defer { inlining.remove(name) }
        return try actionList(body.statements, scope)
    }

    private func ifAction(_ ifExpr: IfExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        var parts: [String] = []
        for element in ifExpr.conditions {
            guard case .expression(let expr) = element.condition else {
                throw diagnostics.unsupported(element, "'if let' and 'if case'", "a boolean condition is")
            }
            parts.append(try expression(expr, scope))
        }
        var object = JSONObject([("if", .string(parts.count == 1 ? parts[0] : parts.map { "(\($0))" }.joined(separator: " && ")))])
        object["then"] = .array(try actions(ifExpr.body.statements, scope))
        switch ifExpr.elseBody {
        case .none: break
        case .codeBlock(let block)?: object["else"] = .array(try actions(block.statements, scope))
        case .ifExpr(let nested)?: object["else"] = .array([try ifAction(nested, scope)])
        }
        return object.json
    }

    /// The state variable an assignment writes.
    /// `CGSize`, `CGPoint`, ... when the view's property `name` holds that record (by its type annotation or
    /// its initial value), else nil.
    private func recordType(of name: String, _ scope: Scope) -> String? {
        guard let property = scope.owner?.properties.first(where: { $0.name == name }) else { return nil }
        if let type = property.type?.trimmedDescription, Self.recordFields[type] != nil { return type }
        let initial = property.initializer?.trimmedDescription ?? ""
        return Self.recordFields.keys.first { initial.hasPrefix($0 + ".") || initial.hasPrefix($0 + "(") }
    }

    /// What an assignment sets: a @State variable, or a field or item inside one (`drag.width`,
    /// `scores[i + 1]`, `grid[r][c]`), as the format's `set` keys write them.
    private func stateTarget(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> String {
        if let subscriptCall = expr.as(SubscriptCallExprSyntax.self), subscriptCall.arguments.count == 1,
           let index = subscriptCall.arguments.first, index.label == nil {
            return try stateTarget(subscriptCall.calledExpression, scope) + "[" + expression(index.expression, scope) + "]"
        }
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base, base.trimmedDescription != "self" {
            return try stateTarget(base, scope) + "." + member.declName.baseName.text
        }
        return try stateName(expr, scope)
    }

    /// `items.append(x)`, `items.append(contentsOf: xs)`, `items.insert(x, at: i)`, `items.remove(at: i)`,
    /// `items.removeFirst()`, `items.removeLast()`, `items.removeAll()` on a list in state: a `set` of the
    /// whole list, rebuilt with `+`, `prefix` and `dropFirst`; nil for other calls.
    private func listMutation(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
              call.trailingClosure == nil else { return nil }
        let method = member.declName.baseName.text
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let arguments = Array(call.arguments)
        func argument(_ i: Int) throws(SwiftSourceError) -> String {
            let text = try expression(arguments[i].expression, scope)
            return text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) ? text : "(" + text + ")"
        }
        let list: (String) throws(SwiftSourceError) -> String
        switch (method, labels) {
        case ("append", ["_"]): list = { items throws(SwiftSourceError) in items + " + [" + (try argument(0)) + "]" }
        case ("append", ["contentsOf"]): list = { items throws(SwiftSourceError) in items + " + " + (try argument(0)) }
        case ("insert", ["_", "at"]):
            list = { items throws(SwiftSourceError) in
                let i = try argument(1)
                return "\(items).prefix(\(i)) + [\(try argument(0))] + \(items).dropFirst(\(i))"
            }
        case ("remove", ["at"]):
            list = { items throws(SwiftSourceError) in
                let i = try argument(0)
                return "\(items).prefix(\(i)) + \(items).dropFirst(\(i) + 1)"
            }
        case ("removeFirst", []): list = { items in items + ".dropFirst()" }
        case ("removeLast", []): list = { items in items + ".dropLast()" }
        case ("removeAll", []): list = { _ in "[]" }
        default: return nil
        }
        let target = try stateTarget(base, scope)
        return .object([("set", .object([(target, .string(try list(target)))]))])
    }

    private func stateName(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> String {
        var name: String?
        if let ref = expr.as(DeclReferenceExprSyntax.self) { name = ref.baseName.text }
        if let member = expr.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" {
            name = member.declName.baseName.text
        }
        guard let name else {
            throw diagnostics.unsupported(expr, "assigning to '\(expr.shortText)'", "assigning to a @State variable is")
        }
        guard scope.names[name] == .state else {
            throw diagnostics.error(expr, "'\(name)' is not a @State variable of this view; only @State can be assigned")
        }
        return sceneStateName(name, scope)
    }
}

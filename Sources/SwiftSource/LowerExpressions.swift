import SwiftSyntax

/// The names a Swift expression may read where it is lowered.
struct Scope {
    enum Name { case state, parameter, slot, local }
    var names: [String: Name] = [:]
    /// The struct whose body is being lowered (its computed view properties are inlined).
    var owner: ViewStruct?
    /// A Shape's `path(in:)`: the rect parameter's name; `rect.width` reads `w`.
    var rect: String?
    /// Properties of type Angle: numbers of degrees in the scene.
    var angles: Set<String> = []
    /// GeometryReader parameters: `geometry.size.width` reads the reader's `let` `geometryWidth`.
    var geometries: Set<String> = []
    /// The stack whose children are being lowered ("hstack" lays a Divider out vertically).
    var stack: String?
    /// `@Namespace` properties, for matchedGeometryEffect's `in:`.
    var namespaces: Set<String> = []
    /// `DispatchWorkItem?` properties: the ids of pending `after`s.
    var workItems: Set<String> = []
    /// `let` constants of an action, by name: their expression text, written where they are read.
    var inlined: [String: String] = [:]
    /// A DragGesture closure's parameter: `value.location.x` reads `location.x`.
    var dragValue: String?
    /// A TimelineView's closure parameter: `timeline.date` is the format's, in seconds.
    var timeline: String?
    /// A Canvas's size parameter: `size.width` reads `w`.
    var canvasSize: String?
    /// Properties holding `Date()` (the moment the view appeared): `timeline.date.timeIntervalSince(start)`
    /// is `timeline.date`.
    var dates: Set<String> = []
    /// A ViewModifier's `body(content:)` parameter: the view the modifier applies to.
    var content: String?
    /// The content is the component's view slot (`.modifier(M())`, LowerViewModifiers.swift), not a placeholder.
    var contentIsSlot = false

    func adding(_ name: String, _ kind: Name) -> Scope {
        var copy = self
        copy.names[name] = kind
        return copy
    }
}

/// SwiftUI's named colours, with the hex values of the expression language's named colours
/// (docs/expressions.md), used where a state's initial colour must be a literal.
let namedColours: [String: String] = [
    "red": "#FF3B30", "orange": "#FF9500", "yellow": "#FFCC00", "green": "#34C759", "mint": "#00C7BE",
    "teal": "#30B0C7", "cyan": "#32ADE6", "blue": "#007AFF", "indigo": "#5856D6", "purple": "#AF52DE",
    "pink": "#FF2D55", "brown": "#A2845E", "gray": "#8E8E93", "white": "#FFFFFF", "black": "#000000",
    "clear": "#00000000",
]

/// UIKit's semantic colours (`Color(.systemGray6)`, `Color(uiColor: .label)`), light mode, as iOS 17
/// reports them: expression-language colours.
let systemColours: [String: String] = [
    "systemRed": "red", "systemOrange": "orange", "systemYellow": "yellow", "systemGreen": "green",
    "systemMint": "mint", "systemTeal": "teal", "systemCyan": "cyan", "systemBlue": "blue",
    "systemIndigo": "indigo", "systemPurple": "purple", "systemPink": "pink", "systemBrown": "brown",
    "systemGray": "gray", "systemGray2": "hex('#AEAEB2')", "systemGray3": "hex('#C7C7CC')",
    "systemGray4": "hex('#D1D1D6')", "systemGray5": "hex('#E5E5EA')", "systemGray6": "hex('#F2F2F7')",
    "systemBackground": "white", "secondarySystemBackground": "hex('#F2F2F7')", "tertiarySystemBackground": "white",
    "systemGroupedBackground": "hex('#F2F2F7')", "secondarySystemGroupedBackground": "white",
    "systemFill": "rgba(120 / 255, 120 / 255, 128 / 255, 0.2)",
    "secondarySystemFill": "rgba(120 / 255, 120 / 255, 128 / 255, 0.16)",
    "tertiarySystemFill": "rgba(118 / 255, 118 / 255, 128 / 255, 0.12)",
    "quaternarySystemFill": "rgba(116 / 255, 116 / 255, 128 / 255, 0.08)",
    "label": "black", "secondaryLabel": "rgba(60 / 255, 60 / 255, 67 / 255, 0.6)",
    "tertiaryLabel": "rgba(60 / 255, 60 / 255, 67 / 255, 0.3)", "quaternaryLabel": "rgba(60 / 255, 60 / 255, 67 / 255, 0.18)",
    "separator": "rgba(60 / 255, 60 / 255, 67 / 255, 0.29)", "placeholderText": "rgba(60 / 255, 60 / 255, 67 / 255, 0.3)",
]

/// Functions whose Swift and expression-language names and arguments agree.
private let sameFunctions: Set<String> = [
    "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sqrt", "pow", "exp", "log", "log2", "log10",
    "hypot", "abs", "floor", "ceil", "round", "min", "max",
]

/// Number conversions that change nothing in the expression language.
private let conversions: Set<String> = ["CGFloat", "Double", "Float"]

/// Swift operators with the same meaning and precedence in the expression language.
private let binaryOperators: Set<String> = ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "&&", "||",
                                            "..<", "...", "??"]

/// Methods of lists, strings and numbers the expression language spells as Swift does (docs/expressions.md):
/// `xs.map { $0 * 2 }`, `name.uppercased()`, `x.remainder(dividingBy: 2)` are written as they are.
private let sameMethods: Set<String> = [
    "map", "filter", "reduce", "allSatisfy", "contains", "first", "last", "firstIndex", "lastIndex", "count",
    "min", "max", "sorted", "reversed", "enumerated", "prefix", "suffix", "dropFirst", "dropLast", "joined",
    "split", "uppercased", "lowercased", "hasPrefix", "hasSuffix", "replacingOccurrences", "replacing",
    "remainder", "squareRoot", "formatted",
]

/// Properties and record fields the expression language reads as Swift does (`xs.first`, `size.width`).
private let sameProperties: Set<String> = [
    "first", "last", "indices", "magnitude", "x", "y", "width", "height", "dx", "dy", "top", "leading", "bottom",
    "trailing", "offset", "element", "0", "1",
]

/// Initialisers and functions the expression language spells as Swift does, labels included.
private let sameInitialisers: Set<String> = ["CGSize", "CGPoint", "CGRect", "CGVector", "EdgeInsets", "zip", "stride", "Array"]

/// Operators passed as functions: `reduce(0, +)`, `sorted(by: >)`.
private let operatorFunctions: Set<String> = ["+", "-", "*", "/", "<", ">", "<=", ">=", "==", "!="]

extension Lowerer {
    // MARK: Expressions -> expression text

    /// The expression-language text of a Swift expression (docs/expressions.md).
    func expression(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> String {
        if let literal = expr.as(IntegerLiteralExprSyntax.self) {
            return literal.literal.text.replacingOccurrences(of: "_", with: "")
        }
        if let literal = expr.as(FloatLiteralExprSyntax.self) {
            return literal.literal.text.replacingOccurrences(of: "_", with: "")
        }
        if let literal = expr.as(BooleanLiteralExprSyntax.self) { return literal.literal.text }
        // data.max()!: the value itself; one with no value (an empty list's max) is an error when it is read.
        if let force = expr.as(ForceUnwrapExprSyntax.self) { return try expression(force.expression, scope) }
        if let string = expr.as(StringLiteralExprSyntax.self) {
            return "'" + (try template(string, scope, quote: "'")) + "'"
        }
        if let ref = expr.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            if let text = scope.inlined[name] {
                let simple = text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
                return simple ? text : "(" + text + ")"
            }
            if scope.names[name] != nil && scope.names[name] != .slot { return name }
            if name.hasPrefix("$") {
                throw diagnostics.unsupported(ref, "the binding \(name)", "bindings in Toggle, Slider and Stepper are; pass values down as parameters")
            }
            if let rect = scope.rect, name == rect {
                throw diagnostics.unsupported(ref, "'\(name)' alone", "its members (\(name).width, \(name).midX, ...) are")
            }
            throw diagnostics.error(ref, "unknown name '\(name)'; a body reads the struct's @State and parameters, and closure parameters")
        }
        if let tuple = expr.as(TupleExprSyntax.self) {
            guard tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil else {
                throw diagnostics.unsupported(tuple, "a tuple", "parentheses around one expression are")
            }
            return "(" + (try expression(only.expression, scope)) + ")"
        }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self) {
            let op = prefix.operator.text
            guard op == "-" || op == "!" else {
                throw diagnostics.unsupported(prefix, "the prefix operator '\(op)'", "'-' and '!' are")
            }
            return op + (try expression(prefix.expression, scope))
        }
        if let sequence = expr.as(SequenceExprSyntax.self) {
            return try sequenceText(Array(sequence.elements), scope)
        }
        if let member = expr.as(MemberAccessExprSyntax.self) {
            return try memberAccess(member, scope)
        }
        return try otherExpression(expr, scope)
    }

    /// An operator sequence (`a + b * c`, `x ? y : z`). The expression language has Swift's precedence
    /// for these operators, so the sequence is written out in order and parses the same way there.
    func sequenceText(_ elements: [ExprSyntax], _ scope: Scope) throws(SwiftSourceError) -> String {
        var parts: [String] = []
        for element in elements {
            if let op = element.as(BinaryOperatorExprSyntax.self) {
                let text = op.operator.text
                guard binaryOperators.contains(text) else {
                    throw diagnostics.unsupported(op, "the operator '\(text)'",
                                                  "+ - * / % == != < <= > >= && || and ?: are")
                }
                parts.append(text)
            } else if let ternary = element.as(UnresolvedTernaryExprSyntax.self) {
                parts.append("? " + (try expression(ternary.thenExpression, scope)) + " :")
            } else if element.is(AssignmentExprSyntax.self) {
                throw diagnostics.unsupported(element, "an assignment inside an expression", "assignments are statements of an action closure")
            } else if element.is(UnresolvedAsExprSyntax.self) || element.is(UnresolvedIsExprSyntax.self) {
                throw diagnostics.unsupported(element, "a type cast", "numbers convert with CGFloat(x), Double(x) or Int(x)")
            } else {
                parts.append(try expression(element, scope))
            }
        }
        return parts.joined(separator: " ")
    }

    private func otherExpression(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> String {
        if let call = expr.as(FunctionCallExprSyntax.self) {
            return try functionCall(call, scope)
        }
        if let array = expr.as(ArrayExprSyntax.self) {
            var items: [String] = []
            for element in array.elements { items.append(try expression(element.expression, scope)) }
            return "[" + items.joined(separator: ", ") + "]"
        }
        if let subscriptCall = expr.as(SubscriptCallExprSyntax.self), subscriptCall.arguments.count == 1,
           let index = subscriptCall.arguments.first {
            return (try expression(subscriptCall.calledExpression, scope)) + "[" + (try expression(index.expression, scope)) + "]"
        }
        if expr.is(NilLiteralExprSyntax.self) {
            throw diagnostics.unsupported(expr, "nil", "state and parameters hold numbers, booleans, strings, colours and lists")
        }
        if expr.is(ClosureExprSyntax.self) {
            throw diagnostics.unsupported(expr, "a closure here", "closures are actions of onTapGesture, Button, onAppear and parameters of type () -> Void")
        }
        throw diagnostics.unsupported(expr, "the expression '\(expr.shortText)'",
                                      "literals, names, operators, ?:, colours and math functions are (docs/swift-source.md)")
    }

    private func memberAccess(_ member: MemberAccessExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> String {
        let name = member.declName.baseName.text
        guard let base = member.base else {
            // `.red`, `.pi`
            if let colour = colourName(name) { return colour }
            if name == "pi" { return "pi" }
            if name == "zero" { return "0" }
            throw diagnostics.unsupported(member, "the member '.\(name)' here", "colours (.red) and .pi are")
        }
        let baseText = base.trimmedDescription
        if baseText == "self" {
            return try expression(ExprSyntax(DeclReferenceExprSyntax(baseName: member.declName.baseName)), scope)
        }
        if ["Double", "CGFloat", "Float"].contains(baseText) {
            if name == "pi" { return "pi" }
            if name == "infinity" { throw diagnostics.unsupported(member, "\(baseText).infinity here", ".frame(maxWidth: .infinity) is") }
        }
        if baseText == "Color", let colour = colourName(name) { return colour }
        if ["CGSize", "CGPoint", "CGRect", "CGVector"].contains(baseText), name == "zero" { return baseText + ".zero" }
        if let rect = scope.rect, baseText == rect + ".size", name == "width" || name == "height" {
            return name == "width" ? "w" : "h"
        }
        if let size = scope.canvasSize, baseText == size, name == "width" || name == "height" {
            return name == "width" ? "w" : "h"
        }
        if let timeline = scope.timeline, baseText == timeline, name == "date" {
            return timeline + ".date"
        }
        if let geometry = scope.geometries.first(where: { baseText == $0 + ".size" }), name == "width" || name == "height" {
            return geometry + (name == "width" ? "Width" : "Height")
        }
        // geo.frame(in: .global).minY: the reader's position on the canvas, its let geoMinY.
        if let frame = base.as(FunctionCallExprSyntax.self), let geometry = scope.geometries.first(where: { frame.calledExpression.trimmedDescription == $0 + ".frame" }) {
            guard frame.arguments.count == 1, frame.arguments.first?.label?.text == "in",
                  frame.arguments.first?.expression.trimmedDescription == ".global", name == "minX" || name == "minY" else {
                throw diagnostics.unsupported(member, "'\(member.shortText)'", "\(geometry).frame(in: .global).minX and .minY are")
            }
            return geometry + (name == "minX" ? "MinX" : "MinY")
        }
        if let rect = scope.rect, baseText == rect {
            switch name {
            case "width": return "w"
            case "height": return "h"
            case "minX", "minY": return "0"
            case "maxX": return "w"
            case "maxY": return "h"
            case "midX": return "(w / 2)"
            case "midY": return "(h / 2)"
            default: throw diagnostics.unsupported(member, "\(rect).\(name)", "\(rect).width, height, minX, midX, maxX, minY, midY, maxY are")
            }
        }
        // A drag gesture's value: value.location, value.startLocation, value.translation, and their fields.
        if let drag = scope.dragValue {
            if baseText == drag {
                guard ["location", "startLocation", "translation"].contains(name) else {
                    throw diagnostics.unsupported(member, "\(drag).\(name)", "\(drag).location, .startLocation and .translation are")
                }
                return name
            }
            if ["location", "startLocation", "translation"].map({ drag + "." + $0 }).contains(baseText) {
                guard ["x", "y", "width", "height"].contains(name) else {
                    throw diagnostics.unsupported(member, "\(baseText).\(name)", ".x, .y (points) and .width, .height (translation) are")
                }
                return String(baseText.dropFirst(drag.count + 1)) + "." + name
            }
        }
        // phase.radians, phase.degrees of an Angle property (a number of degrees in the scene).
        if let ref = base.as(DeclReferenceExprSyntax.self), scope.angles.contains(ref.baseName.text), name == "degrees" || name == "radians" {
            let degrees = try expression(base, scope)
            return name == "degrees" ? degrees : "(" + degrees + " * pi / 180)"
        }
        let inner = try expression(base, scope)
        // A field of a keyframe animator's value or a phase (`hop.y`).
        if let ref = base.as(DeclReferenceExprSyntax.self), scope.names[ref.baseName.text] == .local {
            return inner + "." + name
        }
        switch name {
        case "count": return inner + ".count"
        case "isEmpty": return "(" + inner + ".count == 0)"
        case "red", "green", "blue", "opacity": return inner + "." + name
        case _ where sameProperties.contains(name): return inner + "." + name
        default:
            throw diagnostics.unsupported(member, "the member '.\(name)'",
                                          "count, isEmpty, first, last, indices, record fields (width, x, ...), colour components and Double.pi are")
        }
    }

    /// `.red`, `.primary`: the expression-language colour, or nil.
    func colourName(_ name: String) -> String? {
        if namedColours[name] != nil { return name }
        if name == "primary" { return "black" }
        if name == "secondary" { return "rgba(60 / 255, 60 / 255, 67 / 255, 0.6)" }
        return nil
    }

    /// A closure of one expression, `{ $0 * 2 }` or `{ a, b in a + b }`, as the expression language writes it;
    /// its parameters are names of the body.
    func closureText(_ closure: ClosureExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> String {
        var inner = scope
        var header = ""
        if let signature = closure.signature {
            var names: [String] = []
            switch signature.parameterClause {
            case .simpleInput(let list): names = list.map { $0.name.text }
            case .parameterClause(let clause): names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
            case nil: break
            }
            for name in names where name != "_" { inner = inner.adding(name, .local) }
            header = names.joined(separator: ", ") + " in "
        } else {
            for index in 0..<10 { inner = inner.adding("$\(index)", .local) }
        }
        guard closure.statements.count == 1, let item = closure.statements.first?.item else {
            throw diagnostics.unsupported(closure, "a closure of several statements here", "a closure of one expression ({ $0 * 2 }) is")
        }
        let body: ExprSyntax
        switch item {
        case .expr(let expr): body = expr
        case .stmt(let stmt):
            guard let value = stmt.as(ReturnStmtSyntax.self)?.expression else {
                throw diagnostics.unsupported(closure, "this closure", "a closure of one expression ({ $0 * 2 }) is")
            }
            body = value
        default:
            throw diagnostics.unsupported(closure, "this closure", "a closure of one expression ({ $0 * 2 }) is")
        }
        return "{ " + header + (try expression(body, inner)) + " }"
    }

    /// The arguments of a call written as the expression language writes them: labels kept, closures and
    /// operators passed as functions included, a trailing closure last.
    private func passedArguments(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> String {
        var parts: [String] = []
        for argument in call.arguments {
            let label = argument.label.map { $0.text + ": " } ?? ""
            if let closure = argument.expression.as(ClosureExprSyntax.self) {
                parts.append(label + (try closureText(closure, scope)))
            } else if let op = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text, operatorFunctions.contains(op) {
                parts.append(label + op)
            } else {
                parts.append(label + (try expression(argument.expression, scope)))
            }
        }
        if !call.additionalTrailingClosures.isEmpty {
            throw diagnostics.unsupported(call, "several trailing closures", "one closure per call is")
        }
        let trailing = try call.trailingClosure.map { closure throws(SwiftSourceError) in " " + (try closureText(closure, scope)) } ?? ""
        let parenthesized = call.leftParen != nil || trailing.isEmpty
        return (parenthesized ? "(" + parts.joined(separator: ", ") + ")" : "") + trailing
    }

    private func functionCall(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> String {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
           sameMethods.contains(member.declName.baseName.text) {
            let name = member.declName.baseName.text
            if name == "formatted" {
                // The style (.number.precision(.fractionLength(2)), .percent) is written as in Swift.
                let styles = call.arguments.map { $0.expression.trimmedDescription }
                return (try expression(base, scope)) + ".formatted(" + styles.joined(separator: ", ") + ")"
            }
            return (try expression(base, scope)) + "." + name + (try passedArguments(call, scope))
        }
        if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
           sameInitialisers.contains(callee) || (callee == "String" && call.arguments.count > 1) {
            return callee + (try passedArguments(call, scope))
        }
        if call.trailingClosure != nil {
            throw diagnostics.unsupported(call, "a trailing closure in an expression", "closures of list methods (xs.map { $0 * 2 }) are")
        }
        let args = Array(call.arguments)
        let labels = args.map { $0.label?.text }
        func arg(_ i: Int) throws(SwiftSourceError) -> String { try expression(args[i].expression, scope) }
        func all() throws(SwiftSourceError) -> [String] {
            var out: [String] = []
            for i in args.indices { out.append(try arg(i)) }
            return out
        }
        // A method on a value: colour.opacity(x), x.rounded()
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            if name == "opacity", args.count == 1 {
                return "opacity(" + (try expression(base, scope)) + ", " + (try arg(0)) + ")"
            }
            if name == "rounded", args.isEmpty { return "round(" + (try expression(base, scope)) + ")" }
            if name == "truncatingRemainder", labels == ["dividingBy"] {
                // Swift's truncatingRemainder has the sign of the dividend, as the expressions' `%` (not `mod`).
                return "(" + (try expression(base, scope)) + " % " + (try arg(0)) + ")"
            }
            // timeline.date.timeIntervalSince(start), start = Date(): seconds since the view appeared.
            if name == "timeIntervalSince", args.count == 1, let timeline = scope.timeline,
               base.trimmedDescription == timeline + ".date",
               let start = args[0].expression.as(DeclReferenceExprSyntax.self)?.baseName.text, scope.dates.contains(start) {
                return timeline + ".date"
            }
            if (base.trimmedDescription == "Angle" || base.trimmedDescription == "Double") && name == "degrees" && args.count == 1 {
                return try arg(0)
            }
            throw diagnostics.unsupported(call, "the method call '\(call.shortText)'",
                                          "colour.opacity(x), x.rounded(), x.truncatingRemainder(dividingBy:), timeline.date.timeIntervalSince(start) and the math functions are")
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil {
            let name = member.declName.baseName.text
            if name == "degrees", args.count == 1 { return try arg(0) }
            if name == "radians", args.count == 1 { return "deg(" + (try arg(0)) + ")" }
            throw diagnostics.unsupported(call, "'.\(name)(...)' here", expectedHere)
        }
        guard let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else {
            throw diagnostics.unsupported(call, "the call '\(call.shortText)'", "math functions and Color(...) are")
        }
        if conversions.contains(callee), args.count == 1, labels[0] == nil {
            let inner = try arg(0)
            let simple = args[0].expression.is(DeclReferenceExprSyntax.self) || numberLiteral(args[0].expression) != nil
            return simple ? inner : "(" + inner + ")"
        }
        if callee == "Int", args.count == 1, labels[0] == nil { return "int(" + (try arg(0)) + ")" }
        if callee == "String", args.count == 1, labels[0] == nil { return "str(" + (try arg(0)) + ")" }
        if sameFunctions.contains(callee), labels.allSatisfy({ $0 == nil }) {
            return callee + "(" + (try all()).joined(separator: ", ") + ")"
        }
        if callee == "Angle", args.count == 1 {
            if labels[0] == "degrees" { return try arg(0) }
            if labels[0] == "radians" { return "deg(" + (try arg(0)) + ")" }
        }
        if callee == "Color", args.count == 1, labels[0] == nil || labels[0] == "uiColor",
           let member = args[0].expression.as(MemberAccessExprSyntax.self),
           member.base == nil || member.base?.trimmedDescription == "UIColor" {
            let name = member.declName.baseName.text
            guard let colour = systemColours[name] else {
                throw diagnostics.unsupported(member, "the UIKit colour .\(name)", "the system colours (.systemGray6, .tertiarySystemFill, .label, ...) listed in docs/swift-source.md are")
            }
            return colour
        }
        if callee == "Color" {
            let values = try all()
            switch labels {
            case ["red", "green", "blue"]: return "rgb(\(values.joined(separator: ", ")))"
            case ["red", "green", "blue", "opacity"]: return "rgba(\(values.joined(separator: ", ")))"
            case ["hue", "saturation", "brightness"], ["hue", "saturation", "brightness", "opacity"]:
                return "hsb(\(values.joined(separator: ", ")))"
            case ["white"]: return "rgb(\(values[0]), \(values[0]), \(values[0]))"
            case ["white", "opacity"]: return "rgba(\(values[0]), \(values[0]), \(values[0]), \(values[1]))"
            default: break
            }
            throw diagnostics.unsupported(call, "Color(\(labels.map { ($0 ?? "_") + ":" }.joined()))",
                                          "Color(red:green:blue:opacity:), Color(hue:saturation:brightness:opacity:), Color(white:opacity:) and named colours (.red) are")
        }
        throw diagnostics.unsupported(call, "the call '\(call.shortText)'",
                                      "math functions (sin, min, ...), CGFloat(x), Double(x), Int(x), String(x) and Color(...) are")
    }

    // MARK: Templates

    /// A string literal as a template: literal text with `${expression}` for each interpolation.
    func template(_ string: StringLiteralExprSyntax, _ scope: Scope, quote: Character? = nil) throws(SwiftSourceError) -> String {
        var out = ""
        for segment in string.segments {
            switch segment {
            case .stringSegment(let text):
                out += escapeTemplate(unescapeSwift(text.content.text), quote: quote)
            case .expressionSegment(let interpolation):
                let parts = Array(interpolation.expressions)
                // \(x, specifier: "%.2f") -> format(x, 2)
                if parts.count == 2, parts[0].label == nil, parts[1].label?.text == "specifier",
                   let spec = parts[1].expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
                   spec.hasPrefix("%."), spec.hasSuffix("f"), let digits = Int(spec.dropFirst(2).dropLast()) {
                    out += "${format(" + (try expression(parts[0].expression, scope)) + ", \(digits))}"
                    continue
                }
                guard parts.count == 1, let only = parts.first, only.label == nil else {
                    throw diagnostics.unsupported(interpolation, "this interpolation", "\\(expression) and \\(x, specifier: \"%.2f\") are")
                }
                out += "${" + (try expression(only.expression, scope)) + "}"
            }
        }
        return out
    }

    /// The value of a Swift string segment's escapes.
    private func unescapeSwift(_ text: String) -> String {
        var out = ""
        var iterator = text.makeIterator()
        while let c = iterator.next() {
            guard c == "\\", let next = iterator.next() else { out.append(c); continue }
            switch next {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "0": out.append("\0")
            default: out.append(next)
            }
        }
        return out
    }

    /// Escapes text for a template (and, inside an expression, for its quotes).
    private func escapeTemplate(_ text: String, quote: Character?) -> String {
        var out = ""
        for c in text {
            switch c {
            case "\\": out += "\\\\"
            case "$": out += "\\$"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if let quote, c == quote { out += "\\" + String(c) } else { out.append(c) }
            }
        }
        return out
    }

    // MARK: Values

    /// A value for a number, boolean or colour slot: a JSON number or boolean for a literal, else the
    /// expression text.
    func value(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        if let literal = numberLiteral(expr) { return .number(literal) }
        if let literal = expr.as(BooleanLiteralExprSyntax.self) { return .bool(literal.literal.text == "true") }
        return .string(try expression(expr, scope))
    }

    /// A free value (set values, arguments, parameter defaults): literals as JSON, everything else,
    /// strings included, as expression text.
    func freeValue(_ expr: ExprSyntax, _ scope: Scope, type: TypeSyntax? = nil) throws(SwiftSourceError) -> JSON {
        // An Animation (`.spring(duration: 0.4)`, `bounce.delay(0.2)`): its code.
        if isAnimationValue(expr, type: type, scope) { return .string(try animationCode(expr, scope)) }
        // An enum case such as a font weight (.bold) is its name as a string.
        if let member = expr.as(MemberAccessExprSyntax.self), member.base == nil {
            let name = member.declName.baseName.text
            if colourName(name) == nil && name != "pi" && name != "zero" { return .string("'\(name)'") }
        }
        return try value(expr, scope)
    }

    /// The fields of the geometry records Swift's initialisers make (docs/expressions.md#records).
    static let recordFields: [String: [String]] = [
        "CGSize": ["width", "height"], "CGPoint": ["x", "y"], "CGVector": ["dx", "dy"],
        "CGRect": ["x", "y", "width", "height"],
    ]

    /// `CGSize.zero`, `CGPoint(x: 0, y: 4)`, or `.zero` of a property typed `CGSize`: the record as a JSON
    /// object (a state's initial value), else nil.
    func recordLiteral(_ expr: ExprSyntax, type: TypeSyntax?) throws(SwiftSourceError) -> JSON? {
        if let member = expr.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "zero" {
            let typeName = member.base?.trimmedDescription ?? type?.trimmedDescription
            guard let typeName, let fields = Self.recordFields[typeName] else { return nil }
            return JSONObject(fields.map { ($0, JSON.number(0)) }).json
        }
        guard let call = expr.as(FunctionCallExprSyntax.self),
              let fields = Self.recordFields[call.calledExpression.trimmedDescription] else { return nil }
        var object = JSONObject(fields.map { ($0, JSON.number(0)) })
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        guard labels.isEmpty || labels == fields else {
            throw diagnostics.unsupported(call, "the initial value '\(expr.shortText)'",
                                          "\(call.calledExpression.trimmedDescription)(\(fields.map { $0 + ":" }.joined())) with number literals is")
        }
        for argument in call.arguments {
            guard let number = numberLiteral(argument.expression) else {
                throw diagnostics.unsupported(argument, "the initial value '\(argument.expression.shortText)'", "a number literal is")
            }
            object[argument.label!.text] = .number(number)
        }
        return object.json
    }

    /// `12`, `-0.5`, `1_000`: the number, else nil.
    func numberLiteral(_ expr: ExprSyntax) -> Double? {
        if let literal = expr.as(IntegerLiteralExprSyntax.self) {
            return Double(literal.literal.text.replacingOccurrences(of: "_", with: ""))
        }
        if let literal = expr.as(FloatLiteralExprSyntax.self) {
            return Double(literal.literal.text.replacingOccurrences(of: "_", with: ""))
        }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
           let inner = numberLiteral(prefix.expression) {
            return -inner
        }
        if let call = expr.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
           let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
           conversions.contains(callee), call.arguments.first?.label == nil, let only = call.arguments.first {
            return numberLiteral(only.expression)
        }
        return nil
    }

    /// A state's initial value: a JSON literal (docs/scene-format.md#state), never an expression.
    func literal(_ expr: ExprSyntax, type: TypeSyntax? = nil) throws(SwiftSourceError) -> JSON {
        // `@State var anim: Animation = .default`: a state variable holding an animation, written as its code.
        if isAnimationValue(expr, type: type, Scope()) { return .string(try animationCode(expr, Scope())) }
        if let number = numberLiteral(expr) { return .number(number) }
        if let record = try recordLiteral(expr, type: type) { return record }
        if let literal = expr.as(BooleanLiteralExprSyntax.self) { return .bool(literal.literal.text == "true") }
        if let string = expr.as(StringLiteralExprSyntax.self) {
            var text = ""
            for segment in string.segments {
                guard case .stringSegment(let piece) = segment else {
                    throw diagnostics.unsupported(segment, "an interpolation in an initial value", "a literal is")
                }
                text += unescapeSwift(piece.content.text)
            }
            return .string(text)
        }
        if let array = expr.as(ArrayExprSyntax.self) {
            var items: [JSON] = []
            for element in array.elements { items.append(try literal(element.expression)) }
            return .array(items)
        }
        if expr.trimmedDescription == ".zero" { return .number(0) }
        // Array("Hello"): the characters, as one-character strings.
        if let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "Array",
           call.arguments.count == 1, let only = call.arguments.first, only.label == nil,
           only.expression.is(StringLiteralExprSyntax.self), case .string(let text) = try literal(only.expression) {
            return .array(text.map { .string(String($0)) })
        }
        if let call = expr.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let only = call.arguments.first,
           let amount = numberLiteral(only.expression) {
            let callee = call.calledExpression.trimmedDescription
            if callee == ".degrees" || callee == "Angle.degrees" || callee == "Angle" && only.label?.text == "degrees" {
                return .number(amount)
            }
            if callee == ".radians" || callee == "Angle.radians" || callee == "Angle" && only.label?.text == "radians" {
                return .number(amount * 180 / Double.pi)
            }
        }
        if let hex = try colourLiteral(expr) { return .string(hex) }
        throw diagnostics.unsupported(expr, "the initial value '\(expr.shortText)'",
                                      "number, boolean, string, colour and array literals are")
    }

    /// `.red`, `Color.blue`, `Color(red: 1, green: 0.5, blue: 0)`: the colour as "#rrggbb(aa)", else nil.
    private func colourLiteral(_ expr: ExprSyntax) throws(SwiftSourceError) -> String? {
        if let member = expr.as(MemberAccessExprSyntax.self),
           member.base == nil || member.base?.trimmedDescription == "Color" {
            return namedColours[member.declName.baseName.text]
        }
        guard let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "Color" else {
            return nil
        }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        var numbers: [Double] = []
        for argument in call.arguments {
            guard let n = numberLiteral(argument.expression) else {
                throw diagnostics.unsupported(argument, "a computed colour as an initial value", "literal components are")
            }
            numbers.append(n)
        }
        func byte(_ x: Double) -> String {
            let v = Int((min(max(x, 0), 1) * 255).rounded())
            let digits = String(v, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        switch labels {
        case ["red", "green", "blue"]: return "#" + numbers.map(byte).joined()
        case ["red", "green", "blue", "opacity"]: return "#" + numbers.map(byte).joined()
        case ["white"]: return "#" + String(repeating: byte(numbers[0]), count: 3)
        case ["white", "opacity"]: return "#" + String(repeating: byte(numbers[0]), count: 3) + byte(numbers[1])
        default:
            throw diagnostics.unsupported(call, "this Color initialiser as an initial value",
                                          "Color(red:green:blue:opacity:), Color(white:opacity:) and named colours are")
        }
    }

    // MARK: Swift code strings (animations, transitions, content transitions)

    /// `.easeInOut(duration: d).delay(0.1)` as the format writes it: Swift syntax whose arguments are
    /// expression text; implicit members (`.bottom`) stay as they are.
    func swiftCode(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> String {
        if let member = expr.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            guard let base = member.base else { return "." + name }
            if ["Animation", "AnyTransition", "ContentTransition"].contains(base.trimmedDescription) { return "." + name }
            return (try swiftCode(base, scope)) + "." + name
        }
        if let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.is(MemberAccessExprSyntax.self) {
            var args: [String] = []
            for argument in call.arguments {
                let value: String
                if let member = argument.expression.as(MemberAccessExprSyntax.self), member.base == nil,
                   colourName(member.declName.baseName.text) == nil {
                    value = "." + member.declName.baseName.text
                } else if argument.expression.is(FunctionCallExprSyntax.self) || argument.expression.is(MemberAccessExprSyntax.self),
                          argument.label?.text == "with" {
                    value = try swiftCode(argument.expression, scope)
                } else {
                    value = try expression(argument.expression, scope)
                }
                args.append((argument.label.map { $0.text + ": " } ?? "") + value)
            }
            return (try swiftCode(call.calledExpression, scope)) + "(" + args.joined(separator: ", ") + ")"
        }
        throw diagnostics.unsupported(expr, "'\(expr.shortText)' here", "SwiftUI's own values (.easeInOut(duration: 0.3), .spring(), .scale, ...) are")
    }
}

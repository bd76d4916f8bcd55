import SceneFormat
import SwiftSyntax

/// Lowers the views of one file onto scene JSON: the root struct's body, and every other struct it
/// uses as a component.
final class Lowerer {
    let diagnostics: Diagnostics
    let model: FileModel
    /// Components by name, in the order they were first used.
    var components: [(String, JSON)] = []
    private var componentsInProgress: Set<String> = []
    /// Ids given to component instances that need one and have no accessibilityIdentifier.
    private var generatedIds: [String: Int] = [:]
    /// The ids made up for tappable views without one (`tap1`, ...).
    private var generatedTapIds: Set<String> = []
    /// Components whose body is tappable or holds a made-up tap id: each use gets an id too, so that a
    /// script can tap it, the ids inside are the instance's (`switch1.tap1`) and two uses do not collide.
    private var componentsWithTapIds: Set<String> = []
    /// The components defined so far: the struct's name and its bindings' renaming -> the component's name.
    private var componentVariants: [String: String] = [:]
    /// The ForEach closures being lowered, by their parameters: a made-up id inside one is the item's
    /// (`tap1-${i}`), as an id a forEach repeats must be.
    private var forEachVariables: [String] = []
    private var itemSuffix: String { forEachVariables.map { "-${\($0)}" }.joined() }
    /// How deep `view` calls are nested, and the depth of the component body being lowered.
    private var viewDepth = 0
    private var componentBodyDepth: Int?
    /// Methods being inlined into actions (a method calling itself is refused).
    var inlining: Set<String> = []
    /// `let item = DispatchWorkItem { ... }` in an action: the closure by local name, and the
    /// `@State var restore: DispatchWorkItem?` it was stored in (the `after`'s id).
    var workItemClosures: [String: ClosureExprSyntax] = [:]
    var workItemIds: [String: String] = [:]
    /// Timer closures' parameters being lowered (`{ t in ... t.invalidate() }`) -> their timers' ids.
    var timerParameters: [String: String] = [:]
    /// Timers without a property to name them: `timer1`, `timer2`, ...
    var generatedTimers = 0
    /// The root struct's name: its @State variables are the scene's, the ones a @Binding can pass.
    var rootName: String?
    /// What the position being lowered reads, for the error on an implicit member call there
    /// (`'.angularGradient(...)' here is not supported; a colour is read here ...`).
    var expectedHere = Lowerer.anyValue
    static let anyValue = "a number, boolean, string or colour value is read here (.degrees(x) and .radians(x) where an angle is)"
    static let colourValue = "a colour is read here (.red, Color(red:green:blue:), Color(.systemGray6), c.opacity(x))"

    /// Lowers with `what` as the message for an implicit member call the position cannot read.
    func reading<T>(_ what: String, _ body: () throws(SwiftSourceError) -> T) throws(SwiftSourceError) -> T {
        let saved = expectedHere
        expectedHere = what
        defer { expectedHere = saved }
        return try body()
    }

    init(model: FileModel, diagnostics: Diagnostics) {
        self.model = model
        self.diagnostics = diagnostics
    }

    /// The scope of a struct's body: its state, parameters and action slots.
    func scope(of view: ViewStruct) -> Scope {
        var scope = Scope(owner: view)
        for property in view.properties {
            switch property.kind {
            case .state: scope.names[property.name] = .state
            // A @Binding reads and sets the root's state of its name, which the use passed.
            case .binding: scope.names[property.name] = .state
            case .slot: scope.names[property.name] = .slot
            case .parameter: scope.names[property.name] = .parameter
            case .namespace: scope.namespaces.insert(property.name)
            case .date: scope.dates.insert(property.name)
            case .workItem: scope.workItems.insert(property.name)
            case .timerPublisher: break
            }
            if property.type?.trimmedDescription == "Angle" { scope.angles.insert(property.name) }
        }
        return scope
    }

    // MARK: Bodies and view builders

    /// One view from a body or a view-builder closure with exactly one view in it.
    func singleView(_ items: CodeBlockItemListSyntax, _ scope: Scope, at node: some SyntaxProtocol) throws(SwiftSourceError) -> JSON {
        let views = try viewList(items, scope)
        guard views.count == 1, let only = views.first else {
            if views.isEmpty { throw diagnostics.error(node, "this body has no view") }
            // Several views at the top of a body: SwiftUI lays them out as its container decides; a
            // group here.
            return .object([("zstack", .array(views))])
        }
        return only
    }

    /// The views of a view-builder closure: one per expression, `if` blocks as views with `if`, `ForEach`
    /// as the format's forEach.
    func viewList(_ items: CodeBlockItemListSyntax, _ baseScope: Scope, condition: String? = nil) throws(SwiftSourceError) -> [JSON] {
        var views: [JSON] = []
        var scope = baseScope
        for item in items {
            switch item.item {
            case .expr(let expr):
                if let ifExpr = expr.as(IfExprSyntax.self) {
                    views += try ifViews(ifExpr, scope, condition: condition)
                } else if let switchExpr = expr.as(SwitchExprSyntax.self) {
                    views += try switchViews(switchExpr, scope, condition: condition)
                } else {
                    views.append(try conditioned(try view(expr, scope), condition))
                }
            case .stmt(let stmt):
                if let expression = stmt.as(ExpressionStmtSyntax.self), let ifExpr = expression.expression.as(IfExprSyntax.self) {
                    views += try ifViews(ifExpr, scope, condition: condition)
                } else if let expression = stmt.as(ExpressionStmtSyntax.self), let switchExpr = expression.expression.as(SwitchExprSyntax.self) {
                    views += try switchViews(switchExpr, scope, condition: condition)
                } else if let ret = stmt.as(ReturnStmtSyntax.self), let expr = ret.expression {
                    views.append(try conditioned(try view(expr, scope), condition))
                } else {
                    throw diagnostics.unsupported(stmt, "this statement in a view builder", "views, if/else and ForEach are")
                }
            case .decl(let decl):
                // let s = start + timeline.date.timeIntervalSince(appeared): the expression, written where it is read.
                guard let variable = decl.as(VariableDeclSyntax.self), variable.bindingSpecifier.text == "let", variable.bindings.count == 1,
                      let binding = variable.bindings.first, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let initial = binding.initializer?.value else {
                    throw diagnostics.unsupported(decl, "this declaration in a view builder", "views, if/else, ForEach and let constants are")
                }
                scope.inlined[name] = try expression(initial, scope)
            }
        }
        return views
    }

    private func conditioned(_ view: JSON, _ condition: String?) throws(SwiftSourceError) -> JSON {
        guard let condition else { return view }
        guard case .object(var pairs) = view else { return view }
        if let index = pairs.firstIndex(where: { $0.0 == "if" }), case .string(let inner) = pairs[index].1 {
            pairs[index].1 = .string("(\(condition)) && (\(inner))")
        } else if pairs.first?.0 == "forEach" {
            return .object([("zstack", .array([view])), ("if", .string(condition))])
        } else {
            let at = pairs.first?.0 == "id" ? 1 : 0
            pairs.insert(("if", .string(condition)), at: at)
        }
        return .object(pairs)
    }

    private func ifViews(_ ifExpr: IfExprSyntax, _ scope: Scope, condition: String?) throws(SwiftSourceError) -> [JSON] {
        var parts: [String] = []
        for element in ifExpr.conditions {
            guard case .expression(let expr) = element.condition else {
                throw diagnostics.unsupported(element, "'if let' and 'if case'", "a boolean condition is")
            }
            parts.append(try expression(expr, scope))
        }
        let test = parts.count == 1 ? parts[0] : parts.map { "(\($0))" }.joined(separator: " && ")
        let whenTrue = condition.map { "(\($0)) && (\(test))" } ?? test
        let whenFalse = condition.map { "(\($0)) && !(\(test))" } ?? "!(\(test))"
        var views = try viewList(ifExpr.body.statements, scope, condition: whenTrue)
        switch ifExpr.elseBody {
        case .none: break
        case .codeBlock(let block)?: views += try viewList(block.statements, scope, condition: whenFalse)
        case .ifExpr(let nested)?: views += try ifViews(nested, scope, condition: whenFalse)
        }
        return views
    }

    /// `switch tab { case 0: A(); case 1, 2: B(); default: C() }`: each case's views with the `if` that
    /// selects it (`tab == 0`, `tab == 1 || tab == 2`, and for `default` none of the others).
    private func switchViews(_ switchExpr: SwitchExprSyntax, _ scope: Scope, condition: String?) throws(SwiftSourceError) -> [JSON] {
        let subject = try expression(switchExpr.subject, scope)
        var earlier: [String] = []
        var views: [JSON] = []
        for element in switchExpr.cases {
            guard case .switchCase(let switchCase) = element else {
                throw diagnostics.unsupported(element, "#if in a switch", "case and default labels are")
            }
            let test: String
            switch switchCase.label {
            case .case(let label):
                var values: [String] = []
                for item in label.caseItems {
                    guard item.whereClause == nil, let pattern = item.pattern.as(ExpressionPatternSyntax.self) else {
                        throw diagnostics.unsupported(item, "the case pattern '\(item.shortText)'", "values (case 0, case .a, case \"x\") are")
                    }
                    let value: String
                    if let member = pattern.expression.as(MemberAccessExprSyntax.self), member.base == nil {
                        value = "'" + member.declName.baseName.text + "'"
                    } else {
                        value = try expression(pattern.expression, scope)
                    }
                    values.append("\(subject) == \(value)")
                }
                test = values.joined(separator: " || ")
                earlier.append(values.count == 1 ? test : "(\(test))")
            case .default:
                test = earlier.isEmpty ? "true" : "!(" + earlier.joined(separator: " || ") + ")"
            }
            let whole = condition.map { "(\($0)) && (\(test))" } ?? test
            views += try viewList(switchCase.statements, scope, condition: whole)
        }
        return views
    }

    // MARK: One view

    /// A view expression: a base view and the chain of modifiers written after it.
    func view(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        viewDepth += 1
        defer { viewDepth -= 1 }
        var node = try viewNode(expr, scope)
        // A tappable view (a Button, .onTapGesture) without an accessibilityIdentifier gets a made-up id,
        // tap1, tap2, ... in the order of the file, so that a script (or --tap) can tap it; a component's
        // body itself needs none (a tap on the instance runs it).
        if node.outer["onTap"] != nil && node.outer["id"] == nil && viewDepth != componentBodyDepth {
            generatedIds["tap", default: 0] += 1
            let id = "tap\(generatedIds["tap"]!)" + itemSuffix
            node.outer["id"] = .string(id)
            generatedTapIds.insert(id)
        }
        // Where the view is in the Swift file, for errors the scene decoder finds (SwiftSourceMap).
        let location = diagnostics.location(of: expr)
        node.outer[SwiftSourceMap.key] = .array([.number(Double(location.line)), .number(Double(location.column))])
        return node.json()
    }

    func viewNode(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        if let slot = viewSlotNode(expr, scope) { return slot }  // `content` of a view struct (LowerViewSlots.swift)
        // A modifier: base.name(arguments) { closure }
        if let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           let base = member.base, !(member.declName.baseName.text == "opacity" && isColourExpression(base)) {
            var node = try viewNode(base, scope)
            try applyModifier(member.declName.baseName.text, call, to: &node, scope)
            return node
        }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            return try baseView(call, scope)
        }
        if let sequence = expr.as(SequenceExprSyntax.self) {
            return try textRuns(sequence, scope)
        }
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return try viewNode(only.expression, scope)
        }
        if expr.is(MemberAccessExprSyntax.self) && isColourExpression(expr) {
            return colourView(try expression(expr, scope))
        }
        // A ViewModifier's content: a placeholder whose modifier keys are the modifier's.
        if let ref = expr.as(DeclReferenceExprSyntax.self), ref.baseName.text == scope.content {
            return ViewNode([scope.contentIsSlot ? ("slot", .string("content")) : ("zstack", .array([]))])
        }
        if let ref = expr.as(DeclReferenceExprSyntax.self), let items = scope.owner?.viewProperties[ref.baseName.text] {
            return try inlineNode(try singleView(items, scope, at: ref))
        }
        throw diagnostics.unsupported(expr, "the view '\(expr.shortText)'", supportedViews)
    }

    /// A finished view (a body, a button's label) as a node that further modifiers extend or wrap: its
    /// `id`, `if` and handlers stay outermost, and its modifier keys set the rank later ones start from.
    func inlineNode(_ json: JSON) throws(SwiftSourceError) -> ViewNode {
        var node = ViewNode([])
        for (key, value) in json.objectPairs ?? [] {
            if Self.outerKeys.contains(key) {
                node.outer[key] = value
                continue
            }
            if let rank = Self.onViewRanks[key] {
                node.outer[key] = value
                node.chained.append(key)
                node.lastRank = max(node.lastRank, rank)
                continue
            }
            node.object[key] = value
            if key == "modifiers" { node.lastRank = ModifierRule.lastRank }
            if key == "foregroundColor" || key == "font" { node.hasEnvironment = true }
            if let rank = Self.ranks[key] { node.lastRank = max(node.lastRank, rank) }
        }
        return node
    }

    /// The scene keys that `ViewNode` keeps on the outermost object.
    private static let outerKeys: Set<String> = Set(modifierRules.values.compactMap { rule in
        if case .outer = rule.placement { return rule.key } else { return nil }
    }).union(["if"])

    /// The scene keys kept on the view with a place in the chain (`matchedGeometryEffect`) -> their rank.
    private static let onViewRanks: [String: Int] = {
        var ranks: [String: Int] = [:]
        for rule in modifierRules.values {
            if case .onView(let rank) = rule.placement { ranks[rule.key] = rank }
        }
        return ranks
    }()

    /// Scene key -> its rank in the fixed modifier order.
    private static let ranks: [String: Int] = {
        var ranks: [String: Int] = [:]
        for rule in modifierRules.values {
            if case .positional(let rank, _) = rule.placement { ranks[rule.key] = rank }
        }
        ranks["anchor"] = ModifierRule.rank("scale")
        return ranks
    }()

    func colourView(_ colour: String) -> ViewNode {
        ViewNode([("shape", .string("rectangle")), ("fill", .string(colour))])
    }

    private func baseView(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            if let view = swiftUIViewsByName[name] { return try view.lower(self)(call, scope) }  // SwiftUIViews.swift
            if let custom = model.structs[name] { return try use(custom, call, scope) }
            // The format's own hint for a SwiftUI view it has as a kind the front end does not read: the one
            // for a Swift author where the registry has one.
            if let hint = ViewKindRegistry.swiftSourceHints[name] {
                throw diagnostics.unsupported(call, "the view \(name)", hint)
            }
            if let hint = ViewKindRegistry.swiftUINames[name] {
                throw diagnostics.unsupported(call, "the view \(name)", "a JSON scene has SwiftUI's \(hint)")
            }
            throw diagnostics.unsupported(call, "the view \(name)", supportedViews)
        }
        // The ShapeStyle spellings of a gradient (`.linearGradient(...)`) and colours (`Color.red.opacity(0.5)`).
        if let paint = try gradient(ExprSyntax(call), scope), let pairs = paint.objectPairs {
            return ViewNode(pairs)
        }
        if isColourExpression(ExprSyntax(call)) {
            return colourView(try expression(ExprSyntax(call), scope))
        }
        throw diagnostics.unsupported(call, "the view '\(call.shortText)'", "SwiftUI views and your own View structs are")
    }

    // MARK: The SwiftUI views of the table (SwiftUIViews.swift)

    /// The argument labelled `label`.
    private func labelled(_ call: FunctionCallExprSyntax, _ label: String) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }

    /// Refuses an argument whose label is not one of `allowed` (`_` for an unlabelled one).
    private func checkLabels(_ call: FunctionCallExprSyntax, _ allowed: Set<String>, _ what: String) throws(SwiftSourceError) {
        for argument in call.arguments where !allowed.contains(argument.label?.text ?? "_") {
            throw diagnostics.unsupported(argument, "the argument '\(argument.label?.text ?? "_")' of \(what)",
                                          allowed.isEmpty ? "\(what) takes none" : "\(allowed.sorted().joined(separator: ", ")) are")
        }
    }

    func zStack(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        try stack("ZStack", call, scope)
    }

    func vStack(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        try stack("VStack", call, scope)
    }

    func hStack(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        try stack("HStack", call, scope)
    }

    /// `VStack(alignment:spacing:) { ... }`, `HStack`, `ZStack(alignment:)`.
    private func stack(_ name: String, _ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        try checkLabels(call, name == "ZStack" ? ["alignment"] : ["alignment", "spacing"], name)
        guard let content = call.trailingClosure else {
            throw diagnostics.error(call, "\(name) needs its content in a trailing closure")
        }
        var inner = scope
        inner.stack = name.lowercased()
        var pairs: [(String, JSON)] = [(name.lowercased(), .array(try viewList(content.statements, inner)))]
        if let alignment = labelled(call, "alignment") { pairs.append(("alignment", try alignmentValue(alignment, scope))) }
        if let spacing = labelled(call, "spacing") { pairs.append(("spacing", try value(spacing, scope))) }
        return ViewNode(pairs)
    }

    func group(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        guard let content = call.trailingClosure, call.arguments.isEmpty else {
            throw diagnostics.error(call, "Group needs its content in a trailing closure")
        }
        return ViewNode([("group", .array(try viewList(content.statements, scope)))])
    }

    func circle(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        try plainShape("Circle", call)
    }

    func rectangle(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        try plainShape("Rectangle", call)
    }

    func capsule(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        try plainShape("Capsule", call)
    }

    func ellipse(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        try plainShape("Ellipse", call)
    }

    /// `Circle()`, `Rectangle()`, ...: the shape of that name, lower camel case.
    private func plainShape(_ name: String, _ call: FunctionCallExprSyntax) throws(SwiftSourceError) -> ViewNode {
        try checkLabels(call, [], "\(name)()")
        return ViewNode([("shape", .string(name.prefix(1).lowercased() + name.dropFirst()))])
    }

    func roundedRectangle(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        try checkLabels(call, ["cornerRadius", "style"], "RoundedRectangle")
        guard let radius = labelled(call, "cornerRadius") else {
            throw diagnostics.unsupported(call, "RoundedRectangle without cornerRadius:", "RoundedRectangle(cornerRadius:) is")
        }
        return ViewNode([("shape", .string("roundedRectangle")), ("cornerRadius", try value(radius, scope))])
    }

    func text(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        guard call.arguments.count == 1, let only = call.arguments.first, only.label == nil else {
            throw diagnostics.unsupported(call, "this Text initialiser", "Text(\"literal \\(interpolation)\") and Text(value) are")
        }
        if let string = only.expression.as(StringLiteralExprSyntax.self) {
            return ViewNode([("text", .string(try template(string, scope)))])
        }
        return ViewNode([("text", .string("${" + (try expression(only.expression, scope)) + "}"))])
    }

    func image(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        if call.arguments.count == 1, let only = call.arguments.first, only.label == nil,
           let string = only.expression.as(StringLiteralExprSyntax.self), string.segments.count == 1,
           case .stringSegment(let text)? = string.segments.first {
            // Image("stock_1"): a PNG file beside the Swift file (".png" added when the name has no extension).
            let name = text.content.text
            return ViewNode([("image", .string(name.contains(".") ? name : name + ".png"))])
        }
        guard let symbol = labelled(call, "systemName"), call.arguments.count == 1 else {
            throw diagnostics.unsupported(call, "this Image initialiser", "Image(systemName:) and Image(\"name\") are")
        }
        if let string = symbol.as(StringLiteralExprSyntax.self), string.segments.count == 1,
           case .stringSegment(let text)? = string.segments.first {
            return ViewNode([("systemImage", .string(text.content.text))])
        }
        return ViewNode([("systemImage", .string(try expression(symbol, scope)))])
    }

    /// A hairline in the separator colour (RGB 60 60 67 at 29 %), across the stack it is in.
    func divider(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        try checkLabels(call, [], "Divider()")
        let frame: JSON = scope.stack == "hstack" ? .object([("width", .number(0.5))]) : .object([("height", .number(0.5))])
        return ViewNode([("shape", .string("rectangle")), ("fill", .string("rgba(0.24, 0.24, 0.26, 0.29)")), ("frame", frame)])
    }

    func spacer(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        try checkLabels(call, ["minLength"], "Spacer")
        var pairs: [(String, JSON)] = [("spacer", .object([]))]
        if let length = labelled(call, "minLength") { pairs.append(("minLength", try value(length, scope))) }
        return ViewNode(pairs)
    }

    /// `Color(red:green:blue:)`, `Color(.systemGray6)`: a rectangle filled with the colour.
    func colour(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        colourView(try expression(ExprSyntax(call), scope))
    }

    /// `LinearGradient(...)` and the other gradients written as a view: the paint object as the view.
    func gradientView(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        guard let paint = try gradient(ExprSyntax(call), scope), let pairs = paint.objectPairs else {
            throw diagnostics.unsupported(call, "the view '\(call.shortText)'", "SwiftUI views and your own View structs are")
        }
        return ViewNode(pairs)
    }

    /// `ScrollView { VStack(alignment:spacing:) { ... } }`: a vertical scroll view of the stack's views.
    /// `showsIndicators: false` is the format's scroll view, which draws no indicator.
    func scrollView(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        guard let content = call.trailingClosure, call.arguments.allSatisfy({ $0.label == nil && $0.expression.trimmedDescription == ".vertical"
            || $0.label?.text == "showsIndicators" && $0.expression.trimmedDescription == "false" }) else {
            throw diagnostics.unsupported(call, "this ScrollView", "a vertical ScrollView { VStack { ... } } (showsIndicators: false, or left out) is")
        }
        let items = Array(content.statements)
        if items.count == 1, case .expr(let only) = items[0].item, let stack = only.as(FunctionCallExprSyntax.self),
           stack.calledExpression.trimmedDescription == "VStack" || stack.calledExpression.trimmedDescription == "LazyVStack",
           let inner = stack.trailingClosure {
            var innerScope = scope
            innerScope.stack = "vstack"
            var pairs: [(String, JSON)] = [("scrollView", .array(try viewList(inner.statements, innerScope)))]
            for argument in stack.arguments {
                switch argument.label?.text {
                case "alignment": pairs.append(("alignment", try alignmentValue(argument.expression, scope)))
                case "spacing": pairs.append(("spacing", try value(argument.expression, scope)))
                default: throw diagnostics.unsupported(argument, "VStack's '\(argument.label?.text ?? "_")'", "alignment: and spacing: are")
                }
            }
            return ViewNode(pairs)
        }
        var innerScope = scope
        innerScope.stack = "vstack"
        return ViewNode([("scrollView", .array(try viewList(content.statements, innerScope)))])
    }

    func toggle(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        try control("Toggle", call, scope)
    }

    func slider(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        try control("Slider", call, scope)
    }

    func stepper(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        try control("Stepper", call, scope)
    }

    func progressView(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        try control("ProgressView", call, scope)
    }

    func textField(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        try control("TextField", call, scope)
    }

    /// `.center`, `.topLeading`, or an expression giving an alignment's name.
    func alignmentValue(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        if let member = expr.as(MemberAccessExprSyntax.self), member.base == nil || member.base?.trimmedDescription == "Alignment" {
            return .string(member.declName.baseName.text)
        }
        if let sequence = expr.as(SequenceExprSyntax.self) {
            // cond ? .a : .b
            var parts: [String] = []
            for element in sequence.elements {
                if let member = element.as(MemberAccessExprSyntax.self), member.base == nil {
                    parts.append("'" + member.declName.baseName.text + "'")
                } else if let ternary = element.as(UnresolvedTernaryExprSyntax.self) {
                    guard let member = ternary.thenExpression.as(MemberAccessExprSyntax.self), member.base == nil else {
                        throw diagnostics.unsupported(ternary, "this alignment", ".name or cond ? .a : .b is")
                    }
                    parts.append("? '" + member.declName.baseName.text + "' :")
                } else if let op = element.as(BinaryOperatorExprSyntax.self) {
                    parts.append(op.operator.text)
                } else {
                    parts.append(try expression(element, scope))
                }
            }
            return .string(parts.joined(separator: " "))
        }
        throw diagnostics.unsupported(expr, "the alignment '\(expr.shortText)'", ".center, .leading, ... or cond ? .a : .b is")
    }

    // MARK: Text runs, system controls, Button, GeometryReader and ForEach

    /// `Text("$").baselineOffset(14) + Text(amount).bold()`: one text of styled runs.
    private func textRuns(_ sequence: SequenceExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        var runs: [JSON] = []
        for (index, element) in sequence.elements.enumerated() {
            if index % 2 == 1 {
                guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else {
                    throw diagnostics.unsupported(element, "'\(element.shortText)' between views", "Text(...) + Text(...) is")
                }
                continue
            }
            // The run's modifiers, innermost first.
            var expr = element
            var chain: [(String, FunctionCallExprSyntax)] = []
            while let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  let base = member.base {
                chain.insert((member.declName.baseName.text, call), at: 0)
                expr = base
            }
            guard let text = expr.as(FunctionCallExprSyntax.self), text.calledExpression.trimmedDescription == "Text" else {
                throw diagnostics.unsupported(element, "'\(element.shortText)' in a sum of texts", "Text(...) + Text(...) is")
            }
            var node = try baseView(text, scope)
            var baseline: JSON?
            for (name, call) in chain {
                if name == "baselineOffset" {
                    let a = Arguments(call: call, diagnostics: diagnostics, name: name)
                    try a.allow(["_"])
                    baseline = try value(try a.only(), scope)
                    continue
                }
                guard ["foregroundColor", "foregroundStyle", "font", "fontWeight", "bold", "italic"].contains(name) else {
                    throw diagnostics.unsupported(call, ".\(name) on a run of a sum of texts",
                                                  ".foregroundColor, .font, .fontWeight, .bold, .italic and .baselineOffset are")
                }
                try applyModifier(name, call, to: &node, scope)
            }
            var run = JSONObject()
            for key in ["text", "foregroundColor", "font"] { run[key] = node.object[key] }
            run["baselineOffset"] = baseline
            runs.append(run.json)
        }
        return ViewNode([("text", .array(runs))])
    }

    /// `Toggle("Wi-Fi", isOn: $wifi)`, `Slider(value: $v, in: 0...1, step: 0.1)`,
    /// `Stepper("Count", value: $n, in: 0...10)`, `ProgressView(value: p, total: 1)`.
    private func control(_ name: String, _ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        let args = Array(call.arguments)
        func labelled(_ label: String) -> ExprSyntax? { args.first { $0.label?.text == label }?.expression }
        var animated: String?  // `$on.animation(.spring())` (LowerBindingAnimations.swift)
        func binding(_ label: String) throws(SwiftSourceError) -> JSON {
            var bound = labelled(label)
            if let (binding, animation) = try bindingAnimation(bound, scope), name != "TextField" { (bound, animated) = (binding, animation) }
            guard let expr = bound, let ref = expr.as(DeclReferenceExprSyntax.self), ref.baseName.text.hasPrefix("$") else {
                throw diagnostics.unsupported(call, "\(name) without \(label): $state", "\(name)(\(label): $name) with a @State variable is")
            }
            let state = String(ref.baseName.text.dropFirst())
            guard scope.names[state] == .state else {
                throw diagnostics.error(ref, "'\(state)' is not a @State variable of this view; a control binds one")
            }
            return .string(sceneStateName(state, scope))
        }
        func range() throws(SwiftSourceError) -> JSON? {
            guard let expr = labelled("in") else { return nil }
            guard let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3,
                  Array(sequence.elements)[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "..." else {
                throw diagnostics.unsupported(expr, "the range '\(expr.shortText)'", "a closed range low...high is")
            }
            return .array([try value(Array(sequence.elements)[0], scope), try value(Array(sequence.elements)[2], scope)])
        }
        let title: JSON? = try args.first.flatMap { first throws(SwiftSourceError) -> JSON? in
            guard first.label == nil else { return nil }
            if let string = first.expression.as(StringLiteralExprSyntax.self) { return .string(try template(string, scope)) }
            return .string("${" + (try expression(first.expression, scope)) + "}")
        }
        let allowed: Set<String>
        var pairs: [(String, JSON)]
        switch name {
        case "Toggle":
            allowed = ["_", "isOn"]
            pairs = [("toggle", try binding("isOn"))]
            if let title { pairs.append(("label", title)) }
        case "Slider":
            allowed = ["value", "in", "step"]
            pairs = [("slider", try binding("value"))]
            if let range = try range() { pairs.append(("in", range)) }
            if let step = labelled("step") { pairs.append(("step", try value(step, scope))) }
        case "Stepper":
            allowed = ["_", "value", "in", "step"]
            pairs = [("stepper", try binding("value"))]
            if let range = try range() { pairs.append(("in", range)) }
            if let step = labelled("step") { pairs.append(("step", try value(step, scope))) }
            if let title { pairs.append(("label", title)) }
        case "TextField":
            allowed = ["_", "text"]
            pairs = [("textField", try binding("text"))]
            if let title { pairs.append(("prompt", title)) }
        default:
            allowed = ["value", "total"]
            guard let progress = labelled("value") else {
                throw diagnostics.unsupported(call, "ProgressView without value:", "ProgressView(value:total:) is")
            }
            pairs = [("progressView", try value(progress, scope))]
            if let total = labelled("total") { pairs.append(("total", try value(total, scope))) }
        }
        for argument in args where !allowed.contains(argument.label?.text ?? "_") {
            throw diagnostics.unsupported(argument, "\(name)'s '\(argument.label?.text ?? "_")' argument",
                                          "\(allowed.sorted().map { $0 == "_" ? "a title" : $0 + ":" }.joined(separator: ", ")) are")
        }
        if call.trailingClosure != nil {
            throw diagnostics.unsupported(call.trailingClosure!, "a label closure on \(name)", "a title string is")
        }
        if let animated { pairs.append(("bindingAnimation", .string(animated))) }
        return ViewNode(pairs)
    }

    /// `GeometryReader { geometry in ... }`: a view that takes the whole size proposed to it and names that
    /// size in `let`s (`geometry.size.width` reads `geometryWidth`), its content placed top-leading; a
    /// closure that reads `geometry.frame(in: .global).minY` names the reader's position too (`geometryMinY`).
    func geometryReader(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        guard call.arguments.isEmpty, let content = call.trailingClosure,
              case .simpleInput(let names)? = content.signature?.parameterClause, names.count == 1,
              let name = names.first?.name.text else {
            throw diagnostics.unsupported(call, "this GeometryReader", "GeometryReader { geometry in ... } is")
        }
        var inner = scope
        inner.geometries.insert(name)
        let views = try viewList(content.statements, inner)
        var lets: [(String, JSON)] = [(name + "Width", .string("w")), (name + "Height", .string("h"))]
        if content.statements.tokens(viewMode: .sourceAccurate).map(\.text).joined().contains(name + ".frame(in:.global)") {
            lets += [(name + "MinX", .string("minX")), (name + "MinY", .string("minY"))]
        }
        return ViewNode([
            ("zstack", .array(views)), ("alignment", .string("topLeading")),
            ("let", .object(lets)),
            ("frame", .object([("maxWidth", .string("infinity")), ("maxHeight", .string("infinity")), ("alignment", .string("topLeading"))])),
        ])
    }

    func button(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        let args = Array(call.arguments)
        // Button("Title") { action }, Button("Title", action: f)
        if let title = args.first, title.label == nil {
            var pairs: [(String, JSON)] = []
            if let string = title.expression.as(StringLiteralExprSyntax.self) {
                pairs.append(("button", .string(try template(string, scope))))
            } else {
                pairs.append(("button", .string("${" + (try expression(title.expression, scope)) + "}")))
            }
            if let role = args.first(where: { $0.label?.text == "role" }),
               let member = role.expression.as(MemberAccessExprSyntax.self) {
                pairs.append(("role", .string(member.declName.baseName.text)))
            }
            var node = ViewNode(pairs)
            let action = args.first { $0.label?.text == "action" }?.expression ?? call.trailingClosure.map(ExprSyntax.init)
            guard let action else { throw diagnostics.error(call, "Button needs an action") }
            node.outer["onTap"] = .array(try actionsOf(action, scope))
            return node
        }
        // Button(action: { ... }) { label }, Button { action } label: { label }
        let action: ExprSyntax?
        let label: ClosureExprSyntax?
        if let actionArgument = args.first(where: { $0.label?.text == "action" }) {
            action = actionArgument.expression
            label = call.trailingClosure ?? args.first { $0.label?.text == "label" }?.expression.as(ClosureExprSyntax.self)
        } else {
            action = call.trailingClosure.map(ExprSyntax.init)
            label = call.additionalTrailingClosures.first { $0.label.text == "label" }?.closure
        }
        guard let action, let label else {
            throw diagnostics.unsupported(call, "this Button initialiser",
                                          "Button(\"Title\") { action }, Button(action: { ... }) { label } and Button { action } label: { label } are")
        }
        var node = try inlineNode(try singleView(label.statements, scope, at: label))
        // A borderless button tints its label with the accent colour (blue), as SwiftUI's default style.
        if node.object["foregroundColor"] == nil { node.environment("foregroundColor", .string("blue")) }
        node.outer["onTap"] = .array(try actionsOf(action, scope))
        return node
    }

    func forEach(_ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        guard let data = call.arguments.first, data.label == nil, var content = call.trailingClosure else {
            throw diagnostics.unsupported(call, "this ForEach", "ForEach(0..<n) { i in ... } and ForEach(list, id: \\.self) { item in ... } are")
        }
        for argument in call.arguments.dropFirst() {
            guard argument.label?.text == "id", argument.expression.trimmedDescription == "\\.self" else {
                throw diagnostics.unsupported(argument, "ForEach's '\(argument.label?.text ?? "_")' argument", "id: \\.self is")
            }
        }
        var collection: String
        if let sequence = data.expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           let op = Array(sequence.elements)[1].as(BinaryOperatorExprSyntax.self),
           op.operator.text == "..<" || op.operator.text == "..." {
            let items = Array(sequence.elements)
            collection = (try expression(items[0], scope)) + op.operator.text + (try expression(items[2], scope))
        } else {
            collection = try expression(data.expression, scope)
        }
        let name: String
        if case .simpleInput(let names)? = content.signature?.parameterClause, names.count == 1, let named = names.first?.name.text {
            name = named
        } else if content.signature == nil {
            // `{ RowView(item: $0) }`: the shorthand `$0` is the element, given a name of its own (ShorthandElement.swift).
            (content, name) = ShorthandElement.named(content, avoiding: Set(scope.names.keys).union(forEachVariables),
                                                     rewrites: diagnostics.rewrites)
        } else {
            throw diagnostics.unsupported(content, "this ForEach closure", "one named parameter ({ i in ... }) or $0 is")
        }
        forEachVariables.append(name)
        defer { forEachVariables.removeLast() }
        let body = try singleView(content.statements, scope.adding(name, .local), at: content)
        if collection.hasPrefix("(") == false, collection.contains("..<") || collection.contains("...") {
            collection = collection.replacingOccurrences(of: " ", with: "")
        }
        var node = ViewNode([("forEach", .string(collection)), ("as", .string(name)), ("content", body)])
        node.lastRank = ModifierRule.lastRank + 1
        return node
    }

    // MARK: Components

    /// A use of a View or Shape struct of the file: a component instance with its arguments and actions.
    private func use(_ custom: ViewStruct, _ call: FunctionCallExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> ViewNode {
        // The bindings passed under another name (`Switch(state: $isOn)`): the component reads and sets
        // the state it was given, so it is defined once per renaming.
        var renames: [String: String] = [:]
        for argument in call.arguments {
            if let label = argument.label?.text, let property = custom.passedThrough.first(where: { $0.name == label }),
               let target = try passThrough(property, argument.expression, of: custom, scope), target != label {
                renames[label] = target
            }
        }
        let componentName = try defineComponent(custom, at: call, renames: renames)
        var args = JSONObject()
        var actions = JSONObject()
        var views = JSONObject()
        let viewSlots = viewSlotNames(custom)  // LowerViewSlots.swift
        let settable = custom.properties.filter { !($0.isConstant && $0.initializer != nil) && ($0.kind == .parameter || $0.kind == .slot) }
        for argument in call.arguments {
            if let label = argument.label?.text, custom.passedThrough.contains(where: { $0.name == label }) { continue }
            if let label = argument.label?.text, viewSlots.contains(label) {
                views[label] = try slotViews(argument.expression, scope)
                continue
            }
            guard let label = argument.label?.text, let property = settable.first(where: { $0.name == label }) else {
                throw diagnostics.unsupported(argument, "the argument '\(argument.label?.text ?? "_")' of \(custom.name)(...)",
                                              "its memberwise parameters are: \((settable + custom.passedThrough).map(\.name).joined(separator: ", "))")
            }
            if property.kind == .slot {
                actions[label] = .array(try actionsOf(argument.expression, scope))
            } else {
                args[label] = try freeValue(argument.expression, scope, type: property.type)
            }
        }
        if let closure = call.trailingClosure, let slot = trailingViewSlot(custom) {
            views[slot] = try slotViews(ExprSyntax(closure), scope)
        } else if let closure = call.trailingClosure {
            guard let slot = custom.slots.last else {
                throw diagnostics.error(closure, "\(custom.name) has no closure parameter for this trailing closure")
            }
            actions[slot.name] = .array(try actionsOf(ExprSyntax(closure), scope))
        }
        for required in settable where required.initializer == nil && required.kind == .parameter && args[required.name] == nil
            && !viewSlots.contains(required.name) {
            throw diagnostics.error(call, "\(custom.name)(...) needs the argument '\(required.name)'")
        }
        for required in custom.passedThrough where !call.arguments.contains(where: { $0.label?.text == required.name }) {
            throw diagnostics.error(call, "\(custom.name)(...) needs the argument '\(required.name)'")
        }
        var pairs: [(String, JSON)] = [("use", .string(componentName))]
        if !args.isEmpty { pairs.append(("args", args.json)) }
        if !actions.isEmpty { pairs.append(("actions", actions.json)) }
        if !views.isEmpty { pairs.append(("views", views.json)) }
        var node = ViewNode(pairs)
        // (The format takes no item id on an instance: inside a ForEach, a tappable one keeps none, and
        // one with state keeps it per item, by the item's id, with no id of its own.)
        if (!custom.states.isEmpty || componentsWithTapIds.contains(componentName)) && forEachVariables.isEmpty {
            // A component with state needs an id; .accessibilityIdentifier replaces this one.
            let stem = custom.name.prefix(1).lowercased() + custom.name.dropFirst()
            generatedIds[stem, default: 0] += 1
            node.outer["id"] = .string("\(stem)\(generatedIds[stem]!)")
            node.idIsGenerated = true
        }
        return node
    }

    /// `selected: $selected` or `state: $isOn` for `@Binding var selected`, `ns: ns` for
    /// `let ns: Namespace.ID`: nothing to write as an argument. A component reads and sets the scene's
    /// state by name (after its own), and a namespace is a name; so a binding passes the root's `@State`
    /// (or the caller's own binding), whose scene name this returns, and a namespace the caller's of the
    /// same name (nil).
    private func passThrough(_ property: Property, _ expr: ExprSyntax, of custom: ViewStruct, _ scope: Scope) throws(SwiftSourceError) -> String? {
        let name = expr.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
        if property.kind == .namespace {
            guard name == property.name, scope.namespaces.contains(name) else {
                throw diagnostics.unsupported(expr, "\(property.name): \(expr.shortText)",
                                              "passing the caller's @Namespace of the same name, \(property.name): \(property.name), is")
            }
            return nil
        }
        let passed = name.hasPrefix("$") ? String(name.dropFirst()) : ""
        let callerKind = scope.owner?.properties.first(where: { $0.name == passed })?.kind
        let rootState = callerKind == .state && scope.owner?.name == rootName
        guard !passed.isEmpty, rootState || callerKind == .binding else {
            throw diagnostics.unsupported(expr, "\(property.name): \(expr.shortText)",
                                          "$name of the root view's @State (or of the caller's @Binding) is: a component sets the scene's state by name")
        }
        // The caller's own binding may itself be a renamed one.
        let target = callerKind == .binding ? (scope.inlined[passed] ?? passed) : passed
        if target != property.name, custom.states.contains(where: { $0.name == target }) {
            throw diagnostics.unsupported(expr, "\(property.name): \(expr.shortText)",
                                          "a binding whose state has another name than \(custom.name)'s own @State variables is (rename one of them)")
        }
        return target
    }

    /// Adds the struct to `components` the first time it is used, once per renaming of its bindings
    /// (`Switch(state: $isOn)` reads and sets `isOn` where the struct says `state`); returns the
    /// component's name: the struct's, or for a second renaming `Switch_isOn`.
    @discardableResult
    func defineComponent(_ custom: ViewStruct, at use: some SyntaxProtocol, renames: [String: String] = [:]) throws(SwiftSourceError) -> String {
        if componentsInProgress.contains(custom.name) {
            throw diagnostics.error(use, "\(custom.name) contains itself; a component cannot")
        }
        let key = custom.name + renames.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        if let name = componentVariants[key] { return name }
        var name = custom.name
        if componentVariants.values.contains(name) {
            name += "_" + (renames.isEmpty ? "own" : renames.sorted { $0.key < $1.key }.map(\.value).joined(separator: "_"))
        }
        componentVariants[key] = name
        componentsInProgress.insert(custom.name)
        defer { componentsInProgress.remove(custom.name) }
        var scope = scope(of: custom)
        for (binding, target) in renames { scope.inlined[binding] = target }
        let outerBodyDepth = componentBodyDepth
        componentBodyDepth = viewDepth + 1
        defer { componentBodyDepth = outerBodyDepth }
        // A component's body is its own: the ForEach around its first use does not repeat its ids.
        let outerForEach = forEachVariables
        forEachVariables = []
        defer { forEachVariables = outerForEach }
        var definition = JSONObject()
        var params = JSONObject()
        let viewSlots = viewSlotNames(custom)
        for property in custom.parameters where !viewSlots.contains(property.name) {
            params[property.name] = try property.initializer.map { e throws(SwiftSourceError) in try freeValue(e, Scope(), type: property.type) }
                // `let animation: Animation`: every use passes one; the format's animation parameters have a default.
                ?? (property.type?.trimmedDescription == "Animation" ? .string(".default") : .null)
        }
        if !params.isEmpty { definition["params"] = params.json }
        if !viewSlots.isEmpty { definition["views"] = .array(viewSlots.map { .string($0) }) }
        if !custom.animatable.isEmpty {
            for name in custom.animatable where params[name] == nil {
                throw diagnostics.error(custom.node, "animatableData returns '\(name)', which is not a parameter of \(custom.name)")
            }
            definition["animatable"] = .array(custom.animatable.map { .string($0) })
        }
        var slots = JSONObject()
        for slot in custom.slots where !viewSlots.contains(slot.name) {
            slots[slot.name] = .array(try slot.initializer.map { e throws(SwiftSourceError) in try actionsOf(e, scope) } ?? [])
        }
        if !slots.isEmpty { definition["actions"] = slots.json }
        var state = JSONObject()
        for property in custom.states {
            state[property.name] = try literal(property.initializer!, type: property.type)
        }
        if !state.isEmpty { definition["state"] = state.json }
        switch custom.kind {
        case .view:
            definition["body"] = try singleView(custom.body!, scope, at: custom.node)
        case .shape:
            definition["body"] = try shapeBody(custom, scope)
        case .modifier:
            throw diagnostics.unsupported(use, "\(custom.name) as a view", "a ViewModifier struct in a transition's .modifier(active:identity:) is")
        }
        if holdsId(definition.json, from: generatedTapIds) || definition["body"]?["onTap"] != nil { componentsWithTapIds.insert(name) }
        components.append((name, definition.json))
        return name
    }

    /// The scene's name of a state variable the body reads: a binding passed under another name
    /// (`Switch(state: $isOn)`) is the state it was given.
    func sceneStateName(_ name: String, _ scope: Scope) -> String {
        scope.names[name] == .state ? scope.inlined[name] ?? name : name
    }

    /// Whether a view (or anything in it) has one of `ids` as its `id`.
    private func holdsId(_ json: JSON, from ids: Set<String>) -> Bool {
        switch json {
        case .object(let pairs):
            return pairs.contains { key, value in
                if key == "id", case .string(let id) = value, ids.contains(id) { return true }
                return holdsId(value, from: ids)
            }
        case .array(let items): return items.contains { holdsId($0, from: ids) }
        default: return false
        }
    }
}

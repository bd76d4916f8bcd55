import Expressions

/// Decodes clips, masks, conditions and transitions: `clipShape`, `clipped`, `mask`, `if`, `transition`.
extension NodeDecoder {
    /// Modifier keys for clipping, masking and conditional views.
    static let maskingKeys = ["clipShape", "clipped", "mask", "if", "transition"]
    /// Shape names a `clipShape` string may give.
    static let clipShapeNames = ["circle", "ellipse", "rectangle", "capsule"]

    /// `"circle"`, `{"shape": "roundedRectangle", "cornerRadius": 12}`,
    /// `{"shape": "unevenRoundedRectangle", "topLeadingRadius": 20, ...}` or `{"path": [...]}`.
    static func decodeClipShape(_ reader: JSONReader) throws(SceneError) -> ShapeSpec.Geometry {
        if case .string = reader.value.kind {
            switch try reader.choice(clipShapeNames) {
            case "circle": return .circle
            case "ellipse": return .ellipse
            case "capsule": return .capsule
            default: return .rectangle
            }
        }
        let object = try reader.object(allowing: ["shape", "cornerRadius", "path"] + unevenRadiusKeys)
        let radiusKey = unevenRadiusKeys.compactMap { object[$0] }.first
        switch (object["shape"], object["path"]) {
        case (let shape?, nil):
            let name = try shape.choice(clipShapeNames + ["roundedRectangle", "unevenRoundedRectangle"])
            if name != "unevenRoundedRectangle", let extra = radiusKey {
                throw extra.error("the corner radii apply only to \"unevenRoundedRectangle\"")
            }
            if name == "roundedRectangle" {
                return .roundedRectangle(cornerRadius: try BindingDecoder.number(object.required("cornerRadius")))
            }
            if let extra = object["cornerRadius"] { throw extra.error("\"cornerRadius\" applies only to \"roundedRectangle\"") }
            if name == "unevenRoundedRectangle" { return try decodeUnevenRadii(object) }
            return try decodeClipShape(shape)
        case (nil, let path?):
            if let extra = object["cornerRadius"] { throw extra.error("\"cornerRadius\" applies only to \"roundedRectangle\"") }
            if let extra = radiusKey { throw extra.error("the corner radii apply only to \"unevenRoundedRectangle\"") }
            var commands: [PathCommand] = []
            for item in try path.array() { commands.append(try decodePathCommand(item)) }
            guard !commands.isEmpty else { throw path.error("a path needs at least one command") }
            guard commands.count <= SceneLimits.maxPathCommands else {
                throw path.error("a path of \(commands.count) commands is over the limit of \(SceneLimits.maxPathCommands)")
            }
            return .path(commands)
        default:
            throw reader.error("a clip shape is a shape name, {\"shape\": ...} or {\"path\": [...]}")
        }
    }

    static func decodePresence(_ object: ObjectReader, depth: Int) throws(SceneError) -> PresenceSpec? {
        guard let condition = object["if"] else {
            if let transition = object["transition"] {
                throw transition.error("a transition needs an \"if\": it plays when the condition changes")
            }
            return nil
        }
        let transition = try object["transition"].map { r throws(SceneError) in try decodeTransition(r, depth: depth) }
        return PresenceSpec(condition: try BindingDecoder.bool(condition), transition: transition ?? .opacity)
    }

    /// A transition: SwiftUI code (`".scale(scale: 1.1)"`), `{"insertion": ..., "removal": ...}`
    /// (`.asymmetric`), or `{"modifier": {...}, "active": {...}, "identity": {...}}` (`.modifier`).
    static func decodeTransition(_ reader: JSONReader, depth: Int) throws(SceneError) -> TransitionSpec {
        if case .string(let source) = reader.value.kind {
            let expression: Expression
            do {
                expression = try Expression(parsing: source)
            } catch {
                throw reader.error("invalid transition \"\(source)\": \(error.message)")
            }
            do {
                return try TransitionSyntax.transition(expression.root)
            } catch {
                throw reader.error("invalid transition \"\(source)\": \(error.message)")
            }
        }
        let object = try reader.object(allowing: ["insertion", "removal", "modifier", "active", "identity"])
        if object.has("modifier") {
            if let extra = object["insertion"] ?? object["removal"] {
                throw extra.error("write a .modifier transition inside \"insertion\" or \"removal\", or alone")
            }
            let effect = try decodeModifierTransition(object, depth: depth)
            return TransitionSpec(insertion: [effect], removal: [effect])
        }
        func part(_ key: String) throws(SceneError) -> [TransitionEffect] {
            let value = try object.required(key)
            if case .string = value.value.kind {
                let whole = try decodeTransition(value, depth: depth)
                return key == "insertion" ? whole.insertion : whole.removal
            }
            let inner = try value.object(allowing: ["modifier", "active", "identity"])
            return [try decodeModifierTransition(inner, depth: depth)]
        }
        for key in ["active", "identity"] {
            if let extra = object[key] { throw extra.error("\"\(key)\" belongs with \"modifier\"") }
        }
        return TransitionSpec(insertion: try part("insertion"), removal: try part("removal"))
    }

    /// `.modifier(active:identity:)`: the modifiers as a wrapper view, and the two sets of parameter values.
    static func decodeModifierTransition(_ object: ObjectReader, depth: Int) throws(SceneError) -> TransitionEffect {
        let modifier = try object.required("modifier")
        let allowed = modifierKeys.filter { !["id", "onTap", "if", "transition", "modifiers"].contains($0) }
        let modifiers = try modifier.object(allowing: allowed)
        let placeholder = NodeKind.stack(StackSpec(axis: .z, spacing: nil, alignment: nil, children: []))
        let wrapper = try node(placeholder, modifiers: modifiers, at: modifier, depth: depth + 1)
        func values(_ key: String) throws(SceneError) -> [(name: String, value: Double)] {
            var list: [(name: String, value: Double)] = []
            for (name, value) in try object.required(key).members() {
                guard SceneDecoder.isIdentifier(name), !BindingDecoder.reservedNames.contains(name) else {
                    throw value.error("\"\(name)\" cannot be a parameter name")
                }
                list.append((name, try value.number()))
            }
            return list
        }
        let active = try values("active"), identity = try values("identity")
        guard active.map(\.name) == identity.map(\.name) else {
            throw try object.required("identity").error("\"active\" and \"identity\" must give the same parameters, in the same order")
        }
        return .modifier(ModifierTransition(wrapper: wrapper, active: active, identity: identity))
    }
}

/// Reads SwiftUI transition code: `.opacity`, `.scale(scale: 1.1, anchor: .bottom)`, `.move(edge: .bottom)`,
/// `.offset(x: 0, y: 20)`, `.slide`, `.identity`, `.asymmetric(insertion: ..., removal: ...)`, and
/// `.combined(with: ...)` after any of them.
enum TransitionSyntax {
    struct Failure: Error {
        var message: String
    }

    static let bases = ["identity", "opacity", "scale", "move", "offset", "slide", "asymmetric"]
    static let edges = ["top", "bottom", "leading", "trailing"]

    static func transition(_ expr: Expr) throws(Failure) -> TransitionSpec {
        guard let chain = expr.implicitMemberChain, let first = chain.first else {
            throw Failure(message: "expected a SwiftUI transition such as .opacity or .scale(scale: 1.1)")
        }
        var result = try base(first)
        for link in chain.dropFirst() {
            guard link.name == "combined" else {
                throw Failure(message: "unknown modifier .\(link.name); transitions combine with .combined(with:)")
            }
            try allow(link, ["with"])
            guard let other = link.argument("with") else { throw Failure(message: ".combined needs \"with:\"") }
            let more = try transition(other)
            result.insertion += more.insertion
            result.removal += more.removal
        }
        return result
    }

    private static func base(_ link: MemberCall) throws(Failure) -> TransitionSpec {
        func same(_ effects: [TransitionEffect]) -> TransitionSpec { TransitionSpec(insertion: effects, removal: effects) }
        switch link.name {
        case "identity":
            try allow(link, [])
            return same([])
        case "opacity":
            try allow(link, [])
            return same([.opacity])
        case "scale":
            try allow(link, ["scale", "anchor"])
            let scale = try link.argument("scale").map(number) ?? 0
            let anchor = try link.argument("anchor").map(unitPoint) ?? (0.5, 0.5)
            return same([.scale(scale, anchor: anchor)])
        case "move":
            try allow(link, ["edge"])
            guard let edge = link.argument("edge") else { throw Failure(message: ".move needs \"edge:\"") }
            return same([.move(edge: try name(edge, among: edges))])
        case "offset":
            try allow(link, ["x", "y"])
            return same([.offset(x: try link.argument("x").map(number) ?? 0, y: try link.argument("y").map(number) ?? 0)])
        case "slide":
            try allow(link, [])
            return TransitionSpec(insertion: [.move(edge: "leading")], removal: [.move(edge: "trailing")])
        case "asymmetric":
            try allow(link, ["insertion", "removal"])
            guard let insertion = link.argument("insertion"), let removal = link.argument("removal") else {
                throw Failure(message: ".asymmetric needs \"insertion:\" and \"removal:\"")
            }
            return TransitionSpec(insertion: try transition(insertion).insertion, removal: try transition(removal).removal)
        default:
            throw Failure(message: "unknown transition .\(link.name)"
                + (Suggestion.closest(to: link.name, in: bases).map { "; did you mean .\($0)?" } ?? ""))
        }
    }

    private static func allow(_ link: MemberCall, _ labels: [String]) throws(Failure) {
        for argument in link.arguments ?? [] where !labels.contains(argument.label ?? "") {
            throw Failure(message: ".\(link.name) has no argument \(argument.label.map { "\"\($0):\"" } ?? "without a label")")
        }
    }

    private static func number(_ expr: Expr) throws(Failure) -> Double {
        guard case .number(let n)? = try? expr.evaluate(in: EmptyScope()), n.isFinite else {
            throw Failure(message: "expected a number, got \(expr)")
        }
        return n
    }

    private static func name(_ expr: Expr, among names: [String]) throws(Failure) -> String {
        guard case .member(nil, let name, _) = expr, names.contains(name) else {
            throw Failure(message: "expected one of \(names.map { "." + $0 }.joined(separator: ", "))")
        }
        return name
    }

    private static func unitPoint(_ expr: Expr) throws(Failure) -> (x: Double, y: Double) {
        let name = try name(expr, among: NodeDecoder.unitPointNames)
        let point = NodeDecoder.unitPoints[name] ?? (0.5, 0.5)
        return (point.0, point.1)
    }
}

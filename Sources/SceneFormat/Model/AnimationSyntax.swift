import Expressions

/// The SwiftUI animation code the format reads (`.easeInOut(duration: 0.3).delay(0.1)`): each base
/// animation and modifier with the arguments it takes.
///
/// An animation can be chosen by a condition, as SwiftUI code passes `Animation` values around:
/// `isEditing ? .easeInOut(duration: 0.13).repeatForever() : .default`. Both branches are checked at
/// load; the condition is evaluated when the animation is taken (`AnimationInterpreter`).
///
/// The shape of the code (names, labels, how many values) is checked when the scene loads, wherever the
/// animation stands (a `withAnimation` the script may never run, an `animation` modifier, a completion);
/// the values are expressions over model state, evaluated when the animation starts (Timeline's
/// `AnimationInterpreter`, which reads its names from here).
public enum AnimationSyntax {
    /// The arguments one base or modifier takes.
    public struct Signature: Sendable {
        /// Unlabelled values, in order, all required.
        public var positional: Int
        /// Sets of labels that may be given together (SwiftUI's overloads); any subset of one set.
        public var labelSets: [[String]]
        /// Labels that must be given.
        public var required: [String] = []
        /// Labels that must be given with another: `interpolatingSpring(mass:stiffness:damping:)` needs
        /// both `stiffness:` and `damping:` (the form without them is the duration-and-bounce one).
        public var requiredWith: [String: [String]] = [:]
    }

    /// SwiftUI's base animations (`Animation.easeInOut(duration:)`, `.spring(response:dampingFraction:blendDuration:)`, ...).
    public static let bases: [(name: String, signature: Signature)] = [
        ("linear", Signature(positional: 0, labelSets: [["duration"]])),
        ("easeIn", Signature(positional: 0, labelSets: [["duration"]])),
        ("easeOut", Signature(positional: 0, labelSets: [["duration"]])),
        ("easeInOut", Signature(positional: 0, labelSets: [["duration"]])),
        ("timingCurve", Signature(positional: 4, labelSets: [["duration"]])),
        ("spring", Signature(positional: 0, labelSets: [["duration", "bounce", "blendDuration"],
                                                          ["response", "dampingFraction", "blendDuration"]])),
        ("interactiveSpring", Signature(positional: 0, labelSets: [["duration", "extraBounce", "blendDuration"],
                                                                     ["response", "dampingFraction", "blendDuration"]])),
        ("interpolatingSpring", Signature(positional: 0, labelSets: [["duration", "bounce", "initialVelocity"],
                                                                       ["mass", "stiffness", "damping", "initialVelocity"]],
                                          requiredWith: ["mass": ["stiffness", "damping"], "stiffness": ["damping"],
                                                         "damping": ["stiffness"]])),
        ("smooth", Signature(positional: 0, labelSets: [["duration", "extraBounce"]])),
        ("snappy", Signature(positional: 0, labelSets: [["duration", "extraBounce"]])),
        ("bouncy", Signature(positional: 0, labelSets: [["duration", "extraBounce"]])),
        ("default", Signature(positional: 0, labelSets: [[]])),
    ]

    /// SwiftUI's animation modifiers (`.delay(_:)`, `.repeatForever(autoreverses:)`, ...).
    public static let modifiers: [(name: String, signature: Signature)] = [
        ("delay", Signature(positional: 1, labelSets: [[]])),
        ("speed", Signature(positional: 1, labelSets: [[]])),
        ("repeatCount", Signature(positional: 1, labelSets: [["autoreverses"]])),
        ("repeatForever", Signature(positional: 0, labelSets: [["autoreverses"]])),
        ("logicallyComplete", Signature(positional: 0, labelSets: [["after"]], required: ["after"])),
    ]

    public static var baseNames: [String] { bases.map(\.name) }
    public static var modifierNames: [String] { modifiers.map(\.name) }

    /// Why `expression` is not animation code of this shape, or nil if it is.
    public static func problem(in expression: Expr) -> String? {
        // `condition ? a : b`: an animation chosen when it is taken; both branches must be animations.
        if case .conditional(_, let whenTrue, let whenFalse, _) = expression {
            if let problem = problem(in: whenTrue) { return "in the branch after \"?\": " + problem }
            if let problem = problem(in: whenFalse) { return "in the branch after \":\": " + problem }
            return nil
        }
        let (root, links) = chain(expression)
        if let root {
            // `bounce`, `bounce.delay(0.2)`: a named animation (a parameter or state variable holding one,
            // whose type the validator checks), perhaps with modifiers.
            switch root {
            case .variable("Animation", _):
                return "write SwiftUI's Animation.\(links.first?.name ?? "easeIn") as .\(links.first?.name ?? "easeIn"), without \"Animation\""
            case .variable: break
            case .conditional: if let problem = problem(in: root) { return problem }
            default: return "expected a SwiftUI animation such as .easeInOut(duration: 0.3)"
            }
            return modifierProblem(links)
        }
        guard let first = links.first else {
            return "expected a SwiftUI animation such as .easeInOut(duration: 0.3)"
        }
        guard let base = bases.first(where: { $0.name == first.name }) else {
            return "unknown animation .\(first.name)"
                + (Suggestion.closest(to: first.name, in: baseNames).map { "; did you mean .\($0)?" } ?? "")
        }
        if let problem = problem(first, base.signature) { return problem }
        return modifierProblem(links.dropFirst())
    }

    /// Why these modifiers of an animation are not SwiftUI's, or nil.
    private static func modifierProblem(_ links: some Collection<MemberCall>) -> String? {
        for link in links {
            guard let modifier = modifiers.first(where: { $0.name == link.name }) else {
                return "unknown modifier .\(link.name)"
                    + (Suggestion.closest(to: link.name, in: modifierNames).map { "; did you mean .\($0)?" } ?? "")
            }
            if let problem = problem(link, modifier.signature) { return problem }
        }
        return nil
    }

    /// An animation's code split into what its member chain starts from and the links after it: nil and
    /// every link for SwiftUI's code (`.spring().delay(0.2)`); the name and its modifiers for a named
    /// animation (`bounce.delay(0.2)`); the expression itself, with no links, for anything else.
    public static func chain(_ expression: Expr) -> (root: Expr?, links: [MemberCall]) {
        expression.memberChain
    }

    /// The names an animation's code takes as animations (`bounce` in `fast ? bounce.speed(2) : .default`),
    /// and the expressions in it that must not be animations (conditions and arguments).
    public static func parts(of expression: Expr) -> (names: [(name: String, range: SourceRange)], values: [Expr]) {
        if case .conditional(let condition, let whenTrue, let whenFalse, _) = expression {
            let a = parts(of: whenTrue), b = parts(of: whenFalse)
            return (a.names + b.names, [condition] + a.values + b.values)
        }
        let (root, links) = chain(expression)
        let arguments = links.flatMap { ($0.arguments ?? []).map(\.value) }
        switch root {
        case .variable(let name, let range)?: return ([(name, range)], arguments)
        case let root?:
            let inner = parts(of: root)
            return (inner.names, inner.values + arguments)
        case nil: return ([], arguments)
        }
    }

    /// Whether `expression` gives an animation, `names` being the names that hold one: SwiftUI's code, a
    /// named animation with or without modifiers, or a choice between them.
    public static func isAnimation(_ expression: Expr, names: Set<String>) -> Bool {
        if case .conditional(_, let whenTrue, let whenFalse, _) = expression {
            return isAnimation(whenTrue, names: names) || isAnimation(whenFalse, names: names)
        }
        switch chain(expression) {
        case (nil, let links): return !links.isEmpty
        case (.variable(let name, _)?, _): return names.contains(name)
        case (let root?, let links): return !links.isEmpty && isAnimation(root, names: names)
        }
    }

    /// The first piece of SwiftUI animation code in `expression` (`.spring()`, `.easeIn(duration: 1).delay(0.2)`,
    /// `.default`): an implicit member chain starting with one of `bases`. Such code gives an animation
    /// wherever it stands (the expression language reads implicit members that are no colour as
    /// animations), so the validator refuses it where a value stands.
    public static func code(in expression: Expr) -> Expr? {
        if case (nil, let links) = chain(expression), let first = links.first, baseNames.contains(first.name) {
            return expression
        }
        for child in expression.children {
            if let found = code(in: child) { return found }
        }
        return nil
    }

    private static func problem(_ call: MemberCall, _ signature: Signature) -> String? {
        let arguments = call.arguments ?? []
        let labels = arguments.compactMap(\.label)
        if signature.positional == 0, arguments.contains(where: { $0.label == nil }) {
            return ".\(call.name) has no argument without a label"
        }
        if let label = labels.first(where: { label in !signature.labelSets.contains { $0.contains(label) } }) {
            return ".\(call.name) has no argument \"\(label):\""
        }
        if !signature.labelSets.contains(where: { set in labels.allSatisfy(set.contains) }) {
            return ".\(call.name) takes \(signature.labelSets.map { $0.map { "\($0):" }.joined(separator: " ") }.joined(separator: " or ")), not \(labels.map { "\($0):" }.joined(separator: " ")) together"
        }
        if Set(labels).count != labels.count { return ".\(call.name) has an argument twice" }
        let unlabelled = arguments.count - labels.count
        if unlabelled < signature.positional { return ".\(call.name) needs more arguments" }
        if unlabelled > signature.positional { return ".\(call.name) has too many arguments" }
        if let missing = signature.required.first(where: { !labels.contains($0) }) {
            return ".\(call.name) needs \"\(missing):\""
        }
        for label in labels {
            if let missing = signature.requiredWith[label]?.first(where: { !labels.contains($0) }) {
                return ".\(call.name) with \"\(label):\" needs \"\(missing):\""
            }
        }
        return nil
    }
}

extension AnimationSpec {
    /// The animation's code as a binding, so the validator checks the names its arguments read.
    var bindings: [Binding?] {
        var binding = Binding(.expression(expression), path: path, location: location)
        binding.isAnimation = true
        return [binding]
    }
}

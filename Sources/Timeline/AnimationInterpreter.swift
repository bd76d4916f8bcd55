import Expressions
import SceneFormat

/// Reads an animation written as SwiftUI code (`.easeInOut(duration: 0.1).delay(0.1)`) into an `Animation`.
///
/// Arguments are expressions evaluated with the action's model values, so a duration can be computed
/// (the lucky wheel's duration depends on the angle it turns).
public enum AnimationInterpreter {
    static let bases = AnimationSyntax.baseNames
    static let modifiers = AnimationSyntax.modifierNames

    public static func animation(_ spec: AnimationSpec, in scope: any Scope) throws(SceneError) -> Animation {
        do {
            return try build(spec.expression.root, scope)
        } catch let error as AnimationSyntaxError {
            throw SceneError(path: spec.path, location: spec.location,
                             message: "invalid animation \"\(spec.expression.source)\": \(error.message)")
        } catch let error as SceneError {
            throw error
        } catch let error as ExpressionError {
            throw SceneError(path: spec.path, location: spec.location,
                             message: "invalid animation \"\(spec.expression.source)\": \(error.message)")
        } catch {
            throw SceneError(path: spec.path, location: spec.location, message: "invalid animation: \(error)")
        }
    }

    struct AnimationSyntaxError: Error {
        var message: String
    }

    private static func build(_ expr: Expr, _ scope: any Scope) throws -> Animation {
        if case .conditional(let condition, let whenTrue, let whenFalse, _) = expr {
            // `isEditing ? .easeInOut(duration: 0.13).repeatForever() : .default`: the condition read now.
            guard case .bool(let flag) = try condition.evaluate(in: scope) else {
                throw AnimationSyntaxError(message: "the condition before \"?\" must be true or false")
            }
            return try build(flag ? whenTrue : whenFalse, scope)
        }
        if let chain = expr.implicitMemberChain {
            var links: [(name: String, arguments: Arguments)] = []
            for link in chain {
                links.append((link.name, try Arguments(link.arguments ?? [], scope: scope, name: link.name)))
            }
            return try build(links)
        }
        // A named animation (`bounce`, a parameter or state variable holding one), perhaps with modifiers
        // (`bounce.delay(0.2)`): its value, read now.
        let value = try expr.evaluate(in: scope)
        guard case .animation(let named) = value else {
            throw AnimationSyntaxError(message: "'\(expr)' is a \(value.typeName), not an animation")
        }
        return try Self.animation(named)
    }

    /// The motion of an animation value (`Value.animation`): its base and modifiers, arguments evaluated.
    static func animation(_ value: AnimationValue) throws -> Animation {
        try build(value.links.map { link in
            (link.name, Arguments(values: (link.arguments ?? []).map { ($0.label, $0.value) }, name: link.name))
        })
    }

    private static func build(_ links: [(name: String, arguments: Arguments)]) throws -> Animation {
        guard let first = links.first else {
            throw AnimationSyntaxError(message: "expected a SwiftUI animation such as .easeInOut(duration: 0.3)")
        }
        var animation = try makeBase(first.name, first.arguments)
        for (name, args) in links.dropFirst() {
            switch name {
            case "delay":
                try args.allow([nil])
                animation = animation.delay(try args.number(at: 0, label: nil))
            case "speed":
                try args.allow([nil])
                animation = animation.speed(try args.number(at: 0, label: nil, min: 1e-6))
            case "repeatCount":
                try args.allow([nil, "autoreverses"])
                let count = try args.number(at: 0, label: nil, min: 1)
                animation = animation.repeatCount(Int(min(count, 1e6)), autoreverses: try args.bool("autoreverses", default: true))
            case "repeatForever":
                try args.allow(["autoreverses"])
                animation = animation.repeatForever(autoreverses: try args.bool("autoreverses", default: true))
            case "logicallyComplete":
                try args.allow(["after"])
                guard args.has("after") else { throw AnimationSyntaxError(message: ".logicallyComplete needs \"after:\"") }
                animation = animation.logicallyComplete(after: try args.number("after", default: 0, min: 0))
            default:
                throw AnimationSyntaxError(message: "unknown modifier .\(name)"
                    + (Suggestion.closest(to: name, in: modifiers).map { "; did you mean .\($0)?" } ?? ""))
            }
        }
        return animation
    }

    private static func makeBase(_ name: String, _ args: Arguments) throws -> Animation {
        func curve(_ c: UnitBezier) throws -> Animation {
            try args.allow(["duration"])
            return Animation(base: .curve(c, duration: try args.number("duration", default: 0.35, min: 0)), modifiers: [])
        }
        switch name {
        case "linear": return try curve(.linear)
        case "easeIn": return try curve(.easeIn)
        case "easeOut": return try curve(.easeOut)
        case "easeInOut": return try curve(.easeInOut)
        case "timingCurve":
            try args.allow([nil, "duration"])
            let c = UnitBezier(try args.number(at: 0, label: nil, min: 0, max: 1), try args.number(at: 1, label: nil),
                               try args.number(at: 2, label: nil, min: 0, max: 1), try args.number(at: 3, label: nil))
            return Animation(base: .curve(c, duration: try args.number("duration", default: 0.35, min: 0)), modifiers: [])
        case "spring":
            // SwiftUI marks spring(response:dampingFraction:blendDuration:) @_disfavoredOverload, so
            // `.spring`, `.spring()` and `.spring(blendDuration:)` are spring(duration: 0.5, bounce: 0).
            if args.has("response") || args.has("dampingFraction") {
                try args.allow(["response", "dampingFraction", "blendDuration"])
                return .spring(Spring(response: try args.number("response", default: 0.5, min: 1e-3),
                                      dampingFraction: try args.number("dampingFraction", default: 0.825, min: 0),
                                      blendDuration: try args.number("blendDuration", default: 0, min: 0)))
            }
            try args.allow(["duration", "bounce", "blendDuration"])
            return .spring(duration: try args.number("duration", default: 0.5, min: 1e-3),
                           bounce: try args.number("bounce", default: 0, min: -1, max: 1),
                           blendDuration: try args.number("blendDuration", default: 0, min: 0))
        case "interactiveSpring":
            // Likewise interactiveSpring(response:dampingFraction:blendDuration:) is disfavoured: without
            // those labels it is interactiveSpring(duration: 0.15, extraBounce: 0, blendDuration: 0.25),
            // spring(duration: duration, bounce: 0.15 + extraBounce).
            if args.has("response") || args.has("dampingFraction") {
                try args.allow(["response", "dampingFraction", "blendDuration"])
                return .spring(.interactive(response: try args.number("response", default: 0.15, min: 1e-3),
                                            dampingFraction: try args.number("dampingFraction", default: 0.86, min: 0),
                                            blendDuration: try args.number("blendDuration", default: 0.25, min: 0)))
            }
            try args.allow(["duration", "extraBounce", "blendDuration"])
            return .interactiveSpring(duration: try args.number("duration", default: 0.15, min: 1e-3),
                                      extraBounce: try args.number("extraBounce", default: 0, min: -1, max: 1),
                                      blendDuration: try args.number("blendDuration", default: 0.25, min: 0))
        case "interpolatingSpring":
            if args.has("mass") || args.has("stiffness") || args.has("damping") {
                try args.allow(["mass", "stiffness", "damping", "initialVelocity"])
                guard args.has("stiffness"), args.has("damping") else {
                    throw AnimationSyntaxError(message: ".interpolatingSpring(mass:stiffness:damping:) needs \"stiffness:\" and \"damping:\"")
                }
                return .interpolatingSpring(mass: try args.number("mass", default: 1, min: 1e-6),
                                            stiffness: try args.number("stiffness", default: 0, min: 1e-6),
                                            damping: try args.number("damping", default: 0, min: 0),
                                            initialVelocity: try args.number("initialVelocity", default: 0))
            }
            try args.allow(["duration", "bounce", "initialVelocity"])
            return .interpolatingSpring(duration: try args.number("duration", default: 0.5, min: 1e-3),
                                        bounce: try args.number("bounce", default: 0, min: -1, max: 1),
                                        initialVelocity: try args.number("initialVelocity", default: 0))
        case "smooth", "snappy", "bouncy":
            try args.allow(["duration", "extraBounce"])
            let bounce: Double = name == "bouncy" ? 0.3 : name == "snappy" ? 0.15 : 0
            return .spring(Spring(duration: try args.number("duration", default: 0.5, min: 1e-3),
                                  bounce: bounce + (try args.number("extraBounce", default: 0, min: -1, max: 1))))
        case "default":
            try args.allow([])
            return .default
        default:
            throw AnimationSyntaxError(message: "unknown animation .\(name)"
                + (Suggestion.closest(to: name, in: bases).map { "; did you mean .\($0)?" } ?? ""))
        }
    }

    /// Evaluated call arguments with checks.
    struct Arguments {
        let values: [(label: String?, value: Value)]
        let name: String

        init(_ arguments: [CallArgument], scope: any Scope, name: String) throws {
            var values: [(label: String?, value: Value)] = []
            for argument in arguments {
                values.append((argument.label, try argument.value.evaluate(in: scope)))
            }
            self.values = values
            self.name = name
        }

        init(values: [(label: String?, value: Value)], name: String) {
            self.values = values
            self.name = name
        }

        func has(_ label: String) -> Bool { values.contains { $0.label == label } }

        func allow(_ labels: [String?]) throws {
            for v in values where !labels.contains(where: { $0 == v.label }) {
                throw AnimationSyntaxError(message: ".\(name) has no argument \(v.label.map { "\"\($0):\"" } ?? "without a label")")
            }
        }

        func number(_ label: String, default fallback: Double, min lo: Double = -.infinity, max hi: Double = .infinity) throws -> Double {
            guard let entry = values.first(where: { $0.label == label }) else { return fallback }
            return try check(entry.value, label, lo, hi)
        }

        func number(at position: Int, label: String?, min lo: Double = -.infinity, max hi: Double = .infinity) throws -> Double {
            let unlabeled = values.filter { $0.label == label }
            guard position < unlabeled.count else {
                throw AnimationSyntaxError(message: ".\(name) needs more arguments")
            }
            return try check(unlabeled[position].value, label ?? "argument \(position + 1)", lo, hi)
        }

        func bool(_ label: String, default fallback: Bool) throws -> Bool {
            guard let entry = values.first(where: { $0.label == label }) else { return fallback }
            guard case .bool(let b) = entry.value else {
                throw AnimationSyntaxError(message: "\"\(label):\" of .\(name) must be true or false")
            }
            return b
        }

        private func check(_ value: Value, _ what: String, _ lo: Double, _ hi: Double) throws -> Double {
            guard case .number(let n) = value, n.isFinite else {
                throw AnimationSyntaxError(message: "\(what) of .\(name) must be a number")
            }
            guard n >= lo, n <= hi else {
                let range = hi == .infinity ? "\(NumberFormat.shortest(lo)) or more"
                    : "from \(NumberFormat.shortest(lo)) to \(NumberFormat.shortest(hi))"
                throw AnimationSyntaxError(message: "\(what) of .\(name) must be \(range), not \(NumberFormat.shortest(n))")
            }
            return n
        }
    }
}

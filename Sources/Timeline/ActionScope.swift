import Expressions
import SceneFormat

/// The names actions can read while the simulator runs them: model values only, never animated ones.
struct ActionScope: Scope {
    let model: ModelState
    let context: InstanceContext
    let time: Double
    let random: RandomSource
    /// The values of the input running the actions: a drag's `location`, `startLocation`, `translation`.
    var inputs: [String: Value] = [:]

    func value(of name: String) -> Value? {
        if let input = inputs[name] { return input }
        // Parameters before state, as views read them (ComposeScope.value(of:)).
        if let (binding, outer) = context.parameter(name) {
            let scope = ActionScope(model: model, context: outer, time: time, random: random, inputs: context.argumentInputs)
            return try? scope.evaluate(binding)
        }
        if let key = context.stateKey(for: name, globals: model.globalNames) { return model.values[key] }
        if name == "time" { return .number(time) }
        return nil
    }

    /// `random(lo, hi)`: a uniform number in lo...hi; `randomInt(lo, hi)`: a whole number in lo...hi,
    /// each equally likely. Both draw from the scene's seeded generator, in the order actions run.
    func callFunction(_ name: String, _ arguments: [Value]) throws -> Value? {
        guard name == "random" || name == "randomInt" else { return nil }
        guard arguments.count == 2, case .number(let lo) = arguments[0], case .number(let hi) = arguments[1],
              lo.isFinite, hi.isFinite else {
            throw ExpressionError("\(name)(lo, hi) takes two numbers", offset: nil)
        }
        guard lo <= hi else {
            throw ExpressionError("\(name)(lo, hi) needs lo <= hi, got \(name)(\(NumberFormat.shortest(lo)), "
                                  + "\(NumberFormat.shortest(hi)))", offset: nil)
        }
        guard name == "randomInt" else { return .number(random.uniform(lo, hi)) }
        guard lo == lo.rounded(), hi == hi.rounded(), hi - lo < 1e15 else {
            throw ExpressionError("randomInt(lo, hi) takes two whole numbers with lo <= hi", offset: nil)
        }
        let choices = hi - lo + 1
        return .number(lo + min(choices - 1, (random.uniform(0, 1) * choices).rounded(.down)))
    }

    var knownNames: [String] {
        Array(inputs.keys) + Array(model.globalNames) + Array(context.stateNames) + (context.component?.parameters.map(\.name) ?? []) + ["time"]
    }

    /// Why a parameter of the component has no value here: its argument (or default) failed where the
    /// caller wrote it, or it has neither (a name of the component's body, not of the scope reading it).
    func whyUnknown(_ name: String) -> String? {
        guard inputs[name] == nil, let component = context.component,
              component.parameters.contains(where: { $0.name == name }) else { return nil }
        guard let (binding, outer) = context.parameter(name) else {
            return "it is a parameter of component \"\(component.name)\", and this use passes no argument for it and it has no default"
        }
        let scope = ActionScope(model: model, context: outer, time: time, random: random, inputs: context.argumentInputs)
        do {
            _ = try scope.evaluate(binding)
            return nil
        } catch {
            let label = "at \(formatTime(time)) s: "
            let message = error.message.hasPrefix(label) ? String(error.message.dropFirst(label.count)) : error.message
            return "it is a parameter of component \"\(component.name)\", and its argument at \(binding.location) "
                + "failed where the use passes it: \(message)"
        }
    }

    /// Evaluates a binding, turning expression errors into scene errors at the binding's path.
    func evaluate(_ binding: Binding) throws(SceneError) -> Value {
        try binding.evaluate(in: self, when: "at \(formatTime(time)) s")
    }
}

/// The model values while the script is simulated.
final class ModelState {
    var values: [StateKey: Value]
    let globalNames: Set<String>

    init(values: [StateKey: Value], globalNames: Set<String>) {
        self.values = values
        self.globalNames = globalNames
    }
}

func formatTime(_ t: Double) -> String {
    let ms = (t * 1000).rounded() / 1000
    return ms == ms.rounded() ? String(Int(ms)) : String(ms)
}

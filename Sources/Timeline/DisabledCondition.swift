import Expressions
import SceneFormat

/// A `.disabled(_:)` condition on a view or one of its ancestors, with the context its names are read in.
/// SwiftUI's `isEnabled` is false below any true one, and a disabled view takes no taps or drags
/// (https://developer.apple.com/documentation/swiftui/view/disabled(_:)).
struct DisabledCondition {
    var binding: Binding
    var context: InstanceContext
}

extension SimulationRun {
    /// Whether any of `conditions` is true over the model at `time` (`inputs`: a `forEach` item's element).
    func isDisabled(_ conditions: [DisabledCondition], at time: Double, inputs: [String: Value] = [:]) throws(SceneError) -> Bool {
        for condition in conditions {
            let scope = ActionScope(model: model, context: condition.context, time: time, random: random, inputs: inputs)
            guard case .bool(let disabled) = try scope.evaluate(condition.binding) else {
                throw SceneError(path: condition.binding.path, location: condition.binding.location,
                                 message: "\"disabled\" needs a true/false value")
            }
            if disabled { return true }
        }
        return false
    }
}

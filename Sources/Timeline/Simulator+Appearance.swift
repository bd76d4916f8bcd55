import Expressions
import SceneFormat

/// A view with `onAppear` or `onDisappear` actions, and the conditions (its own `if` and its ancestors')
/// that decide whether it is there.
struct AppearanceWatcher {
    var onAppear: [Action]
    var onDisappear: [Action]
    var context: InstanceContext
    var conditions: [(binding: Binding, context: InstanceContext)]
}

extension SimulationRun {
    /// Whether every condition of `watcher` holds over the model values at `time`.
    func isPresent(_ watcher: AppearanceWatcher, at time: Double) throws(SceneError) -> Bool {
        for (binding, context) in watcher.conditions {
            let scope = ActionScope(model: model, context: context, time: time, random: random)
            guard case .bool(let yes) = try scope.evaluate(binding) else {
                throw SceneError(path: binding.path, location: binding.location, message: "\"if\" needs a true/false value")
            }
            if !yes { return false }
        }
        return true
    }

    /// Runs `onAppear` of the views there at the start, at 0, before any scripted input.
    mutating func startAppearances() throws(SceneError) {
        for watcher in simulator.appearances {
            let present = try isPresent(watcher, at: 0)
            shown.append(present)
            if present, !watcher.onAppear.isEmpty { schedule(at: 0, .actions(watcher.onAppear, watcher.context)) }
        }
    }

    /// After an event: runs `onAppear` of the views its changes inserted and `onDisappear` of those they
    /// removed, at the same time, after the event (as SwiftUI runs them after the update).
    mutating func updateAppearances(at time: Double) throws(SceneError) {
        for (i, watcher) in simulator.appearances.enumerated() {
            let present = try isPresent(watcher, at: time)
            guard present != shown[i] else { continue }
            shown[i] = present
            let actions = present ? watcher.onAppear : watcher.onDisappear
            if !actions.isEmpty { schedule(at: time, .actions(actions, watcher.context)) }
        }
    }
}

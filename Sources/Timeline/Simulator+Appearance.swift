import Expressions
import SceneFormat

/// A view with `onAppear` or `onDisappear` actions, and the conditions (its own `if` and its ancestors')
/// that decide whether it is there.
struct AppearanceWatcher {
    var onAppear: [Action]
    var onDisappear: [Action]
    var context: InstanceContext
    var conditions: [(binding: Binding, context: InstanceContext)]
    /// For a view inside a `forEach`'s content: the items that each show it (nil: the view is there once).
    var items: ForEachItems? = nil

    /// The context the actions of the instance shown by the item with id `id` (`""`: not in a `forEach`)
    /// run in: in the body of a row with state, that row's own (SwiftUI runs each row's `onAppear` and
    /// `onDisappear` on that row's view, whose `@State` it reads and sets); the instance used in the item's
    /// content, with or without state, evaluates its arguments with the item's element named.
    func context(_ id: String, _ inputs: [String: Value]) -> InstanceContext {
        guard let items else { return context }
        return context.bound(itemID: id, element: inputs).withElement(inputs, under: items.context)
    }
}

/// The items of a `forEach`, as the simulator sees them: the collection over model values.
struct ForEachItems {
    var spec: ForEachSpec
    var context: InstanceContext
}

extension SimulationRun {
    /// Whether every condition of `watcher` holds over the model values at `time`; in the item with id
    /// `itemID`, with its element named, and the conditions in the body of a row with state reading that
    /// row's own state.
    func isPresent(_ watcher: AppearanceWatcher, at time: Double, itemID: String? = nil,
                   inputs: [String: Value] = [:]) throws(SceneError) -> Bool {
        for (binding, outer) in watcher.conditions {
            let context = itemID.map { outer.bound(itemID: $0, element: inputs) } ?? outer
            let scope = ActionScope(model: model, context: context, time: time, random: random, inputs: inputs)
            guard case .bool(let yes) = try scope.evaluate(binding) else {
                throw SceneError(path: binding.path, location: binding.location, message: "\"if\" needs a true/false value")
            }
            if !yes { return false }
        }
        return true
    }

    /// The instances of `watcher` there at `time`: for a view in a `forEach`, each item that shows it, by
    /// id, with the element its actions see; otherwise one instance, `""`, when its conditions hold.
    func presentInstances(_ watcher: AppearanceWatcher, at time: Double) throws(SceneError) -> [(id: String, inputs: [String: Value])] {
        guard let items = watcher.items else {
            return try isPresent(watcher, at: time) ? [("", [:])] : []
        }
        var present: [(id: String, inputs: [String: Value])] = []
        for (id, element) in try elements(items, at: time) {
            let inputs = [items.spec.name: element]
            if try isPresent(watcher, at: time, itemID: id, inputs: inputs) { present.append((id, inputs)) }
        }
        return present
    }

    /// A `forEach`'s elements and their ids over the model values at `time`, as the composer expands them.
    func elements(_ items: ForEachItems, at time: Double) throws(SceneError) -> [(id: String, element: Value)] {
        let scope = ActionScope(model: model, context: items.context, time: time, random: random)
        let label = "at t = \(NumberFormat.shortest(time)) s"
        let values = try items.spec.elements(label: label) { (binding) throws(SceneError) -> Value in try scope.evaluate(binding) }
        var result: [(id: String, element: Value)] = []
        for element in values {
            var id = element.description
            if let idBinding = items.spec.id {
                let inner = ActionScope(model: model, context: items.context, time: time, random: random,
                                        inputs: [items.spec.name: element])
                id = try inner.evaluate(idBinding).description
            }
            result.append((id, element))
        }
        return result
    }

    /// Runs `onAppear` of the views there at the start, at 0, before any scripted input; a view inside a
    /// `forEach` runs it once per item, in the items' order, with the item's element named.
    mutating func startAppearances() throws(SceneError) {
        for watcher in simulator.appearances {
            let present = try presentInstances(watcher, at: 0)
            shown.append(Dictionary(present.map { ($0.id, $0.inputs) }, uniquingKeysWith: { first, _ in first }))
            guard !watcher.onAppear.isEmpty else { continue }
            for instance in present {
                schedule(at: 0, .actions(watcher.onAppear, watcher.context(instance.id, instance.inputs), inputs: instance.inputs))
            }
        }
    }

    /// After an event: runs `onAppear` of the views (and `forEach` items) its changes inserted and
    /// `onDisappear` of those they removed (an item's with the element it had), at the same time, after
    /// the event (as SwiftUI runs them after the update).
    mutating func updateAppearances(at time: Double) throws(SceneError) {
        for (i, watcher) in simulator.appearances.enumerated() {
            let before = shown[i]
            let present = try presentInstances(watcher, at: time)
            let now = Dictionary(present.map { ($0.id, $0.inputs) }, uniquingKeysWith: { first, _ in first })
            guard Set(now.keys) != Set(before.keys) else { continue }
            shown[i] = now
            if !watcher.onDisappear.isEmpty {
                for (id, inputs) in before.sorted(by: { $0.key < $1.key }) where now[id] == nil {
                    schedule(at: time, .actions(watcher.onDisappear, watcher.context(id, inputs), inputs: inputs))
                }
            }
            guard !watcher.onAppear.isEmpty else { continue }
            for instance in present where before[instance.id] == nil {
                schedule(at: time, .actions(watcher.onAppear, watcher.context(instance.id, instance.inputs), inputs: instance.inputs))
            }
        }
    }
}

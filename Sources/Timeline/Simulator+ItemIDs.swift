import Expressions
import SceneFormat

/// A view inside a `forEach`'s content with an id template (`"id": "tab-${option}"`): each item's view is
/// a tap and drag target of its own, found by the id its element gives it when the tap comes or the drag
/// touches down.
struct ItemTarget {
    var id: ItemIDSpec
    var idPrefix: String
    var onTap: [Action]
    var onDrag: DragGestureSpec?
    var context: InstanceContext
    /// The `.disabled` conditions on the view and above it.
    var disabledBy: [DisabledCondition] = []
    /// The `forEach` whose items show the view (set once its content is walked).
    var items: ForEachItems? = nil
}

extension SimulationRun {
    /// The full id of each item's view over the model values at `time`, with the element its actions see.
    /// Two items given one id are an error then: an id names one view.
    /// The context is the item's own: the state of a component instance in the item is the item's (see
    /// `Simulator+ItemState.swift`).
    func itemIDs(_ target: ItemTarget, at time: Double) throws(SceneError) -> [(id: String, inputs: [String: Value], target: ItemTarget)] {
        guard let items = target.items else { return [] }
        var seen: [String: Value] = [:]
        var result: [(id: String, inputs: [String: Value], target: ItemTarget)] = []
        for (itemID, element) in try elements(items, at: time) {
            let inputs = [items.spec.name: element]
            var bound = target
            bound.context = target.context.bound(itemID: itemID, element: inputs)
            for i in bound.disabledBy.indices {
                bound.disabledBy[i].context = bound.disabledBy[i].context.bound(itemID: itemID, element: inputs)
            }
            let scope = ActionScope(model: model, context: bound.context, time: time, random: random, inputs: inputs)
            let value = try scope.evaluate(target.id.template)
            let id: String
            if case .string(let text) = value { id = target.idPrefix + text } else { id = target.idPrefix + value.description }
            if let other = seen[id] {
                throw SceneError(path: target.id.template.path, location: target.id.template.location,
                                 message: "at t = \(NumberFormat.shortest(time)) s: the id \"\(target.id.text)\" is \"\(id)\" for two items "
                                     + "(\(other) and \(element)); each item's id must be its own")
            }
            seen[id] = element
            result.append((id, inputs, bound))
        }
        return result
    }

    /// Checks every item target's ids over the model values at `time` (after each event).
    func checkItemIDs(at time: Double) throws(SceneError) {
        for target in simulator.itemTargets { _ = try itemIDs(target, at: time) }
    }

    /// The items whose view has the id `target` at `time`, each with the element its actions see.
    func items(named target: String, at time: Double, where accepts: (ItemTarget) -> Bool) throws(SceneError)
        -> [(target: ItemTarget, inputs: [String: Value])] {
        var found: [(target: ItemTarget, inputs: [String: Value])] = []
        for item in simulator.itemTargets where accepts(item) && item.id.mayName(target, idPrefix: item.idPrefix) {
            for (id, inputs, bound) in try itemIDs(item, at: time) where id == target { found.append((bound, inputs)) }
        }
        return found
    }

    /// Why no item answers `target` at `time`: the ids the items of its templates have then.
    func noItemMessage(_ target: String, _ input: String, at time: Double, where accepts: (ItemTarget) -> Bool) throws(SceneError) -> String {
        var ids: [String] = []
        for item in simulator.itemTargets where accepts(item) && item.id.mayName(target, idPrefix: item.idPrefix) {
            ids += try itemIDs(item, at: time).map(\.id)
        }
        let list = ids.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ") + (ids.count > 8 ? ", ..." : "")
        return "at t = \(NumberFormat.shortest(time)) s no item has the id \"\(target)\" to \(input)"
            + (ids.isEmpty ? " (there are no items)" : " (the items' ids are \(list))")
    }
}

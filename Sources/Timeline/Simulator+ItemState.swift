import Expressions
import SceneFormat

/// The state of a component instance inside a `forEach` item, kept per item: SwiftUI keeps a view's
/// `@State` with its identity, which a `ForEach` item takes from its id, so each item has its own, created
/// with the declared initial values when the item appears and gone when it leaves; an item that leaves and
/// comes back with the same id starts afresh.
struct ItemState {
    /// The instance's context while the item is not known (`InstanceContext.isItemBound` is false).
    var context: InstanceContext
    var declarations: [StateDeclaration]
    /// The `forEach` whose items hold the instance (set once its content is walked).
    var items: ForEachItems? = nil

    init(context: InstanceContext, declarations: [StateDeclaration]) {
        self.context = context
        self.declarations = declarations
    }
}

extension SimulationRun {
    /// Gives each item that appeared since the last event its instances' state, with their initial values:
    /// new keys the first time an id is seen, a reset (its own transaction, not animated) when an id that
    /// left comes back. The values of an item that left stay in the log for its removal transition to draw,
    /// but its state is gone from then (`Timeline.holds(_:at:)`), as SwiftUI destroys it.
    mutating func updateItemStates(at time: Double) throws(SceneError) {
        if itemStateShown.isEmpty { itemStateShown = Array(repeating: [], count: simulator.itemStates.count) }
        var resetting = false
        for (index, state) in simulator.itemStates.enumerated() {
            guard let items = state.items else { continue }
            var now: Set<String> = []
            for (id, element) in try elements(items, at: time) {
                now.insert(id)
                guard !itemStateShown[index].contains(id) else { continue }
                let context = state.context.bound(itemID: id, element: [items.spec.name: element])
                for declaration in state.declarations {
                    let key = context.prefix + declaration.name
                    itemSpans[key, default: []].append(ItemSpan(start: time))
                    if let current = model.values[key] {
                        guard current != declaration.initial else { continue }
                        if !resetting {
                            transactionToken += 1
                            resetting = true
                        }
                        let source: Binding
                        switch items.spec.source {
                        case .range(let lower, _, _): source = lower
                        case .list(let list): source = list
                        }
                        let binding = Binding(.constant(declaration.initial), path: source.path, location: source.location)
                        try assign(key, declaration.initial, at: time, animation: nil, binding: binding)
                    } else {
                        model.values[key] = declaration.initial
                        itemKeys.append(key)
                        itemInitial[key] = declaration.initial
                    }
                }
            }
            // The items gone drop their state (their values stay in the log for their removal transition).
            for id in itemStateShown[index] where !now.contains(id) {
                let prefix = state.context.bound(itemID: id, element: [:]).prefix
                for declaration in state.declarations {
                    let key = prefix + declaration.name
                    if let last = itemSpans[key]?.indices.last { itemSpans[key]?[last].end = time }
                }
            }
            itemStateShown[index] = now
        }
        if resetting { transactionToken += 1 }
    }
}

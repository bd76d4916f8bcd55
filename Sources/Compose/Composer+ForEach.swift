import DisplayList
import Expressions
import SceneFormat
import Timeline

/// A stack child once `forEach` children are expanded: the view, and for an item coming in or going
/// out, its transition and where it is in it.
struct StackChild {
    var node: Node
    var transition: StackChildren.Transition?
}

/// A stack's children once `forEach` children are expanded: the views, and for items coming in or going
/// out, their transitions.
struct StackChildren {
    /// A transition an item is in, and where it is in it.
    typealias Transition = (spec: TransitionSpec, phase: PresencePhase, location: SourceLocation)

    var nodes: [Node]
    /// Each node's transition; empty when no node is in one.
    var transitions: [Transition?]

    func transition(at index: Int) -> Transition? {
        transitions.isEmpty ? nil : transitions[index]
    }
}

/// `forEach` stack children expanded into one view per element (SwiftUI `ForEach`).
extension Composer {
    /// `children` with each `forEach` replaced by its items, in the collection's order.
    ///
    /// The items are the collection's elements in the snapshot. To find the items leaving, the collection
    /// is also evaluated over model values after each transaction that changed the state it reads, as
    /// presence conditions are: an element whose id appears is inserted through the
    /// transition, animated by that transaction (or by an `.animation(_:value:)` around the `forEach`
    /// whose value changed in it); one whose id goes is removed through it, drawn where it
    /// was until the animation ends but no longer laid out. Items with the same id are the same view: their attributes
    /// animate (a changed element keeps its identity and moves).
    ///
    /// A stack without `forEach` children keeps its array of children as it is, uncopied: stacks are laid
    /// out many times a frame.
    func expandedChildren(_ children: [Node], _ scope: ComposeScope) throws(SceneError) -> StackChildren {
        guard children.contains(where: { $0.forEach != nil }) else { return StackChildren(nodes: children, transitions: []) }
        var result: [StackChild] = []
        for child in children {
            guard let each = child.forEach else {
                result.append(StackChild(node: child))
                continue
            }
            let expanded = try items(of: child, each, scope)
            try scope.work.addItems(expanded.count, at: child.path, location: sourceBinding(each).location,
                                    time: scope.timeLabel)
            result += expanded
        }
        let transitions = result.map(\.transition)
        return StackChildren(nodes: result.map(\.node),
                             transitions: transitions.contains(where: { $0 != nil }) ? transitions : [])
    }

    private func items(of node: Node, _ each: ForEachSpec, _ scope: ComposeScope) throws(SceneError) -> [StackChild] {
        let location = sourceBinding(each).location
        guard let timeline = scope.snapshot.timeline else {
            return try elements(each, scope, model: nil).map { StackChild(node: item(node, each, $0.id, $0.element, location)) }
        }
        let t = scope.snapshot.time
        // Inside a conditional view being removed, only the transactions before its removal count (as for
        // an `if` there: `Composer.presencePhase`); transitions already playing play on.
        let through = scope.removedAt.map { min(t, $0.nextDown) } ?? t
        var names = each.id?.freeVariables ?? []
        switch each.source {
        case .range(let lower, let upper, _): names.formUnion(lower.freeVariables); names.formUnion(upper.freeVariables)
        case .list(let list): names.formUnion(list.freeVariables)
        }
        let keys = scope.modelKeys(names)
        func at(_ time: Double) throws(SceneError) -> [(id: String, element: Value)] {
            try elements(each, scope, model: (timeline, time))
        }
        var bindings: [Binding]
        switch each.source {
        case .range(let lower, let upper, _): bindings = [lower, upper]
        case .list(let list): bindings = [list]
        }
        if let id = each.id { bindings.append(id) }
        // The last transaction that inserted or removed each id, and where a removed one was.
        let plan = HistoryPlans.key("forEach", bindings, keys: keys, scope, globals: globals)
        let (flips, removed) = try scope.presentation.itemFlips(keys, through: through, timeline, plan: plan, at)
        // The items shown are the snapshot's (a transaction's before and after compositions differ here).
        let current = try elements(each, scope, model: nil)
        let shown = Set(current.map(\.id))
        // An item is a conditional view too: an `.animation(_:value:)` around the `forEach` whose value changed
        // in the transaction that inserted or removed it plays its transition (`PresenceAnimations`).
        func presenceKey(_ id: String) -> AttributeKey {
            AttributeKey(uses: scope.uses, path: node.path.appending("id=" + id), name: "presence")
        }
        if scope.attributes.recording {
            for (id, flip) in flips.sorted(by: { $0.key < $1.key }) where flip.time == t {
                scope.attributes.notePresence(presenceKey(id), shown.contains(id), implicit: scope.implicitAnimation)
            }
        }
        func phase(_ id: String) -> PresencePhase? {
            guard let flip = flips[id] else { return nil }
            var animation = flip.animation
            if scope.attributes.isActive,
               let implicit = scope.attributes.presenceAnimation(presenceKey(id), flippedAt: flip.time, now: t) {
                animation = implicit.animation
            }
            guard let animation, !animation.isFinished(at: t - flip.time) else { return nil }
            let fraction = animation.fraction(at: t - flip.time)
            return flip.inserted ? PresencePhase(insertion: 1 - fraction, removal: 0, animation: animation)
                : PresencePhase(insertion: 0, removal: fraction, animation: animation)
        }
        var list: [StackChild] = current.map { entry in
            var child = StackChild(node: item(node, each, entry.id, entry.element, location))
            if let p = phase(entry.id) { child.transition = (each.transition, p, location) }
            return child
        }
        // Removed items still leaving keep their former place in the order (drawn there, not laid out: `StackLayout`).
        for (id, gone) in removed.sorted(by: { ($0.value.index, $0.key) < ($1.value.index, $1.key) }) where !shown.contains(id) {
            guard var p = phase(id), let removal = flips[id]?.time else { continue }
            p.removing = true
            var child = StackChild(node: item(node, each, id, gone.element, location))
            child.node.modifierValues[LeavingState.self] = LeavingState.values(before: removal, scope.snapshot, timeline)
            child.transition = (each.transition, p, location)
            list.insert(child, at: min(gone.index, list.count))
        }
        return list
    }

    private func sourceBinding(_ each: ForEachSpec) -> Binding {
        switch each.source {
        case .range(let lower, _, _): return lower
        case .list(let list): return list
        }
    }

    /// One item: the `forEach` view with the element named, at its own place among view attributes.
    private func item(_ node: Node, _ each: ForEachSpec, _ id: String, _ element: Value, _ location: SourceLocation) -> Node {
        var item = node
        item.forEach = nil
        item.lets = [(each.name, Binding(.constant(element), path: node.path, location: location))] + node.lets
        item.path = node.path.appending("id=" + id)
        item.ownsAttributes = true
        return item
    }

    /// The elements and their ids, evaluated in `scope`, or over the model values right after `model`'s
    /// time when given.
    private func elements(_ each: ForEachSpec, _ scope: ComposeScope,
                          model: (timeline: Timeline, time: Double)?) throws(SceneError) -> [(id: String, element: Value)] {
        let time = scope.snapshot.time
        func label() -> String { "at t = \(time) s" }
        func value(_ binding: Binding, _ names: ComposeScope) throws(SceneError) -> Value {
            guard let model else { return try binding.evaluate(in: names, when: label()) }
            return try binding.evaluate(in: ModelValueScope(base: names, timeline: model.timeline, time: model.time, globals: globals),
                                        when: label())
        }
        let values = try each.elements(label: label()) { (binding) throws(SceneError) -> Value in try value(binding, scope) }
        var result: [(id: String, element: Value)] = []
        var seen: Set<String> = []
        for element in values {
            var id = element.description
            if let idBinding = each.id {
                var inner = scope
                inner.lets[each.name] = element
                id = try value(idBinding, inner).description
            }
            guard seen.insert(id).inserted else {
                let binding = each.id ?? sourceBinding(each)
                throw SceneError(path: binding.path, location: binding.location,
                                 message: "\(label()): two forEach elements have the id \(id); ids must be unique")
            }
            result.append((id, element))
        }
        return result
    }
}

/// The model values a `forEach` item leaving through its removal transition is drawn with: those just
/// before the transaction that removed it. A removed view is drawn as it was when it was removed: its
/// element and everything else it reads (`letters[i]` after `letters` lost an element) keep their values
/// then, not the new state's, where it would read another element or none at all.
enum LeavingState: ModifierValueKey {
    typealias Value = [StateKey: Expressions.Value]

    /// Every variable of `snapshot` as it was just before the changes made at `time`.
    static func values(before time: Double, _ snapshot: StateSnapshot, _ timeline: Timeline) -> Value {
        var values = snapshot.values
        for key in values.keys {
            if let value = timeline.firstChange(key, at: time)?.old ?? timeline.modelValue(key, at: time) { values[key] = value }
        }
        return values
    }

    /// `scope` reading the values `node` leaves with, when it is a leaving item (the time stays the frame's).
    static func scope(_ node: Node, _ scope: ComposeScope) -> ComposeScope {
        guard let values = node.modifierValues[Self.self] else { return scope }
        return scope.reading(StateSnapshot(time: scope.snapshot.time, values: values, timeline: scope.snapshot.timeline))
    }
}

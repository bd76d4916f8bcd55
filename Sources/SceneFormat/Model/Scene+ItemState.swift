/// Components with state inside `forEach` items: SwiftUI keeps each item's `@State` with the item's
/// identity, so the state of an instance inside an item is keyed by the item's id (see `InstanceContext`).
extension Scene {
    /// `component` if it has state, else the first component with state used in its body (through the
    /// components those use), else nil.
    public func statefulComponent(_ component: Component) -> String? {
        var seen: Set<String> = []
        func search(_ component: Component) -> String? {
            guard seen.insert(component.name).inserted else { return nil }
            if !component.state.isEmpty { return component.name }
            var found: String?
            _ = component.body.contains { node in
                guard found == nil, case .instance(let instance) = node.kind,
                      let used = components[instance.component] else { return false }
                found = search(used)
                return found != nil
            }
            return found
        }
        return search(component)
    }
}

import Expressions

/// View slots: what a `use` passes, and where a body places them.
extension SceneValidator {
    /// The views a `use` passes: each for a slot the component declares, every declared slot given one;
    /// the views are checked with the caller's names, as a SwiftUI content closure sees them.
    mutating func checkSlotViews(_ instance: InstanceSpec, _ component: Component, node: Node, _ context: Context,
                                 ids: inout Set<String>, idPrefix: String) throws(SceneError) {
        for (slot, view) in instance.views.sorted(by: { $0.key < $1.key }) {
            guard component.viewSlots.contains(slot) else {
                var message = "component \"\(component.name)\" has no view slot \"\(slot)\""
                if let near = Suggestion.closest(to: slot, in: component.viewSlots) { message += "; did you mean \"\(near)\"?" }
                else if component.viewSlots.isEmpty { message += "; declare it in the component: \"views\": [\"\(slot)\"]" }
                throw SceneError(path: node.path.appending("views").appending(slot), message: message)
            }
            try checkSlotGeometry(view, slot: slot, component, context)
            try check(view, context, ids: &ids, idPrefix: idPrefix)
        }
        for slot in component.viewSlots where instance.views[slot] == nil {
            throw SceneError(path: node.path, message: "component \"\(component.name)\" needs a view for its slot \"\(slot)\": "
                             + "\"views\": {\"\(slot)\": {...}}")
        }
    }

    /// A `{"slot": name}` in a component's body: a slot the component declares.
    func checkSlot(_ name: String, at location: SourceLocation, node: Node, _ context: Context) throws(SceneError) {
        let path = node.path.appending("slot")
        guard let owner = context.componentStack.last, let component = scene.components[owner] else {
            throw SceneError(path: path, location: location,
                             message: "a slot places the views a component's use passes; it belongs in a component's body")
        }
        guard component.viewSlots.contains(name) else {
            var message = "the slot \"\(name)\" is not declared"
            if let near = Suggestion.closest(to: name, in: component.viewSlots) { message += "; did you mean \"\(near)\"?" }
            else { message += ": add \"views\": [\"\(name)\"] to the component \"\(owner)\"" }
            throw SceneError(path: path, location: location, message: message)
        }
    }
}

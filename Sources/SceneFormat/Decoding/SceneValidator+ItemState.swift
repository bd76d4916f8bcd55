import Expressions

/// What the body of a component with state used as a `forEach` item (a row with its own `@State`) can hold.
extension SceneValidator {
    /// `onAppear`, `onDisappear` and `phaseAnimator` in a row's body run per row, on the row's own state
    /// (`Simulator+Appearance.swift`, `Simulator+Phases.swift`); inside a `forEach` nested in the row's
    /// body, each inner item's would need the pair of ids: refused there, with where to put them instead.
    func checkItemStateHandlers(_ node: Node, _ context: Context) throws(SceneError) {
        guard context.inItemState, context.inNestedForEach else { return }
        if let animator = node.phaseAnimator {
            throw SceneError(path: animator.path, location: animator.location,
                             message: "\"phaseAnimator\" inside a forEach in the body of a component with state used as a forEach item "
                                + "is not supported; put it on the stack that holds the forEach in the row's body (one animator per row)")
        }
        if !node.onAppear.isEmpty || !node.onDisappear.isEmpty {
            let (what, handler) = !node.onAppear.isEmpty ? ("onAppear", node.modifierValues[OnAppearModifier.self])
                : ("onDisappear", node.modifierValues[OnDisappearModifier.self])
            throw SceneError(path: node.path.appending(what), location: handler?.location,
                             message: "\"\(what)\" inside a forEach in the body of a component with state used as a forEach item "
                                + "is not supported; put it on the stack that holds the forEach in the row's body (it runs once per row)")
        }
    }
}

import Expressions

/// What the body of a component with state used as a `forEach` item (a row with its own `@State`) can hold.
extension SceneValidator {
    /// Refuses in a row's body what cannot run per row: a `phaseAnimator` (its phase would be one for every
    /// row), and `onAppear` or `onDisappear` inside a `forEach` nested in the row's body (each inner item's
    /// actions would need the pair of ids). `onAppear` and `onDisappear` elsewhere in the body run per row,
    /// on the row's own state (`Simulator+Appearance.swift`).
    func checkItemStateHandlers(_ node: Node, _ context: Context) throws(SceneError) {
        guard context.inItemState else { return }
        if let animator = node.phaseAnimator {
            throw SceneError(path: animator.path, location: animator.location,
                             message: "\"phaseAnimator\" in the body of a component with state used as a forEach item is not supported; "
                                + "put it on the component's use in the forEach's content ({\"use\": ..., \"phaseAnimator\": ...}), "
                                + "or keep the values it steps in the row's state and step them with \"after\" actions")
        }
        if context.inNestedForEach, !node.onAppear.isEmpty || !node.onDisappear.isEmpty {
            let what = !node.onAppear.isEmpty ? "onAppear" : "onDisappear"
            throw SceneError(path: node.path.appending(what), location: node.appearanceLocation,
                             message: "\"\(what)\" inside a forEach in the body of a component with state used as a forEach item "
                                + "is not supported; put it on the forEach's view in the row's body (it runs once per row)")
        }
    }
}

/// `onGeometryChange` on a view inside `forEach` content: SwiftUI makes each item a view of its own, so
/// the simulator runs one modifier per item, by the item's id (`GeometryChangeSpec.itemKey`). What needs
/// a pair of ids, or a view repeated by a `forEach` it was not written in, is refused.
extension SceneValidator {
    /// A view's `onGeometryChange` inside a `forEach` nested in another (counting through component bodies).
    func checkItemGeometry(_ node: Node, _ context: Context) throws(SceneError) {
        guard let geometry = node.onGeometryChange, context.forEachLevels > 1 else { return }
        throw SceneError(path: geometry.path, location: geometry.of.location,
                         message: "\"onGeometryChange\" inside a forEach nested in another is not supported; put it on a view "
                            + "of the outer item around the inner forEach (it runs once per outer item), or outside both")
    }

    /// The views a use passes for `slot`, when the component's body places the slot inside a `forEach`:
    /// each of that `forEach`'s items would show them, in the caller's scope, which has no item.
    func checkSlotGeometry(_ view: Node, slot: String, _ component: Component, _ context: Context) throws(SceneError) {
        guard Self.places(slot, inForEach: component.body, around: false) else { return }
        var found: GeometryChangeSpec?
        _ = view.contains { node in
            if found == nil { found = node.onGeometryChange }
            return found != nil
        }
        guard let geometry = found else { return }
        throw SceneError(path: geometry.path, location: geometry.of.location,
                         message: "\"onGeometryChange\" in a view passed for the slot \"\(slot)\", which component \"\(component.name)\" "
                            + "places inside a forEach, is not supported; put it on a view in the component's forEach content")
    }

    /// Whether `node` places the slot `slot` inside `forEach` content (`around`: inside one already).
    private static func places(_ slot: String, inForEach node: Node, around: Bool) -> Bool {
        let inside = around || node.forEach != nil
        if case .slot(let name, _) = node.kind, name == slot { return inside }
        return node.subviews.contains { places(slot, inForEach: $0, around: inside) }
    }
}

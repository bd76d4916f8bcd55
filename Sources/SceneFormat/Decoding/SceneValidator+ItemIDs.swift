import Expressions

/// Ids of `forEach` items (`"id": "tab-${option}"`): where they may stand and what they read.
extension SceneValidator {
    mutating func checkItemID(_ node: Node, _ context: Context, idPrefix: String) throws(SceneError) {
        guard let itemID = node.itemID else { return }
        func refuse(_ message: String) -> SceneError {
            SceneError(path: node.path.appending("id"), location: itemID.template.location, message: message)
        }
        guard context.inForEach else {
            throw refuse("an id with ${...} names each item of a forEach; outside a forEach's content write a plain id")
        }
        guard !context.inNestedForEach else {
            throw refuse("an item id inside a forEach nested in another is not supported; give the outer forEach's items the ids")
        }
        if case .instance = node.kind {
            throw refuse("an item id on a component instance is not supported; put it on a zstack around the instance, with the onTap")
        }
        try names(itemID.template, context)
        if !node.onTap.isEmpty { itemTappable.append((idPrefix, itemID)) }
        if node.onDrag != nil { itemDraggable.append((idPrefix, itemID)) }
    }
}

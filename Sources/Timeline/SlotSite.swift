import SceneFormat

/// Where a component's use passed views for its view slots: the views, and the context, id prefix and
/// attribute keys of the place they were written, which they keep inside the component's body.
final class SlotSite {
    let views: [String: Node]
    let context: InstanceContext
    let idPrefix: String
    let uses: [JSONPath]
    let inForEach: Bool
    /// The slots of the body the use stands in (a component passing its own slot on).
    let callerSlots: SlotSite?
    /// The `forEach` whose item the use stands in, if any (see `InstanceContext.ItemPlace`).
    let itemForEach: JSONPath?

    init(views: [String: Node], context: InstanceContext, idPrefix: String, uses: [JSONPath], inForEach: Bool,
         callerSlots: SlotSite?, itemForEach: JSONPath? = nil) {
        self.itemForEach = itemForEach
        self.views = views
        self.context = context
        self.idPrefix = idPrefix
        self.uses = uses
        self.inForEach = inForEach
        self.callerSlots = callerSlots
    }
}

import DisplayList
import Geometry
import SceneFormat

/// `render inspect`: what each view with an id shows.
extension Composer {
    /// The full id `render inspect` lists a view under: its id, or inside a `forEach`'s content the id its
    /// item's element gives (`"tab-${option}"` -> `tab-Settings`).
    func inspectedID(_ node: Node, _ scope: ComposeScope) throws(SceneError) -> String? {
        if let id = node.id { return scope.context.idPrefix + id }
        guard let itemID = node.itemID else { return nil }
        return scope.context.idPrefix + (try scope.string(itemID.template))
    }

    /// Notes a text view's string, reported with the rest of its view.
    func inspectText(_ id: String, _ text: String, _ scope: ComposeScope) {
        scope.attributes.noteText(id, text)
    }

    /// Reports a view with an id: its effects as drawn, its frame, and its colours where it sets them.
    func inspectEffects(_ id: String, _ node: Node, rotation: Double, scale: [Double], offset: [Double], opacity: Double,
                        frame: Rect, rotation3D: [Double]?, env: LayoutEnvironment, _ scope: ComposeScope) throws(SceneError) {
        var view = InspectedView()
        view.rotation = rotation
        view.rotation3D = rotation3D
        view.scale = (scale[0], scale[1])
        view.offset = (offset[0], offset[1])
        view.opacity = opacity
        view.frame = frame
        if node.style.foregroundColor != nil { view.foregroundColor = env.foreground }
        if let timeline = node.timelineView { view.timelineDate = try timelineDate(timeline, scope) }
        if case .control(let control) = node.kind { view.control = control.name }
        if case .shape(let shape) = node.kind {
            switch shape.fill {
            case .color(let binding)?: view.fill = scope.animated(node, "fill", Self.color(try scope.color(binding)))
            case .foreground?: view.fill = env.foreground
            default: break
            }
        }
        scope.attributes.inspect(id, view)
    }
}

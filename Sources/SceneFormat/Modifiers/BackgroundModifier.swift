/// `"background": "red"` or `{view}` (SwiftUI `.background(Color)`, `.background { view }`): drawn behind
/// the view, sized to it.
enum BackgroundModifier: ModifierUnit {
    static let key = "background"

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        guard let reader = object[key] else { return }
        if case .string = reader.value.kind {
            // `.background(Color)`: a rectangle filled with the colour.
            let fill = PaintSpec.color(try BindingDecoder.color(reader))
            node.background = [Node.empty(.shape(ShapeSpec(geometry: .rectangle, fill: fill, stroke: nil)), path: reader.path)]
        } else {
            node.background = [try NodeDecoder.decode(reader, depth: depth + 1)]
        }
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(views: node.background) }
}

/// `"clipped": true` (SwiftUI `.clipped()`): the view is cut to its frame.
enum ClippedModifier: ModifierUnit {
    static let key = "clipped"

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        node.clipping.clipped = try object[key].map(BindingDecoder.bool)
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(bindings: [node.clipping.clipped]) }
}

/// `"clipped": true` (SwiftUI `.clipped()`): the view is cut to its frame.
enum ClippedModifier: ModifierUnit, ModifierValueKey {
    typealias Value = Binding
    static let key = "clipped"

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        node.modifierValues[Self.self] = try object[key].map(BindingDecoder.bool)
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(bindings: [node.modifierValues[Self.self]]) }
}

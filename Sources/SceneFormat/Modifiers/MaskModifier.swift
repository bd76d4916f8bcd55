/// `"mask": {view}` (SwiftUI `.mask { view }`): the view shows where the mask is opaque.
enum MaskModifier: ModifierUnit, ModifierValueKey {
    typealias Value = Node
    static let key = "mask"

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        if let reader = object[key] { node.modifierValues[Self.self] = try NodeDecoder.decode(reader, depth: depth + 1) }
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(views: node.modifierValues[Self.self].map { [$0] } ?? []) }
}

/// `"onDisappear": [actions]` (SwiftUI `.onDisappear { }`): run at the removal of a conditional view.
enum OnDisappearModifier: ModifierUnit {
    static let key = "onDisappear"
    static let placement = ModifierPlacement.handler

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        if let reader = object[key] {
            node.onDisappear += try ActionDecoder.list(reader)
            node.appearanceLocation = node.appearanceLocation ?? reader.value.location
        }
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(actions: [(node.onDisappear, [])]) }
}

/// `"rotation": degrees` with an optional `"anchor"` (SwiftUI `.rotationEffect(.degrees(...), anchor:)`),
/// positive clockwise on screen.
enum RotationModifier: ModifierUnit {
    static let key = "rotation"
    static let companionKeys = ["anchor"]
    static let swiftUINames = ["rotationEffect": "write \"rotation\": degrees (positive clockwise on screen)"]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        node.effects.rotation = try object[key].map(BindingDecoder.number)
        try AnchorKey.decode(object, into: &node)
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(bindings: [node.effects.rotation]) }
}

/// `"anchor"`: the unit point rotation and scale are about, a name (`"topLeading"`) or `[x, y]`.
enum AnchorKey {
    static func decode(_ object: ObjectReader, into node: inout Node) throws(SceneError) {
        guard let anchor = object["anchor"] else { return }
        if case .array = anchor.value.kind {
            let xy = try anchor.array()
            guard xy.count == 2 else { throw anchor.error("an anchor is a unit point name or [x, y]") }
            node.effects.anchor = (try xy[0].number(), try xy[1].number())
        } else {
            let name = try anchor.choice(NodeDecoder.unitPointNames.sorted())
            node.effects.anchor = NodeDecoder.unitPoints[name] ?? (0.5, 0.5)
        }
    }
}

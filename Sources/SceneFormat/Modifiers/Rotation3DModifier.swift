/// `"rotation3D": {"angle", "axis", "anchor", "anchorZ", "perspective"}` (SwiftUI `.rotation3DEffect`).
enum Rotation3DModifier: ModifierUnit {
    static let key = "rotation3D"
    static let swiftUINames = [
        "rotation3DEffect": "did you mean \"rotation3D\"? write \"rotation3D\": {\"angle\": 45, \"axis\": [0, 1, 0]} "
            + "(anchor, anchorZ and perspective as in SwiftUI)",
    ]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        node.effects.rotation3D = try object[key].map(NodeDecoder.decodeRotation3D)
    }

    static func uses(in node: Node) -> ModifierUses {
        guard let r = node.effects.rotation3D else { return ModifierUses() }
        return ModifierUses(bindings: [r.angle, r.anchorZ, r.perspective] + r.axis.map { Optional($0) })
    }
}

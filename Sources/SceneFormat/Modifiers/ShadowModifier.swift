/// `"shadow": {"color", "radius", "x", "y"}` (SwiftUI `.shadow(color:radius:x:y:)`).
enum ShadowModifier: ModifierUnit {
    static let key = "shadow"

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        guard let reader = object[key] else { return }
        let s = try reader.object(allowing: ["color", "radius", "x", "y"])
        node.effects.shadow = ShadowSpec(color: try s["color"].map(BindingDecoder.color),
                                         radius: try BindingDecoder.number(s.required("radius")),
                                         x: try s["x"].map(BindingDecoder.number), y: try s["y"].map(BindingDecoder.number))
    }

    static func uses(in node: Node) -> ModifierUses {
        guard let s = node.effects.shadow else { return ModifierUses() }
        return ModifierUses(bindings: [s.color, s.radius, s.x, s.y])
    }
}

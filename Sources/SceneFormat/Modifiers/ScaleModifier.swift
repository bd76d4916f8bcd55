/// `"scale": 1.2` or `{"x", "y"}` with an optional `"anchor"` (SwiftUI `.scaleEffect(_:anchor:)`).
enum ScaleModifier: ModifierUnit {
    static let key = "scale"
    static let companionKeys = ["anchor"]
    static let swiftUINames = ["scaleEffect": "write \"scale\": 1.2 or {\"x\": 1, \"y\": 0.5}"]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        if let scale = object[key] {
            if case .object = scale.value.kind {
                let xy = try scale.object(allowing: ["x", "y"])
                node.effects.scaleX = try xy["x"].map(BindingDecoder.number)
                node.effects.scaleY = try xy["y"].map(BindingDecoder.number)
            } else {
                let s = try BindingDecoder.number(scale)
                node.effects.scaleX = s
                node.effects.scaleY = s
            }
        }
        try AnchorKey.decode(object, into: &node)
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(bindings: [node.effects.scaleX, node.effects.scaleY]) }
}

/// `"blur": 4` (SwiftUI `.blur(radius: 4)`): a Gaussian blur whose standard deviation is the radius, in points.
enum BlurModifier: ModifierUnit {
    static let key = "blur"

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        node.effects.blur = try object[key].map(BindingDecoder.number)
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(bindings: [node.effects.blur]) }
}

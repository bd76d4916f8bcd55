/// `"brightness"`: added to each colour channel, -1 to 1 (.brightness(_:)). A colour effect: it applies to the view as drawn, with its background, clip, mask,
/// transform and opacity, and it animates.
enum BrightnessModifier: ModifierUnit, ModifierValueKey {
    typealias Value = Binding
    static let key = "brightness"

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        node.modifierValues[Self.self] = try object[key].map(BindingDecoder.number)
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(bindings: [node.modifierValues[Self.self]]) }
}

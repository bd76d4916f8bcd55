/// `"brightness"`: added to each colour channel, -1 to 1 (.brightness(_:)). A colour effect: it applies to the view as drawn, with its background, clip, mask,
/// transform and opacity, and it animates.
enum BrightnessModifier: ModifierUnit {
    static let key = "brightness"

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        node.colorEffects.brightness = try object[key].map(BindingDecoder.number)
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(bindings: [node.colorEffects.brightness]) }
}

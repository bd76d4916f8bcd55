/// `"animation": {"curve": ".spring()", "value": "isOn"}` (SwiftUI `.animation(_:value:)`); `"curve": null`
/// is `.animation(nil, value:)`.
public enum AnimationModifier: ModifierUnit, ModifierValueKey {
    public typealias Value = ImplicitAnimationSpec
    static let key = "animation"
    static let swiftUINames = [
        "transaction": "give the change its animation in the action (\"animation\" beside \"set\") or use "
            + "\"animation\": {\"curve\", \"value\"}",
    ]
    static let swiftSourceHints = [
        "transaction": "give the change its animation where it is made, withAnimation(.easeInOut) { ... }, or animate the "
            + "view's changes of a value with .animation(.easeInOut, value: x)",
    ]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        node.modifierValues[Self.self] = try object[key].map(NodeDecoder.decodeImplicitAnimation)
    }

    static func uses(in node: Node) -> ModifierUses {
        guard let animation = node.implicitAnimation else { return ModifierUses() }
        return ModifierUses(bindings: [animation.value] + (animation.curve?.bindings ?? []))
    }
}

extension Node {
    /// The view's `.animation(_:value:)`, if it has one.
    public var implicitAnimation: ImplicitAnimationSpec? { modifierValues[AnimationModifier.self] }
}

/// `"keyframeAnimator": {...}` (SwiftUI `.keyframeAnimator(initialValue:trigger:content:keyframes:)`): a value
/// keyframes move over time, read by the view's own keys.
enum KeyframeAnimatorModifier: ModifierUnit, ModifierValueKey {
    typealias Value = KeyframeAnimatorSpec
    static let key = "keyframeAnimator"
    static let placement = ModifierPlacement.viewOnly("its value is read by the view's own keys, as the content closure reads it")

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        node.modifierValues[Self.self] = try object[key].map(NodeDecoder.decodeKeyframeAnimator)
    }
}

extension Node {
    /// The view's `.keyframeAnimator(initialValue:...)`, if it has one: a value keyframes move over time, read by
    /// the view's bindings.
    public var keyframeAnimator: KeyframeAnimatorSpec? { modifierValues[KeyframeAnimatorModifier.self] }
}

/// `"keyframeAnimator": {...}` (SwiftUI `.keyframeAnimator(initialValue:trigger:content:keyframes:)`): a value
/// keyframes move over time, read by the view's own keys.
enum KeyframeAnimatorModifier: ModifierUnit {
    static let key = "keyframeAnimator"
    static let placement = ModifierPlacement.viewOnly("its value is read by the view's own keys, as the content closure reads it")

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        node.keyframeAnimator = try object[key].map(NodeDecoder.decodeKeyframeAnimator)
    }
}

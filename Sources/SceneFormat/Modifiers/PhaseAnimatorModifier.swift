/// `"phaseAnimator": {...}` (SwiftUI `.phaseAnimator(_:trigger:content:animation:)`): the phase, stepped by
/// transactions, read by the view's own keys.
enum PhaseAnimatorModifier: ModifierUnit {
    static let key = "phaseAnimator"
    static let placement = ModifierPlacement.viewOnly("its phase is read by the view's own keys, as the content closure reads it")

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        node.phaseAnimator = try object[key].map(NodeDecoder.decodePhaseAnimator)
    }
}

/// `"phaseAnimator": {...}` (SwiftUI `.phaseAnimator(_:trigger:content:animation:)`): the phase, stepped by
/// transactions, read by the view's own keys.
enum PhaseAnimatorModifier: ModifierUnit, ModifierValueKey {
    typealias Value = PhaseAnimatorSpec
    static let key = "phaseAnimator"
    static let placement = ModifierPlacement.viewOnly("its phase is read by the view's own keys, as the content closure reads it")

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        node.modifierValues[Self.self] = try object[key].map(NodeDecoder.decodePhaseAnimator)
    }
}

extension Node {
    /// The view's `.phaseAnimator(phases, trigger:) { content } animation: { }`, if it has one: the phase,
    /// stepped by transactions.
    public var phaseAnimator: PhaseAnimatorSpec? { modifierValues[PhaseAnimatorModifier.self] }
}

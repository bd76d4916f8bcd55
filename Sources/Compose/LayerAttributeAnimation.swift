import Timeline

/// A Core Animation animation as it acts on one view attribute: while it is active the attribute shows
/// the animation's value instead of its model value (the presentation layer's property; the model is
/// unchanged), and once it is removed the model value shows again.
///
/// The attribute's values at the animation's `fromValue`, `toValue` (or each keyframe value) are resolved
/// once, when the animation is added; in between the attribute moves along the animation's progress (its
/// timing function, spring or keyframe pacing), as the layer property does.
///
/// A colour moves in its `CGColor` components, the gamma-encoded sRGB values (Core Animation "will
/// interpolate between the fromValue color and the toValue color", component by component, and an
/// additive animation adds its components to "the current render tree value", CABasicAnimation and
/// CAPropertyAnimation.isAdditive), not in the linear sRGB that SwiftUI's `Color.Resolved` animates in; so
/// a plain animation and the same change written as an additive one show the same colour.
struct LayerAttributeAnimation: Sendable {
    let key: AttributeKey
    let animation: LayerAnimation
    /// The attribute at each of the animation's values (from and to, or every keyframe value), in the
    /// space it moves in (a colour's encoded components).
    let values: [[Double]]
    /// Whether the attribute is a colour: its values are kept encoded, and each value is turned back into
    /// the linear components attributes carry.
    let isColor: Bool
    let keyframes: LayerKeyframes?
    /// The animations on the same variable added after this one that act on state (additive ones, paths):
    /// while one of them runs it adds onto this one's value through the variable (`Timeline.viewValue`),
    /// so the attribute does not show this one's value over it.
    let coveredBy: [LayerAnimation]
    /// The components the animation moves (those that differ from the model value at one of its values):
    /// the others keep their own value, so animations on two variables that feed one attribute (x and y
    /// of one offset, width and height of one frame) each move their own components.
    let moves: [Bool]

    init(key: AttributeKey, animation: LayerAnimation, values: [[Double]], model: [Double], isColor: Bool = false,
         coveredBy: [LayerAnimation] = []) {
        self.key = key
        self.animation = animation
        self.isColor = isColor && model.count == 4
        self.coveredBy = coveredBy
        moves = model.indices.map { c in values.contains { $0[c] != model[c] } }
        let moving = self.isColor ? values.map(Self.encoded) : values
        self.values = moving
        keyframes = animation.keyframes?.carrying(moving)
    }

    /// Linear sRGB components and opacity -> encoded sRGB components and opacity.
    private static func encoded(_ v: [Double]) -> [Double] {
        [LinearColor.fromLinear(v[0]), LinearColor.fromLinear(v[1]), LinearColor.fromLinear(v[2]), v[3]]
    }

    private static func linear(_ v: [Double]) -> [Double] {
        [LinearColor.toLinear(v[0]), LinearColor.toLinear(v[1]), LinearColor.toLinear(v[2]), v[3]]
    }

    /// Whether the attribute shows this animation's value at `t`: it is active and no animation covers it.
    func shows(at t: Double) -> Bool {
        animation.isActive(at: t) && !coveredBy.contains { $0.isActive(at: t) }
    }

    /// The attribute's value at `t` (the animation being active then).
    func value(at t: Double) -> [Double] {
        let moved = moving(at: t)
        return isColor && moved.count == 4 ? Self.linear(moved) : moved
    }

    private func moving(at t: Double) -> [Double] {
        let progress = animation.progress(at: t)
        if let keyframes { return keyframes.components(at: progress) }
        guard let a = values.first, let b = values.last, a.count == b.count else { return values.last ?? [] }
        return zip(a, b).map { $0 + ($1 - $0) * progress }
    }
}

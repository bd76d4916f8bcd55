import Timeline

/// A Core Animation animation as it acts on one view attribute: while it is active the attribute shows
/// the animation's value instead of its model value (the presentation layer's property; the model is
/// unchanged), and once it is removed the model value shows again.
///
/// The attribute's values at the animation's `fromValue`, `toValue` (or each keyframe value) are resolved
/// once, when the animation is added; in between the attribute moves along the animation's progress (its
/// timing function, spring or keyframe pacing), as the layer property does.
struct LayerAttributeAnimation: Sendable {
    let key: AttributeKey
    let animation: LayerAnimation
    /// The attribute at each of the animation's values (from and to, or every keyframe value).
    let values: [[Double]]
    let keyframes: LayerKeyframes?
    /// The animations on the same variable added after this one that act on state (additive ones, paths):
    /// while one of them runs it adds onto this one's value through the variable (`Timeline.viewValue`),
    /// so the attribute does not show this one's value over it.
    let coveredBy: [LayerAnimation]
    /// The components the animation moves (those that differ from the model value at one of its values):
    /// the others keep their own value, so animations on two variables that feed one attribute (x and y
    /// of one offset, width and height of one frame) each move their own components.
    let moves: [Bool]

    init(key: AttributeKey, animation: LayerAnimation, values: [[Double]], model: [Double], coveredBy: [LayerAnimation] = []) {
        self.key = key
        self.animation = animation
        self.values = values
        self.coveredBy = coveredBy
        moves = model.indices.map { c in values.contains { $0[c] != model[c] } }
        keyframes = animation.keyframes?.carrying(values)
    }

    /// Whether the attribute shows this animation's value at `t`: it is active and no animation covers it.
    func shows(at t: Double) -> Bool {
        animation.isActive(at: t) && !coveredBy.contains { $0.isActive(at: t) }
    }

    /// The attribute's value at `t` (the animation being active then).
    func value(at t: Double) -> [Double] {
        let progress = animation.progress(at: t)
        if let keyframes { return keyframes.components(at: progress) }
        guard let a = values.first, let b = values.last, a.count == b.count else { return values.last ?? [] }
        return zip(a, b).map { $0 + ($1 - $0) * progress }
    }
}

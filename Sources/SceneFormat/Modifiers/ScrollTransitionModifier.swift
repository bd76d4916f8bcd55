/// `"scrollTransition": {"opacity": "phase.isIdentity ? 1 : 0.3", "scale": "1 - abs(phase.value) * 0.25"}`
/// (SwiftUI `.scrollTransition(_:axis:transition:)`): visual effects of a view inside a `scrollView`, as a
/// function of its phase: `topLeading` (`phase.value` -1) before it has come fully into the scroll view at
/// the top, `identity` (0, `phase.isIdentity`) while it is in, `bottomTrailing` (1) at the bottom.
///
/// SwiftUI calls the transition with the three phases and blends the effects it returns
/// (`ScrollTransitionPhase` has only those cases): with the default `interactive` configuration, by how far
/// the view has travelled from just hidden at the edge (the phase's effect) to the threshold (the identity
/// effect), paced by the timing curve ("time zero corresponds to the view being just hidden, and time 1.0
/// corresponds to the point at which the view reaches the configuration threshold",
/// `ScrollTransitionConfiguration.interactive(timingCurve:)`; default `.easeInOut`). The threshold is
/// `visible` (wholly inside) by default, `visible(amount)` (that share of the view inside), `hidden`, or
/// `centered`. The effects are visual only: layout is unchanged, as SwiftUI's `VisualEffect`.
///
/// `.animated` (the phase switched at the threshold and animated over time) is refused: the format plans
/// animations from the script's transactions, and a scroll position crossing a threshold is none.
public enum ScrollTransitionModifier: ModifierUnit, ModifierValueKey {
    public typealias Value = ScrollTransitionSpec
    static let key = "scrollTransition"

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        guard let reader = object[key] else { return }
        let o = try reader.object(allowing: ScrollTransitionSpec.effectKeys + ["configuration", "threshold", "timingCurve"])
        var spec = ScrollTransitionSpec()
        if let r = o["opacity"] { spec.opacity = try BindingDecoder.number(r) }
        if let r = o["scale"] { spec.scale = try BindingDecoder.number(r) }
        if let r = o["rotation"] { spec.rotation = try BindingDecoder.number(r) }
        if let r = o["blur"] { spec.blur = try BindingDecoder.number(r) }
        if let r = o["offset"] {
            let offset = try r.object(allowing: ["x", "y"])
            spec.offsetX = try offset["x"].map(BindingDecoder.number)
            spec.offsetY = try offset["y"].map(BindingDecoder.number)
        }
        guard spec.bindings.contains(where: { $0 != nil }) else {
            throw reader.error("\"scrollTransition\" needs an effect: one of " + ScrollTransitionSpec.effectKeys.joined(separator: ", "))
        }
        if let r = o["configuration"] {
            switch try r.choice(["interactive", "identity", "animated"]) {
            case "identity": spec.isIdentity = true
            case "animated":
                throw r.error("\"animated\" is not in the format: the phase would switch when the scroll position "
                              + "crosses the threshold and animate over time, which the script's transactions do not "
                              + "plan; write \"interactive\" (the effect follows the scroll position)")
            default: break
            }
        }
        if let r = o["timingCurve"] { spec.timingCurve = try CurveName.decode(r, among: [.linear, .easeIn, .easeOut, .easeInOut]) }
        if let r = o["threshold"] { spec.threshold = try ScrollTransitionSpec.Threshold.decode(r) }
        node.modifierValues[Self.self] = spec
    }

    static func uses(in node: Node) -> ModifierUses {
        var uses = ModifierUses()
        for binding in node.modifierValues[Self.self]?.bindings ?? [] { uses.scopedBindings.append((binding, ["phase"])) }
        return uses
    }
}

/// A `scrollTransition`'s effects (expressions of `phase`) and configuration.
public struct ScrollTransitionSpec: Sendable {
    /// Where a view counts as fully in the scroll view (`ScrollTransitionConfiguration.Threshold`).
    public enum Threshold: Sendable, Equatable {
        /// This share of the view's length inside the scroll view (`visible` is 1, `hidden` 0).
        case visible(Double)
        /// The view's centre at the scroll view's centre.
        case centered

        static func decode(_ reader: JSONReader) throws(SceneError) -> Threshold {
            if case .number = reader.value.kind { return .visible(try reader.number(in: 0...1)) }
            switch try reader.choice(["visible", "hidden", "centered"]) {
            case "hidden": return .visible(0)
            case "centered": return .centered
            default: return .visible(1)
            }
        }
    }

    static let effectKeys = ["opacity", "scale", "rotation", "offset", "blur"]

    /// `.opacity(_:)`, `.scaleEffect(_:)` (both axes), `.rotationEffect(.degrees(_:))`, `.offset(x:y:)`,
    /// `.blur(radius:)`; nil: not set.
    public var opacity: Binding?
    public var scale: Binding?
    public var rotation: Binding?
    public var offsetX: Binding?
    public var offsetY: Binding?
    public var blur: Binding?
    /// `.identity`: the view shows its identity effects wherever it is.
    public var isIdentity = false
    public var threshold = Threshold.visible(1)
    public var timingCurve = CurveName.easeInOut

    public init() {}

    public var bindings: [Binding?] { [opacity, scale, rotation, offsetX, offsetY, blur] }
}

import Expressions
import SceneFormat

/// `toggle`: SwiftUI's switch-style `Toggle`, a `UISwitch` as iOS 17 draws it in light mode.
extension Composer {
    /// `UISwitch`'s size, knob and inset, in points.
    static let switchSize = (width: 51.0, height: 31.0), switchKnobDiameter = 27.0, switchKnobInset = 2.0

    /// The grey track, the tinted track fading in while on, and the white knob sliding from side to side;
    /// the knob and the track's colour follow the state with SwiftUI's default animation, as the switch
    /// animates itself whatever the transaction; disabled, the switch is dimmed. With a label: the label leading, taking the width the
    /// switch leaves, the switch trailing.
    static func toggleBody(_ spec: ToggleSpec, enabled: Bool, _ parts: ControlParts) -> StackSpec {
        let isOn = Expr.name(spec.name)
        var onTrack = parts.shape(.capsule, fill: spec.tint ?? parts.constant(ControlColors.systemGreen), "onTrack")
        onTrack.effects.opacity = parts.tree(.choose(isOn, .number(1), .number(0)))
        var knob = parts.shape(.circle, fill: parts.constant(ControlColors.white), "knob")
        knob.frame = .sized(width: parts.constant(switchKnobDiameter), height: parts.constant(switchKnobDiameter))
        let travel = (switchSize.width - switchKnobDiameter) / 2 - switchKnobInset
        knob.effects.offsetX = parts.tree(.choose(isOn, .number(travel), .number(-travel)))
        knob.effects.shadow = .below(color: parts.constant(ControlColors.controlShadow), radius: parts.constant(2.5),
                                     y: parts.constant(2))
        var control = parts.stack(.z, [parts.shape(.capsule, fill: parts.constant(ControlColors.secondarySystemFill), "track"),
                                       onTrack, knob], "switch")
        control.frame = .sized(width: parts.constant(switchSize.width), height: parts.constant(switchSize.height))
        control.modifierValues[AnimationModifier.self] = ImplicitAnimationSpec(
            curve: .at(Expression(tree: .implicitMember("default")), path: spec.site.path, location: spec.site.location),
            value: parts.tree(isOn), path: spec.site.path)
        // Disabled: the switch dimmed (`disabledControlOpacity`), its label as it is.
        if !enabled { control.effects.opacity = parts.constant(disabledControlOpacity) }
        guard let label = spec.label else { return .of(.z, [control]) }
        return .of(.horizontal, [ControlParts.label(label), control])
    }
}

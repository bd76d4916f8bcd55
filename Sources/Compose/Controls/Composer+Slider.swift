import Expressions
import SceneFormat

/// `slider`: SwiftUI's `Slider(value:in:step:)`, a `UISlider` as iOS 17 draws it in light mode: two capsules
/// and a white circle with shadows.
///
/// The thumb's position and the tracks' lengths are frames and offsets over the bound state variable, so a
/// `set` inside `withAnimation` slides the thumb with that animation.
extension Composer {
    /// The thumb's visible white circle, centred in its 31 pt square (`SliderSpec.thumbSquare`, also the
    /// slider's height on iPhone).
    static let sliderKnobDiameter = 28.0
    /// The track: 4 pt high, inset 3 pt from each end of the slider.
    static let sliderTrackHeight = 4.0, sliderTrackInset = 3.0
    /// UIKit places the track at round((31 - 4) / 2) = 14 pt from the top: half a point below the centre.
    static let sliderTrackDrop = 0.5

    static func sliderBody(_ spec: SliderSpec, enabled: Bool, _ parts: ControlParts) throws(SceneError) -> StackSpec {
        let (name, range, height) = (spec.name, spec.range, SliderSpec.thumbSquare)
        let operand = ControlRange.operand
        // The thumb's square moves from x = 0 to x = w - 31 as the value goes from low to high (UIKit's
        // thumbRect(forBounds:trackRect:value:)); `thumbX` is where it is.
        let span = range.high - range.low
        let fraction = span > 0 ? "clamp((\(name) - \(operand(range.low))) / \(operand(span)), 0, 1)" : "0"
        let thumbX = SliderSpec.thumbLet
        let centre = height / 2
        var filled = parts.shape(.capsule, fill: spec.tint ?? parts.constant(ControlColors.systemBlue), "minimumTrack")
        filled.frame = .sized(width: try parts.binding("\(operand(centre - sliderTrackInset)) + \(thumbX)"),
                              height: parts.constant(sliderTrackHeight))
        filled.effects.offsetX = parts.constant(sliderTrackInset)
        filled.effects.offsetY = parts.constant(sliderTrackDrop)
        var rest = parts.shape(.capsule, fill: parts.constant(ControlColors.systemFill), "maximumTrack")
        rest.frame = .sized(width: try parts.binding("max(w - \(operand(centre + sliderTrackInset)) - \(thumbX), 0)"),
                            height: parts.constant(sliderTrackHeight))
        rest.effects.offsetX = try parts.binding("\(operand(centre)) + \(thumbX)")
        rest.effects.offsetY = parts.constant(sliderTrackDrop)
        let inset = (height - sliderKnobDiameter) / 2
        func knob(_ shadow: (y: Double, radius: Double), _ name: String) throws(SceneError) -> Node {
            var circle = parts.shape(.circle, fill: parts.constant(ControlColors.white), name)
            circle.frame = .sized(width: parts.constant(sliderKnobDiameter), height: parts.constant(sliderKnobDiameter))
            circle.effects.offsetX = try parts.binding("\(operand(inset)) + \(thumbX)")
            circle.effects.shadow = .below(color: parts.constant(ControlColors.controlShadow), radius: parts.constant(shadow.radius),
                                           y: parts.constant(shadow.y))
            return circle
        }
        // UIKit fills the thumb's circle twice: with a wide shadow (blur 13, 6 pt down), then a tight one
        // (blur 4, 0.5 pt down); a Core Graphics blur b is a Gaussian of standard deviation b / 2.
        var control = parts.part(.stack(.of(.z, alignment: parts.constant(.string("leading")),
                                            [filled, rest, try knob((6, 6.5), "thumbShadow"), try knob((0.5, 2), "thumb")])),
                                 "slider")
        // A slider takes the whole width offered; its parts are placed from its leading edge.
        control.frame = .sized(height: parts.constant(height), maxWidth: parts.constant(.infinity),
                               alignment: parts.constant(.string("leading")))
        // Disabled: the slider dimmed (`disabledControlOpacity`).
        if !enabled { control.effects.opacity = parts.constant(disabledControlOpacity) }
        control.lets = [(thumbX, try parts.binding("max(w - \(operand(height)), 0) * \(fraction)"))]
        return .of(.z, [control])
    }
}

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

    static func sliderBody(_ spec: SliderSpec, enabled: Bool, _ parts: ControlParts) -> StackSpec {
        let (range, height) = (spec.range, SliderSpec.thumbSquare)
        // The thumb's square moves from x = 0 to x = w - 31 as the value goes from low to high (UIKit's
        // thumbRect(forBounds:trackRect:value:)); `thumbX` is where it is.
        let span = range.high - range.low
        // clamp((value - low) / span, 0, 1)
        let fraction: Expr = span > 0
            ? .function("clamp", [.binary(.binary(.name(spec.name), .subtract, .number(range.low)), .divide, .number(span)),
                                  .number(0), .number(1)])
            : .number(0)
        let thumbX = Expr.name(SliderSpec.thumbLet)
        /// `x + thumbX`.
        func afterThumb(_ x: Double) -> Binding { parts.tree(.binary(.number(x), .add, thumbX)) }
        let centre = height / 2
        var filled = parts.shape(.capsule, fill: spec.tint ?? parts.constant(ControlColors.systemBlue), "minimumTrack")
        filled.frame = .sized(width: afterThumb(centre - sliderTrackInset), height: parts.constant(sliderTrackHeight))
        filled.effects.offsetX = parts.constant(sliderTrackInset)
        filled.effects.offsetY = parts.constant(sliderTrackDrop)
        var rest = parts.shape(.capsule, fill: parts.constant(ControlColors.systemFill), "maximumTrack")
        // max(w - (centre + inset) - thumbX, 0)
        let restWidth = Expr.binary(.binary(.name("w"), .subtract, .number(centre + sliderTrackInset)), .subtract, thumbX)
        rest.frame = .sized(width: parts.tree(.function("max", [restWidth, .number(0)])),
                            height: parts.constant(sliderTrackHeight))
        rest.effects.offsetX = afterThumb(centre)
        rest.effects.offsetY = parts.constant(sliderTrackDrop)
        let inset = (height - sliderKnobDiameter) / 2
        func knob(_ shadow: (y: Double, radius: Double), _ name: String) -> Node {
            var circle = parts.shape(.circle, fill: parts.constant(ControlColors.white), name)
            circle.frame = .sized(width: parts.constant(sliderKnobDiameter), height: parts.constant(sliderKnobDiameter))
            circle.effects.offsetX = afterThumb(inset)
            circle.effects.shadow = .below(color: parts.constant(ControlColors.controlShadow), radius: parts.constant(shadow.radius),
                                           y: parts.constant(shadow.y))
            return circle
        }
        // UIKit fills the thumb's circle twice: with a wide shadow (blur 13, 6 pt down), then a tight one
        // (blur 4, 0.5 pt down); a Core Graphics blur b is a Gaussian of standard deviation b / 2.
        var control = parts.part(.stack(.of(.z, alignment: parts.constant(.string("leading")),
                                            [filled, rest, knob((6, 6.5), "thumbShadow"), knob((0.5, 2), "thumb")])),
                                 "slider")
        // A slider takes the whole width offered; its parts are placed from its leading edge.
        control.frame = .sized(height: parts.constant(height), maxWidth: parts.constant(.infinity),
                               alignment: parts.constant(.string("leading")))
        // Disabled: the slider dimmed (`disabledControlOpacity`).
        if !enabled { control.effects.opacity = parts.constant(disabledControlOpacity) }
        // thumbX = max(w - 31, 0) * fraction
        let travel = Expr.function("max", [.binary(.name("w"), .subtract, .number(height)), .number(0)])
        control.lets = [(SliderSpec.thumbLet, parts.tree(.binary(travel, .multiply, fraction)))]
        return .of(.z, [control])
    }
}

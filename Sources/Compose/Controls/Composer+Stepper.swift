import Expressions
import SceneFormat

/// `stepper`: SwiftUI's `Stepper(_:value:in:step:)`, a `UIStepper` as iOS 17 draws it in light mode: a
/// rounded rectangle holding two segments (a minus and a plus drawn as capsules) and a divider, and the
/// label's text. The segment at a bound is disabled (its glyph greyed), as `UIStepper` does; a stepper with
/// an id names its segments `<id>.decrement` and `<id>.increment` (the script taps them).
extension Composer {
    /// `UIStepper`'s size: 94 pt wide, as high as a segmented control (32 pt on iPhone).
    static let stepperSize = (width: 94.0, height: 32.0)
    /// The segmented control's corner radius (continuous corners on a device, circular here).
    static let stepperCornerRadius = 8.91
    /// The divider between the segments: 1 pt wide, 18 pt high, centred.
    static let stepperDivider = (width: 1.0, height: 18.0)
    /// The minus and plus glyphs: bars 14 pt long and 2 pt thick with round ends.
    static let stepperGlyph = (length: 14.0, thickness: 2.0)
    /// The divider's grey (estimated): RGB 60 60 67 at 18 %.
    static let stepperDividerColor = ColorValue(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.18)
    /// An enabled glyph: `UIColor.label` (black); a disabled one: `UIColor.tertiaryLabel` (RGB 60 60 67 at 30 %).
    static let stepperGlyphColors = (enabled: ControlColors.label, disabled: ControlColors.tertiaryLabel)

    static func stepperBody(_ spec: StepperSpec, id: String?, enabled: Bool, _ parts: ControlParts) -> StackSpec {
        let value = Expr.name(spec.name)
        func bar(_ width: Double, _ height: Double, enabled: Expr, _ part: String) -> Node {
            var glyph = parts.shape(.capsule, fill: parts.tree(.choose(enabled, .color(stepperGlyphColors.enabled),
                                                                      .color(stepperGlyphColors.disabled))),
                                    part)
            glyph.frame = .sized(width: parts.constant(width), height: parts.constant(height))
            return glyph
        }
        // UIStepper: the minus enabled while value > minimum, the plus while value < maximum.
        func segment(_ glyphs: [Node], suffix: String, _ part: String) -> Node {
            var half = parts.stack(.z, glyphs, part)
            half.frame = .sized(width: parts.constant((stepperSize.width - stepperDivider.width) / 2),
                                height: parts.constant(stepperSize.height))
            half.id = id.map { "\($0).\(suffix)" }
            return half
        }
        // Disabled: both segments are, each drawn as UIStepper draws a segment it disables at a bound.
        let canDecrement = enabled ? Expr.binary(value, .greater, .number(spec.range.low)) : .value(.bool(false))
        let canIncrement = enabled ? Expr.binary(value, .less, .number(spec.range.high)) : .value(.bool(false))
        let (long, thick) = (stepperGlyph.length, stepperGlyph.thickness)
        let minus = segment([bar(long, thick, enabled: canDecrement, "minus")], suffix: StepperSpec.partIDs.decrement, "decrement")
        let plus = segment([bar(long, thick, enabled: canIncrement, "plus"), bar(thick, long, enabled: canIncrement, "plus")],
                           suffix: StepperSpec.partIDs.increment, "increment")
        var divider = parts.shape(.rectangle, fill: parts.constant(stepperDividerColor), "divider")
        divider.frame = .sized(width: parts.constant(stepperDivider.width), height: parts.constant(stepperDivider.height))
        let background = parts.shape(.roundedRectangle(cornerRadius: parts.constant(stepperCornerRadius)),
                                     fill: parts.constant(ControlColors.tertiarySystemFill), "background")
        let segments = parts.part(.stack(.of(.horizontal, spacing: parts.constant(0), [minus, divider, plus])), "segments")
        var control = parts.stack(.z, [background, segments], "stepper")
        control.frame = .sized(width: parts.constant(stepperSize.width), height: parts.constant(stepperSize.height))
        guard let label = spec.label else { return .of(.z, [control]) }
        return .of(.horizontal, [ControlParts.label(label), control])
    }
}

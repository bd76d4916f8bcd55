/// Colour effects and the blend mode of a view (SwiftUI `.colorMultiply`, `.hueRotation`, `.saturation`,
/// `.grayscale`, `.brightness`, `.contrast`, `.blendMode`).
///
/// They apply to the view as drawn, with its background, clip, mask, transform and opacity, in the
/// order the properties are listed here; each number is an attribute that animates.
public struct ColorEffectSpec: Sendable {
    public var colorMultiply: Binding?
    /// Degrees (`.hueRotation(.degrees(...))`).
    public var hueRotation: Binding?
    public var saturation: Binding?
    public var grayscale: Binding?
    public var brightness: Binding?
    public var contrast: Binding?
    public var blendMode: ViewBlendMode?

    public init() {}

    /// Whether the view has no colour effect and blends normally.
    public var isEmpty: Bool {
        colorMultiply == nil && hueRotation == nil && saturation == nil && grayscale == nil && brightness == nil
            && contrast == nil && (blendMode == nil || blendMode == .normal)
    }
}

/// The SwiftUI `BlendMode` cases that can be drawn (`plusDarker` has no Cairo operator).
public enum ViewBlendMode: String, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference,
         exclusion, hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut, plusLighter
}

extension Node {
    /// The view's colour effects and blend mode, each kept by its unit (`HueRotationModifier`,
    /// `BlendModeModifier`, ...); empty when it has none.
    public var colorEffects: ColorEffectSpec {
        var spec = ColorEffectSpec()
        spec.colorMultiply = modifierValues[ColorMultiplyModifier.self]
        spec.hueRotation = modifierValues[HueRotationModifier.self]
        spec.saturation = modifierValues[SaturationModifier.self]
        spec.grayscale = modifierValues[GrayscaleModifier.self]
        spec.brightness = modifierValues[BrightnessModifier.self]
        spec.contrast = modifierValues[ContrastModifier.self]
        spec.blendMode = modifierValues[BlendModeModifier.self]
        return spec
    }
}

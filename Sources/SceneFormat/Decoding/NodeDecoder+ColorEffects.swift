/// Decodes colour effects: `colorMultiply`, `hueRotation`, `saturation`, `grayscale`, `brightness`,
/// `contrast`, `blendMode`.
extension NodeDecoder {
    /// Modifier keys for colour effects.
    static let colorEffectKeys = ["colorMultiply", "hueRotation", "saturation", "grayscale", "brightness",
                                  "contrast", "blendMode"]
    /// SwiftUI `BlendMode` cases that can be drawn.
    public static let blendModeNames = ["normal", "multiply", "screen", "overlay", "darken", "lighten", "colorDodge",
                                        "colorBurn", "softLight", "hardLight", "difference", "exclusion", "hue",
                                        "saturation", "color", "luminosity", "sourceAtop", "destinationOver",
                                        "destinationOut", "plusLighter"]

    static func decodeColorEffects(_ object: ObjectReader) throws(SceneError) -> ColorEffectSpec {
        var spec = ColorEffectSpec()
        spec.colorMultiply = try object["colorMultiply"].map(BindingDecoder.color)
        spec.hueRotation = try object["hueRotation"].map(BindingDecoder.number)
        spec.saturation = try object["saturation"].map(BindingDecoder.number)
        spec.grayscale = try object["grayscale"].map(BindingDecoder.number)
        spec.brightness = try object["brightness"].map(BindingDecoder.number)
        spec.contrast = try object["contrast"].map(BindingDecoder.number)
        if let mode = object["blendMode"] {
            if case .string("plusDarker") = mode.value.kind {
                throw mode.error("\"plusDarker\" has no Cairo operator and cannot be drawn; use one of "
                    + blendModeNames.joined(separator: ", "))
            }
            spec.blendMode = try mode.choice(blendModeNames)
        }
        return spec
    }
}

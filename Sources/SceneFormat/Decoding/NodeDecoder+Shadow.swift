import Expressions

/// `"blur": 4` (SwiftUI `.blur(radius: 4)`) and `"shadow": {"color", "radius", "x", "y"}`
/// (`.shadow(color:radius:x:y:)`).
extension NodeDecoder {
    static func decodeBlurAndShadow(_ o: ObjectReader, into effects: inout EffectSpec) throws(SceneError) {
        effects.blur = try o["blur"].map(BindingDecoder.number)
        if let reader = o["shadow"] {
            let s = try reader.object(allowing: ["color", "radius", "x", "y"])
            effects.shadow = ShadowSpec(color: try s["color"].map(BindingDecoder.color),
                                        radius: try BindingDecoder.number(s.required("radius")),
                                        x: try s["x"].map(BindingDecoder.number), y: try s["y"].map(BindingDecoder.number))
        }
    }
}

/// `{"angularGradient": {"colors" | "stops", "center", "startAngle", "endAngle"}}` (SwiftUI
/// `AngularGradient(gradient:center:startAngle:endAngle:)`) or with `"angle"` instead of the two angles
/// (`AngularGradient(gradient:center:angle:)`, a full turn from `angle`). Angles are degrees.
extension NodeDecoder {
    static let angularGradientKeys = ["colors", "stops", "colorSpace", "center", "startAngle", "endAngle", "angle"]

    static func decodeAngularGradient(_ body: JSONReader) throws(SceneError) -> GradientSpec {
        let o = try body.object(allowing: angularGradientKeys)
        let start: Binding, end: Binding
        if let angle = o["angle"] {
            if let extra = o["startAngle"] ?? o["endAngle"] {
                throw extra.error("an angular gradient has \"angle\" (a full turn) or \"startAngle\" and \"endAngle\", not both")
            }
            // Equal angles draw a full turn from them.
            start = try BindingDecoder.number(angle)
            end = start
        } else {
            start = try o["startAngle"].map(BindingDecoder.number) ?? constant(0, body)
            end = try o["endAngle"].map(BindingDecoder.number) ?? constant(0, body)
        }
        return GradientSpec(kind: .angular(center: try gradientCenter(o, body), startAngle: start, endAngle: end),
                            stops: try gradientStops(o, body), colorSpace: try gradientColorSpace(o), path: body.path)
    }
}

/// `{"ellipticalGradient": {"colors", "stops", "center", "startRadiusFraction", "endRadiusFraction"}}`.
extension NodeDecoder {
    static let ellipticalGradientKeys = ["colors", "stops", "center", "startRadiusFraction", "endRadiusFraction"]

    /// SwiftUI's `EllipticalGradient`: centre `.center`, radius fractions 0 and 0.5 unless given.
    static func decodeEllipticalGradient(_ body: JSONReader) throws(SceneError) -> GradientSpec {
        let o = try body.object(allowing: ellipticalGradientKeys)
        func fraction(_ key: String, _ fallback: Double) throws(SceneError) -> Binding {
            try o[key].map(BindingDecoder.number)
                ?? Binding(.constant(.number(fallback)), path: body.path, location: body.value.location)
        }
        return GradientSpec(kind: .elliptical(center: try o["center"].map(unitPoint) ?? (0.5, 0.5),
                                              startRadiusFraction: try fraction("startRadiusFraction", 0),
                                              endRadiusFraction: try fraction("endRadiusFraction", 0.5)),
                            stops: try gradientStops(o, body), path: body.path)
    }
}

/// `{"ellipticalGradient": {"colors", "stops", "center", "startRadiusFraction", "endRadiusFraction"}}`.
extension NodeDecoder {
    static let ellipticalGradientKeys = ["colors", "stops", "colorSpace", "center", "startRadiusFraction", "endRadiusFraction"]

    /// SwiftUI's `EllipticalGradient`: centre `.center`, radius fractions 0 and 0.5 unless given.
    static func decodeEllipticalGradient(_ body: JSONReader) throws(SceneError) -> GradientSpec {
        let o = try body.object(allowing: ellipticalGradientKeys)
        func fraction(_ key: String, _ fallback: Double) throws(SceneError) -> Binding {
            try o[key].map(BindingDecoder.number) ?? constant(fallback, body)
        }
        return GradientSpec(kind: .elliptical(center: try gradientCenter(o, body),
                                              startRadiusFraction: try fraction("startRadiusFraction", 0),
                                              endRadiusFraction: try fraction("endRadiusFraction", 0.5)),
                            stops: try gradientStops(o, body), colorSpace: try gradientColorSpace(o), path: body.path)
    }
}

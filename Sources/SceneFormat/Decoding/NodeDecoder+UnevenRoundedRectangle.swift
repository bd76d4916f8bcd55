import Expressions

/// `{"shape": "unevenRoundedRectangle", "topLeadingRadius": 20, "bottomTrailingRadius": 8}`: SwiftUI's
/// `UnevenRoundedRectangle(topLeadingRadius:bottomLeadingRadius:bottomTrailingRadius:topTrailingRadius:)`,
/// each radius defaulting to 0 as in SwiftUI.
extension NodeDecoder {
    /// The radius keys, in SwiftUI's argument order.
    static let unevenRadiusKeys = ["topLeadingRadius", "bottomLeadingRadius", "bottomTrailingRadius", "topTrailingRadius"]

    static func decodeUnevenRadii(_ object: ObjectReader) throws(SceneError) -> ShapeSpec.Geometry {
        var radii: [Binding?] = []
        for key in unevenRadiusKeys { radii.append(try object[key].map(BindingDecoder.number)) }
        return .unevenRoundedRectangle(radii: radii)
    }
}

/// `{"radialGradient": {...}}` as a view: SwiftUI's `RadialGradient(...)` placed as a view, filling its frame as a
/// rectangle filled with it does (it takes all the space proposed). It decodes into that shape, which
/// `ShapeKind` checks.
enum RadialGradientKind: ViewKindUnit {
    static let key = "radialGradient"
    static let swiftUINames = ["RadialGradient": "RadialGradient(...); write \"radialGradient\": {...}"]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let gradient = try NodeDecoder.decodeGradient(key, try object.required(key))
        return try view(NodeDecoder.gradientView(gradient), object, at: reader, depth: depth)
    }
}

import Expressions

/// `"matchedGeometryEffect": {"id": expr, "in": "namespace", "properties": "frame", "anchor": "center",
/// "isSource": bool}` (SwiftUI `.matchedGeometryEffect(id:in:properties:anchor:isSource:)`).
extension NodeDecoder {
    static let matchedGeometryKeys = ["id", "in", "properties", "anchor", "isSource"]

    static func decodeMatchedGeometry(_ reader: JSONReader) throws(SceneError) -> MatchedGeometrySpec {
        let o = try reader.object(allowing: matchedGeometryKeys)
        let namespaceReader = try o.required("in")
        let namespace = try namespaceReader.string()
        guard SceneDecoder.isIdentifier(namespace) else {
            throw namespaceReader.error("a namespace is a name, as an @Namespace variable's: got \"\(namespace)\"")
        }
        let properties = try o["properties"]?.choice(MatchedGeometrySpec.Properties.allCases.map(\.rawValue)) ?? "frame"
        return MatchedGeometrySpec(id: try BindingDecoder.any(o.required("id")), namespace: namespace,
                                   properties: MatchedGeometrySpec.Properties(rawValue: properties) ?? .frame,
                                   anchor: try o["anchor"].map(unitPoint) ?? (0.5, 0.5),
                                   isSource: try o["isSource"].map(BindingDecoder.bool), path: reader.path)
    }
}

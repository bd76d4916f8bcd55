import Expressions

/// `"onGeometryChange": {"of": "width", "action": [...]}`: SwiftUI's
/// `.onGeometryChange(for: CGFloat.self) { proxy in proxy.size.width } action: { newValue in ... }`.
extension NodeDecoder {
    static func decodeGeometryChange(_ reader: JSONReader) throws(SceneError) -> GeometryChangeSpec {
        let object = try reader.object(allowing: ["of", "action"])
        let of = try BindingDecoder.any(object.required("of"))
        let action = try ActionDecoder.list(object.required("action"))
        guard !action.isEmpty else { throw reader.error("\"onGeometryChange\" needs at least one action") }
        return GeometryChangeSpec(of: of, action: action, path: reader.path)
    }
}

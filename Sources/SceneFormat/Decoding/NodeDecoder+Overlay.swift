import Expressions

/// `"overlay": {view}` or `"overlay": {"content": {view}, "alignment": "topTrailing"}`
/// (SwiftUI `.overlay(alignment:) { view }`), and `"zIndex": number` (`.zIndex(1)`).
extension NodeDecoder {
    static func decodeOverlay(_ reader: JSONReader, depth: Int) throws(SceneError) -> OverlaySpec {
        if case .object(let members) = reader.value.kind, members.contains(where: { $0.key == "content" }) {
            let object = try reader.object(allowing: ["content", "alignment"])
            let alignment = try object["alignment"]?.choice(unitPointNames.sorted()) ?? "center"
            return OverlaySpec(view: try decode(try object.required("content"), depth: depth + 1), alignment: alignment)
        }
        return OverlaySpec(view: try decode(reader, depth: depth + 1), alignment: "center")
    }
}

import Expressions

/// `"trim": {"from": 0, "to": 0.7}` on a `shape` or `path` (SwiftUI `.trim(from:to:)`).
extension NodeDecoder {
    static func decodeTrim(_ reader: JSONReader) throws(SceneError) -> TrimSpec {
        let object = try reader.object(allowing: ["from", "to"])
        guard object["from"] != nil || object["to"] != nil else {
            throw reader.error("a trim needs \"from\" or \"to\" (fractions of the path's length, 0 to 1)")
        }
        return TrimSpec(from: try object["from"].map(BindingDecoder.number), to: try object["to"].map(BindingDecoder.number))
    }
}

import Expressions

/// `{"forEach": "0..<8", "as": "i", "content": {view}}`, or `"forEach": "items"` with `"id": "item.name"`.
extension NodeDecoder {
    static let forEachKeys = ["forEach", "as", "id", "content", "transition", "comment"]

    /// Whether a stack child is a `forEach`.
    static func isForEach(_ reader: JSONReader) -> Bool {
        guard case .object(let members) = reader.value.kind else { return false }
        return members.contains { $0.key == "forEach" }
    }

    /// A `forEach` stack child: a one-child ZStack around its content, carrying the `ForEachSpec`.
    static func decodeForEach(_ reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let object = try reader.object(allowing: forEachKeys)
        _ = try object["comment"]?.string()
        let sourceReader = try object.required("forEach")
        let text = try sourceReader.string()
        let source: ForEachSpec.Source
        if let range = text.range(of: "..<") ?? text.range(of: "...") {
            let lower = String(text[..<range.lowerBound]), upper = String(text[range.upperBound...])
            guard !lower.trimmingCharacters(in: .whitespaces).isEmpty, !upper.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw sourceReader.error("a forEach range needs both bounds, as \"0..<8\" or \"1...count\"")
            }
            source = .range(lower: try BindingDecoder.expression(lower, sourceReader),
                            upper: try BindingDecoder.expression(upper, sourceReader), closed: text[range] == "...")
        } else {
            source = .list(try BindingDecoder.expression(text, sourceReader))
        }
        let nameReader = try object.required("as")
        let name = try nameReader.string()
        guard SceneDecoder.isIdentifier(name), !BindingDecoder.reservedNames.contains(name) else {
            throw nameReader.error("\"\(name)\" cannot be a forEach element name")
        }
        let id = try object["id"].map { r throws(SceneError) in try BindingDecoder.expression(try r.string(), r) }
        let transition = try object["transition"].map { r throws(SceneError) in try decodeTransition(r, depth: depth) }
        let content = try decode(try object.required("content"), depth: depth + 1)
        var node = Node.group(content)
        node.path = reader.path
        node.forEach = ForEachSpec(source: source, name: name, id: id, transition: transition ?? .opacity)
        return node
    }
}

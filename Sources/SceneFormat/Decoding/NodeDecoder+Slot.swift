import Expressions

/// View slots: a component declares `"views": ["content"]`, its body places `{"slot": "content"}`, and a
/// `use` passes `"views": {"content": view}` (or a list of views, laid out as a `zstack`).
extension NodeDecoder {
    static func decodeSlotViews(_ reader: JSONReader, depth: Int) throws(SceneError) -> [String: Node] {
        var views: [String: Node] = [:]
        for (name, value) in try reader.members() {
            guard SceneDecoder.isIdentifier(name) else { throw value.error("a view slot's name must be an identifier") }
            if case .array = value.value.kind {
                var group = Node.empty(.stack(StackSpec(axis: .z, spacing: nil, alignment: nil,
                                                        children: try decodeChildren(value, depth: depth + 1))), path: value.path)
                group.path = value.path
                views[name] = group
            } else {
                views[name] = try decode(value, depth: depth + 1)
            }
        }
        return views
    }
}

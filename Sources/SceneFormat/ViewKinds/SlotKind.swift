/// `{"slot": "content"}`: in a component's body, where the views its use passes go (a view property of
/// your `View` struct, as `content` in `var content: Content`).
enum SlotKind: ViewKindUnit {
    static let key = "slot"

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let value = try object.required(key)
        let name = try value.string()
        guard SceneDecoder.isIdentifier(name) else { throw value.error("a slot's name must be an identifier, as \"content\"") }
        return try view(.slot(name: name, location: value.value.location), object, at: reader, depth: depth)
    }

    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .slot(let name, let location) = node.kind else { return nil }
        return [.slot(name: name, location: location)]
    }
}

/// `{"hstack": [views], "alignment": ..., "spacing": 8}`: SwiftUI's `HStack(alignment:spacing:) { ... }`.
enum HStackKind: ViewKindUnit {
    static let key = "hstack"
    static let companionKeys = ["alignment", "spacing"]
    static let swiftUINames = ["HStack": "HStack; write \"hstack\": [views]"]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        try view(try NodeDecoder.decodeStack(.horizontal, key: key, object, depth: depth), object, at: reader, depth: depth)
    }

    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .stack(let stack) = node.kind, stack.axis == .horizontal else { return nil }
        return NodeDecoder.stackUses(stack)
    }
}

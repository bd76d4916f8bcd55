/// `{"vstack": [views], "alignment": ..., "spacing": 8}`: SwiftUI's `VStack(alignment:spacing:) { ... }`.
enum VStackKind: ViewKindUnit {
    static let key = "vstack"
    static let companionKeys = ["alignment", "spacing"]
    static let swiftUINames = ["VStack": "VStack; write \"vstack\": [views]"]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        try view(try NodeDecoder.decodeStack(.vertical, key: key, object, depth: depth), object, at: reader, depth: depth)
    }

    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .stack(let stack) = node.kind, stack.axis == .vertical else { return nil }
        return NodeDecoder.stackUses(stack)
    }
}

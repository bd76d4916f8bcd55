/// `{"zstack": [views], "alignment": "topLeading"}`: SwiftUI's `ZStack(alignment:) { ... }`.
///
/// It checks every z-stack: a `group` outside a stack's children, a `timelineView`, a `forEach` and the
/// wrappers of `"modifiers"` entries all decode into one.
enum ZStackKind: ViewKindUnit {
    static let key = "zstack"
    static let companionKeys = ["alignment"]
    static let swiftUINames = ["ZStack": "ZStack; write \"zstack\": [views]"]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        try view(try NodeDecoder.decodeStack(.z, key: key, object, depth: depth), object, at: reader, depth: depth)
    }

    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .stack(let stack) = node.kind, stack.axis == .z else { return nil }
        return NodeDecoder.stackUses(stack)
    }
}

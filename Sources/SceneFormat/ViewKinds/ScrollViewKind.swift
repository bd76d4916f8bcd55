/// `{"scrollView": [views], "spacing": 0}`: SwiftUI's `ScrollView(.vertical) { VStack { ... } }`; its id is
/// the target of the script's `scroll` events.
enum ScrollViewKind: ViewKindUnit {
    static let key = "scrollView"
    static let companionKeys = ["alignment", "spacing"]
    static let swiftUINames = ["ScrollView": "ScrollView { ... }; write \"scrollView\": [views]"]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let scroll = try NodeDecoder.decodeScrollView(try object.required(key), object, depth: depth)
        return try view(.scrollView(scroll), object, at: reader, depth: depth)
    }

    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .scrollView(let scroll) = node.kind else { return nil }
        return [.scrollTarget] + NodeDecoder.stackUses(scroll.content)
    }
}

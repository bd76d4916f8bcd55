/// `{"group": [views]}`: SwiftUI's `Group { ... }`. Among a stack's children its members are spliced in
/// (`NodeDecoder.decodeChildren`); anywhere else it is a z-stack of its views, checked as one.
enum GroupKind: ViewKindUnit {
    static let key = "group"
    static let swiftUINames = ["Group": "Group; write \"group\": [views]"]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        // Outside a stack's children (where its members are spliced in), a group is a ZStack.
        let children = try NodeDecoder.decodeChildren(try object.required(key), depth: depth)
        let stack = StackSpec(axis: .z, spacing: nil, alignment: nil, children: children)
        return try view(.stack(stack), object, at: reader, depth: depth)
    }
}

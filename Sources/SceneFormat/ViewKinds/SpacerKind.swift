/// `{"spacer": {}, "minLength": 8}`: SwiftUI's `Spacer(minLength:)`.
enum SpacerKind: ViewKindUnit {
    static let key = "spacer"
    static let companionKeys = ["minLength"]
    static let swiftUINames = ["Spacer": "Spacer(); write \"spacer\": {}"]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        _ = try object.required(key)
        let minLength = try object["minLength"].map(BindingDecoder.number)
        return try view(.spacer(minLength: minLength), object, at: reader, depth: depth)
    }

    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .spacer(let minLength) = node.kind else { return nil }
        return [.reads(minLength)]
    }
}

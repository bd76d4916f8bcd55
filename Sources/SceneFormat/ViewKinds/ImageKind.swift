/// `{"image": "photos/a.png", "resizable": true, "contentMode": "fill"}`: SwiftUI's
/// `Image("a").resizable().aspectRatio(contentMode: .fill)`.
enum ImageKind: ViewKindUnit {
    static let key = "image"
    static let companionKeys = ["resizable", "contentMode"]
    static let swiftUINames = ["Image": "Image(_:); write \"image\": \"photos/a.png\", or \"systemImage\" for a symbol"]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        try view(.image(try NodeDecoder.decodeImage(try object.required(key), object)), object, at: reader, depth: depth)
    }

    /// An image reads no names: its file is a constant.
    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .image = node.kind else { return nil }
        return []
    }
}

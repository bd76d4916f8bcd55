/// `{"canvas": [drawing commands]}`: SwiftUI's `Canvas { context, size in ... }`.
enum CanvasKind: ViewKindUnit {
    static let key = "canvas"
    static let swiftUINames = ["Canvas": "Canvas { context, size in ... }; write \"canvas\": [drawing commands]"]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let canvas = try NodeDecoder.decodeCanvas(try object.required(key), depth: depth + 1)
        return try view(.canvas(canvas), object, at: reader, depth: depth)
    }

    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .canvas(let canvas) = node.kind else { return nil }
        return [.canvas(canvas.commands)]
    }
}

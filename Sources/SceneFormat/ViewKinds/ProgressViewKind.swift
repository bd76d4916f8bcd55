/// `{"progressView": "progress", "total": 1}`: SwiftUI's `ProgressView(value: progress, total: 1)`.
/// A system control: `NodeDecoder+Controls.swift` decodes it into its spec (`ControlSpec`), and Compose draws it.
enum ProgressViewKind: ViewKindUnit {
    static let key = "progressView"
    static let companionKeys = ["total", "tint"]
    static let swiftUINames = ["ProgressView": "ProgressView(value:); write \"progressView\": \"progress\""]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        try NodeDecoder.decodeProgressView(object, at: reader, depth: depth)
    }

    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .control(let control) = node.kind, case .progressView = control else { return nil }
        return ViewKindUse.reads(all: control.bindings)
    }
}

/// `"frame": {"width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight", "alignment"}`
/// (SwiftUI `.frame(width:height:alignment:)` and `.frame(minWidth:maxWidth:...)`).
enum FrameModifier: ModifierUnit {
    static let key = "frame"

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        if let reader = object[key] { node.frame = try NodeDecoder.decodeFrame(reader) }
    }

    /// The frame is measured before the view's own `let`s exist: it sees the names around the view.
    static func uses(in node: Node) -> ModifierUses {
        guard let f = node.frame else { return ModifierUses() }
        return ModifierUses(outerBindings: [f.width, f.height, f.minWidth, f.maxWidth, f.minHeight, f.maxHeight, f.alignment])
    }
}

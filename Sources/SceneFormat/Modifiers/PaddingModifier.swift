/// `"padding": 16` or `{"top", "leading", "bottom", "trailing", "horizontal", "vertical"}` (SwiftUI `.padding`).
enum PaddingModifier: ModifierUnit {
    static let key = "padding"

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        if let reader = object[key] { node.padding = try NodeDecoder.decodePadding(reader) }
    }

    /// Padding is measured before the view's own `let`s exist: it sees the names around the view.
    static func uses(in node: Node) -> ModifierUses {
        guard let p = node.padding else { return ModifierUses() }
        return ModifierUses(outerBindings: [p.top, p.leading, p.bottom, p.trailing])
    }
}

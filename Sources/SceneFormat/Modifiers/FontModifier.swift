/// `"font": {"style", "design", "family", "size", "weight", "italic"}` (SwiftUI `.font(...)`), inherited by
/// the views inside.
enum FontModifier: ModifierUnit {
    static let key = "font"
    static let swiftUINames = [
        "bold": "write \"font\": {\"weight\": \"bold\"}",
        "italic": "write \"font\": {\"italic\": true}",
        "fontWeight": "write \"font\": {\"weight\": \"semibold\"}",
    ]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        if let reader = object[key] { node.style.font = try NodeDecoder.decodeFont(reader) }
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(bindings: node.style.font?.bindings ?? []) }
}

extension FontSpec {
    /// The bindings a font request reads.
    var bindings: [Binding?] { [family, size, weight, italic] }
}

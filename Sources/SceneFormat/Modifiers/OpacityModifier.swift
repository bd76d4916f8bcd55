/// `"opacity": 0.5` (SwiftUI `.opacity(_:)`).
enum OpacityModifier: ModifierUnit {
    static let key = "opacity"
    static let swiftUINames = ["hidden": "write \"opacity\": 0"]
    /// SwiftUI's `.hidden()` keeps the view's place in the layout, as `opacity(0)` does (Apple's documentation,
    /// `View.hidden()`).
    static let swiftSourceHints = ["hidden": "write .opacity(0)"]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        node.effects.opacity = try object[key].map(BindingDecoder.number)
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(bindings: [node.effects.opacity]) }
}

/// `"foregroundColor": "red"` (SwiftUI `.foregroundColor`; `.foregroundStyle` with a colour is the same, see `ForegroundStyleModifier`), inherited by
/// the views inside like SwiftUI's environment.
enum ForegroundColorModifier: ModifierUnit {
    static let key = "foregroundColor"
    static let swiftUINames = [
        "tint": "write \"foregroundColor\"",
        "accentColor": "write \"foregroundColor\"",
    ]
    static let swiftSourceHints = [
        "accentColor": "write .foregroundColor(.blue), or .tint(.blue) on a Button, Toggle, Slider or ProgressView",
    ]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        if let reader = object[key] { node.style.foregroundColor = try BindingDecoder.color(reader) }
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(bindings: [node.style.foregroundColor]) }
}

/// `"onTap": [actions]` (SwiftUI `.onTapGesture { }`): run when the script taps the view's id.
enum OnTapModifier: ModifierUnit {
    static let key = "onTap"
    static let placement = ModifierPlacement.handler
    static let swiftUINames = [
        "onTapGesture": "write \"onTap\": [actions]",
        "onLongPressGesture": "only taps (\"onTap\") and drags (\"onDrag\") are scripted",
    ]
    static let swiftSourceHints = [
        "onLongPressGesture": "only taps (.onTapGesture, Button) and drags (.gesture(DragGesture().onChanged { ... })) are scripted",
    ]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        if let reader = object[key] { node.onTap += try ActionDecoder.list(reader) }
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(actions: [(node.onTap, [])]) }
}

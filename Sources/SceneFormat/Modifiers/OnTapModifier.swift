/// `"onTap": [actions]` (SwiftUI `.onTapGesture { }`): run when the script taps the view's id.
public enum OnTapModifier: ModifierUnit, ModifierValueKey {
    public typealias Value = [Action]
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
        if let reader = object[key] { node.modifierValues[Self.self] = node.onTap + (try ActionDecoder.list(reader)) }
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(actions: [(node.onTap, [])]) }
}

extension Node {
    /// The view's tap actions (`.onTapGesture { }`), empty when it has none.
    public var onTap: [Action] { modifierValues[OnTapModifier.self] ?? [] }
}

/// `"onDisappear": [actions]` (SwiftUI `.onDisappear { }`): run at the removal of a conditional view.
enum OnDisappearModifier: ModifierUnit, ModifierValueKey {
    typealias Value = AppearanceActions
    static let key = "onDisappear"
    static let placement = ModifierPlacement.handler

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        if let reader = object[key] { try node.modifierValues[Self.self].append(ActionDecoder.list(reader), at: reader) }
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(actions: [(node.onDisappear, [])]) }
}

extension Node {
    /// `.onDisappear { }`: run when the view goes (at the removal of a conditional view).
    public var onDisappear: [Action] { modifierValues[OnDisappearModifier.self]?.actions ?? [] }
}

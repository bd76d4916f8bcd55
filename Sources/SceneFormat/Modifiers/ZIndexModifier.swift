/// `"zIndex": 1` (SwiftUI `.zIndex(_:)`): among its stack's siblings, higher draws in front (ties keep their
/// order). A trait the enclosing stack reads, so in `"modifiers"` it goes to the outermost wrapper and the
/// last one written wins.
enum ZIndexModifier: ModifierUnit, ModifierValueKey {
    typealias Value = Binding
    static let key = "zIndex"
    static let placement = ModifierPlacement.trait

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        if let reader = object[key] { node.modifierValues[Self.self] = try BindingDecoder.number(reader) }
    }

    /// The stack reads it with the names around the view.
    static func uses(in node: Node) -> ModifierUses { ModifierUses(outerBindings: [node.modifierValues[Self.self]]) }
}

extension Node {
    /// The view's `.zIndex(_:)`, if it has one: among its stack's siblings, higher draws in front.
    public var zIndex: Binding? { modifierValues[ZIndexModifier.self] }
}

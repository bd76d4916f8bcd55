/// `"layoutPriority": 1` (SwiftUI `.layoutPriority(_:)`): a stack offers space to its children of higher
/// priority first, after reserving the minimum size of those of lower priority; children of equal priority
/// share as before, least flexible first. The default is 0; the stack reads it with the names around the
/// view.
public enum LayoutPriorityModifier: ModifierUnit, ModifierValueKey {
    public typealias Value = Binding
    static let key = "layoutPriority"
    static let placement = ModifierPlacement.trait

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        if let reader = object[key] { node.modifierValues[Self.self] = try BindingDecoder.number(reader) }
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(outerBindings: [node.modifierValues[Self.self]]) }
}

/// `"onDrag": {"onChanged": [...], "onEnded": [...]}` (SwiftUI `.gesture(DragGesture().onChanged { }.onEnded { })`),
/// for scripted drags on the view's id.
public enum OnDragModifier: ModifierUnit, ModifierValueKey {
    public typealias Value = DragGestureSpec
    static let key = "onDrag"
    static let placement = ModifierPlacement.handler
    static let swiftUINames = ["gesture": "write \"onDrag\" for a DragGesture"]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        guard let reader = object[key] else { return }
        guard node.onDrag == nil else { throw reader.error("the view already has a drag gesture; a view has one \"onDrag\"") }
        node.modifierValues[Self.self] = try NodeDecoder.decodeDrag(reader)
    }

    static func uses(in node: Node) -> ModifierUses {
        guard let drag = node.onDrag else { return ModifierUses() }
        return ModifierUses(actions: [(drag.onChanged, DragGestureSpec.valueNames), (drag.onEnded, DragGestureSpec.valueNames)])
    }
}

extension Node {
    /// The view's drag gesture, if it has one.
    public var onDrag: DragGestureSpec? { modifierValues[OnDragModifier.self] }
}

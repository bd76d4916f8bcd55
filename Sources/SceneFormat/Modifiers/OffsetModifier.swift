/// `"offset": {"x", "y"}` (SwiftUI `.offset(x:y:)`).
enum OffsetModifier: ModifierUnit {
    static let key = "offset"
    static let swiftUINames = ["position": "place views with stack and frame alignment, then \"offset\""]
    static let swiftSourceHints = ["position": "place views with stacks and .frame(width:height:alignment:), then .offset(x:y:)"]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        guard let reader = object[key] else { return }
        let xy = try reader.object(allowing: ["x", "y"])
        node.effects.offsetX = try xy["x"].map(BindingDecoder.number)
        node.effects.offsetY = try xy["y"].map(BindingDecoder.number)
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(bindings: [node.effects.offsetX, node.effects.offsetY]) }
}

/// `"onGeometryChange": {"of": "width", "action": [...]}` (SwiftUI `.onGeometryChange(for:of:action:)`): the
/// action runs when the value made from the view's laid-out frame changes. In `"modifiers"` it watches the
/// frame of everything written before it, as a `GeometryReader` there would.
enum GeometryChangeModifier: ModifierUnit, ModifierValueKey {
    typealias Value = GeometryChangeSpec
    static let key = "onGeometryChange"

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        node.modifierValues[Self.self] = try object[key].map(NodeDecoder.decodeGeometryChange)
    }

    static func uses(in node: Node) -> ModifierUses {
        guard let geometry = node.onGeometryChange else { return ModifierUses() }
        var uses = ModifierUses(actions: [(geometry.action, GeometryChangeSpec.valueNames)])
        uses.scopedBindings = [(geometry.of, GeometryChangeSpec.geometryNames)]
        return uses
    }
}

extension Node {
    /// The view's `.onGeometryChange(for:of:action:)`, if it has one.
    public var onGeometryChange: GeometryChangeSpec? { modifierValues[GeometryChangeModifier.self] }
}

/// `"matchedGeometryEffect": {"id", "in", "properties", "anchor", "isSource"}`
/// (SwiftUI `.matchedGeometryEffect(id:in:properties:anchor:isSource:)`).
enum MatchedGeometryModifier: ModifierUnit, ModifierValueKey {
    typealias Value = MatchedGeometrySpec
    static let key = "matchedGeometryEffect"
    static let placement = ModifierPlacement.viewOnly("the frame it matches is the view's, with its own frame and padding")

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        node.modifierValues[Self.self] = try object[key].map(NodeDecoder.decodeMatchedGeometry)
    }

    static func uses(in node: Node) -> ModifierUses {
        ModifierUses(bindings: [node.matchedGeometry?.id, node.matchedGeometry?.isSource])
    }
}

extension Node {
    /// `.matchedGeometryEffect(id:in:properties:anchor:isSource:)`, if the view has one.
    public var matchedGeometry: MatchedGeometrySpec? { modifierValues[MatchedGeometryModifier.self] }
}

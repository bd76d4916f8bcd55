/// `"clipShape": "circle"`, `{"shape": "roundedRectangle", "cornerRadius": 12}` or `{"path": [...]}`
/// (SwiftUI `.clipShape(_:)`).
enum ClipShapeModifier: ModifierUnit, ModifierValueKey {
    typealias Value = ShapeSpec.Geometry
    static let key = "clipShape"
    static let swiftUINames = [
        "cornerRadius": "write \"clipShape\": {\"shape\": \"roundedRectangle\", \"cornerRadius\": 12} "
            + "(\"cornerRadius\" is an option of a roundedRectangle shape)",
    ]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        if let reader = object[key] { node.modifierValues[Self.self] = try NodeDecoder.decodeClipShape(reader) }
    }

    static func uses(in node: Node) -> ModifierUses { .geometry(node.modifierValues[Self.self]) }
}

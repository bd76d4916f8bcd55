/// `"blendMode": "multiply"` (SwiftUI `.blendMode(_:)`): how the view, as drawn, combines with what is behind it.
enum BlendModeModifier: ModifierUnit, ModifierValueKey {
    typealias Value = ViewBlendMode
    static let key = "blendMode"

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        guard let mode = object[key] else { return }
        if case .string("plusDarker") = mode.value.kind {
            throw mode.error("\"plusDarker\" has no Cairo operator and cannot be drawn; use one of "
                + ViewBlendMode.allCases.map(\.rawValue).joined(separator: ", "))
        }
        node.modifierValues[Self.self] = ViewBlendMode(rawValue: try mode.choice(ViewBlendMode.allCases.map(\.rawValue)))
    }
}

/// `"fontDesign": "monospaced"` (SwiftUI `.fontDesign(_:)`, iOS 16.1; `.monospaced()` is
/// `.fontDesign(.monospaced)`): the design of the inherited font, whatever its size and weight, for the
/// text inside. On the same view as `font`, it replaces that font's `design`.
enum FontDesignModifier: ModifierUnit {
    static let key = "fontDesign"
    static let swiftUINames = ["monospaced": "write \"fontDesign\": \"monospaced\""]
    static let swiftSourceHints = ["monospaced": "write .font(.system(size: 17, design: .monospaced))"]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        guard let reader = object[key] else { return }
        var font = node.style.font ?? FontSpec()
        font.design = FontDesign(rawValue: try reader.choice(FontDesign.allCases.map(\.rawValue)))
        node.style.font = font
    }
}

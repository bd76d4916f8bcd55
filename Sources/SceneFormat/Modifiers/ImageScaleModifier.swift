/// `"imageScale": "small" | "medium" | "large"` (SwiftUI `.imageScale(_:)`), inherited by the symbols inside.
enum ImageScaleModifier: ModifierUnit {
    static let key = "imageScale"

    /// Apple's NSImage.SymbolScale: small is about 20% smaller than medium, large about 30% larger.
    static let scales: [(name: String, factor: Double)] = [("small", 0.8), ("medium", 1), ("large", 1.3)]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        guard let reader = object[key] else { return }
        let name = try reader.choice(scales.map(\.name))
        node.style.imageScale = scales.first { $0.name == name }?.factor
    }
}

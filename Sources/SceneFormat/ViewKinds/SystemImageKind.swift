/// `{"systemImage": "heart.fill", "symbolEffect": {...}}`: SwiftUI's `Image(systemName:)`, with its symbol
/// effects, its replace transition and its variable value.
enum SystemImageKind: ViewKindUnit {
    static let key = "systemImage"
    static let companionKeys = ["symbolEffect", "contentTransition", "variableValue"]
    static let swiftUINames = ["systemName": "Image(systemName:); write \"systemImage\": \"heart.fill\""]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        var symbol = try NodeDecoder.decodeSymbol(try object.required(key))
        symbol.effect = try object["symbolEffect"].map(NodeDecoder.decodeSymbolEffect)
        symbol.replace = try object["contentTransition"].map(NodeDecoder.decodeSymbolReplace)
        symbol.variableValue = try object["variableValue"].map(BindingDecoder.number)
        return try view(.symbol(symbol), object, at: reader, depth: depth)
    }

    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .symbol(let symbol) = node.kind else { return nil }
        switch symbol.effect?.trigger {
        case .value(let value)?: return [.reads(symbol.name), .reads(value)]
        case .isActive(let active)?: return [.reads(symbol.name), .reads(active)]
        case nil: return [.reads(symbol.name)]
        }
    }
}

/// `"ignoresSafeArea": true` or edges (SwiftUI `.ignoresSafeArea(edges:)`): when the canvas declares a safe
/// area (`"canvas": {"safeArea": {"top": 47, "bottom": 34}}`), the root is laid out inside it; a view that
/// ignores it and reaches the safe area's edge on an ignored side is extended to the canvas's edge there, as
/// SwiftUI extends such a view's frame into the safe area ("expands the view out of its safe area",
/// Apple's `ignoresSafeArea(_:edges:)`). Its parent's layout does not change.
public enum IgnoresSafeAreaModifier: ModifierUnit, ModifierValueKey {
    public typealias Value = Set<SafeAreaEdge>
    static let key = "ignoresSafeArea"
    static let swiftUINames = ["edgesIgnoringSafeArea": "write \"ignoresSafeArea\": true or the edges, [\"top\", \"bottom\"]"]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        guard let reader = object[key] else { return }
        switch reader.value.kind {
        case .bool(let all):
            guard all else { throw reader.error("\"ignoresSafeArea\": false ignores nothing; leave it out") }
            node.modifierValues[Self.self] = Set(SafeAreaEdge.allCases)
        case .string:
            node.modifierValues[Self.self] = try edges(reader)
        default:
            var set = Set<SafeAreaEdge>()
            for item in try reader.array() { set.formUnion(try edges(item)) }
            guard !set.isEmpty else { throw reader.error("\"ignoresSafeArea\" needs at least one edge") }
            node.modifierValues[Self.self] = set
        }
    }

    /// An edge name, or `horizontal`, `vertical`, `all`.
    private static func edges(_ reader: JSONReader) throws(SceneError) -> Set<SafeAreaEdge> {
        let name = try reader.choice(SafeAreaEdge.allCases.map(\.rawValue) + ["horizontal", "vertical", "all"])
        switch name {
        case "horizontal": return [.leading, .trailing]
        case "vertical": return [.top, .bottom]
        case "all": return Set(SafeAreaEdge.allCases)
        default: return [SafeAreaEdge(rawValue: name)!]
        }
    }
}

/// An edge of the canvas's safe area.
public enum SafeAreaEdge: String, CaseIterable, Sendable, Hashable {
    case top, leading, bottom, trailing
}

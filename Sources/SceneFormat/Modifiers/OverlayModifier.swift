/// `"overlay": {view}` or `{"content": {view}, "alignment": "topTrailing"}` (SwiftUI `.overlay(alignment:) { view }`).
enum OverlayModifier: ModifierUnit, ModifierValueKey {
    typealias Value = OverlaySpec
    static let key = "overlay"
    static let swiftUINames = [
        "border": "write \"overlay\": {\"shape\": \"rectangle\", \"stroke\": {\"color\": \"red\", \"lineWidth\": 2}}",
    ]
    /// SwiftUI's border is drawn inside the view's bounds (Apple's documentation, `View.border(_:width:)`): an
    /// inner stroke, `strokeBorder`.
    static let swiftSourceHints = ["border": "write .overlay(Rectangle().strokeBorder(.red, lineWidth: 2))"]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        node.modifierValues[Self.self] = try object[key].map { r throws(SceneError) in try NodeDecoder.decodeOverlay(r, depth: depth) }
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(views: node.overlay?.views ?? []) }
}

extension Node {
    /// The view's `.overlay(alignment:) { view }`, if it has one.
    public var overlay: OverlaySpec? { modifierValues[OverlayModifier.self] }
}

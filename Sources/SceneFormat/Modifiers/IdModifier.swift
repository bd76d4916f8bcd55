/// `"id": "name"` (SwiftUI `.accessibilityIdentifier("name")`, as XCUITest finds views): names the view for
/// the script's taps, drags and scrolls and for `render inspect`.
enum IdModifier: ModifierUnit {
    static let key = "id"
    static let placement = ModifierPlacement.viewOnly("an id names the view itself")
    static let swiftUINames = ["accessibilityIdentifier": "write \"id\": \"name\""]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        guard let reader = object[key] else { return }
        let id = try reader.string()
        guard SceneDecoder.isIdentifier(id) else { throw reader.error("an id must be an identifier") }
        node.id = id
    }
}

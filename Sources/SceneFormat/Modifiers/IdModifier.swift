/// `"id": "name"` (SwiftUI `.accessibilityIdentifier("name")`, as XCUITest finds views): names the view for
/// the script's taps, drags and scrolls and for `render inspect`. Inside a `forEach`'s content the id is a
/// template over the element (`"tab-${option}"`), one id per item (`ItemIDSpec`), kept by the unit.
enum IdModifier: ModifierUnit, ModifierValueKey {
    typealias Value = ItemIDSpec
    static let key = "id"
    static let placement = ModifierPlacement.viewOnly("an id names the view itself")
    static let swiftUINames = ["accessibilityIdentifier": "write \"id\": \"name\""]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        guard let reader = object[key] else { return }
        let id = try reader.string()
        if id.contains("${") {
            node.modifierValues[Self.self] = ItemIDSpec(template: try BindingDecoder.template(reader), text: id)
            return
        }
        guard SceneDecoder.isIdentifier(id) else { throw reader.error("an id must be an identifier") }
        node.id = id
    }
}

extension Node {
    /// The id template of a view inside a `forEach`'s content, if it has one.
    public var itemID: ItemIDSpec? { modifierValues[IdModifier.self] }
}

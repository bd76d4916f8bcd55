/// `"let": {"a": "0.3 * w"}`: named values computed before the view's other bindings, in order, each seeing
/// the ones before it.
enum LetModifier: ModifierUnit {
    static let key = "let"
    static let placement = ModifierPlacement.viewOnly("its names are read by the view's own keys")

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        guard let list = object[key] else { return }
        for (name, value) in try list.members() {
            guard SceneDecoder.isIdentifier(name), !BindingDecoder.reservedNames.contains(name) else {
                throw value.error("\"\(name)\" cannot be a let name")
            }
            node.lets.append((name, try BindingDecoder.any(value)))
        }
    }
}

import Expressions

/// `textField`: SwiftUI's `TextField(_:text:)` with `.textFieldStyle(_:)` and `.focused(_:)`, decoded into a
/// `TextFieldSpec` (drawn by `Composer+TextField.swift`).
///
/// A script types into the field with the `typeText` action, which appends to the bound state variable
/// (see `ActionDecoder.typeText`).
extension NodeDecoder {
    /// `{"textField": "email", "prompt": "Email", "textFieldStyle": "roundedBorder"}`:
    /// `TextField("Email", text: $email).textFieldStyle(.roundedBorder)`, with the object's other modifiers.
    static func decodeTextField(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let value = try object.required("textField")
        let name = try controlVariable(value, "textField", "TextField(\"Email\", text: $email)")
        let spec = TextFieldSpec(name: name, value: BindingDecoder.tree(.name(name), value),
                                 prompt: try object["prompt"].map(BindingDecoder.template),
                                 style: try object["textFieldStyle"].map { r throws(SceneError) in try choice(r, TextFieldSpec.Style.self) } ?? .automatic,
                                 focused: try object["focused"].map(BindingDecoder.bool),
                                 setsFont: object.has("font"), site: site(value))
        return try controlNode(.textField(spec), object, at: reader, depth: depth)
    }
}

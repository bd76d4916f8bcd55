/// `{"textField": "email", "prompt": "Email"}`: SwiftUI's `TextField("Email", text: $email)`.
/// A system control: `NodeDecoder+TextField.swift` decodes it into its spec (`ControlSpec`), and Compose draws it.
enum TextFieldKind: ViewKindUnit {
    static let key = "textField"
    static let companionKeys = ["prompt", "textFieldStyle", "focused"]
    static let swiftUINames = ["TextField": "TextField(_:text:); write \"textField\": \"email\", the state variable's name"]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        try NodeDecoder.decodeTextField(object, at: reader, depth: depth)
    }

    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .control(let control) = node.kind, case .textField = control else { return nil }
        return ViewKindUse.reads(all: control.bindings)
    }
}

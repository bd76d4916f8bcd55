/// `{"button": "Sign In", "onTap": [...]}`: SwiftUI's `Button("Sign In") { ... }`.
/// A system control: `NodeDecoder+Button.swift` decodes it into its spec (`ControlSpec`), and Compose draws it.
enum ButtonKind: ViewKindUnit {
    static let key = "button"
    static let companionKeys = ["buttonStyle", "controlSize", "tint", "role"]
    static let swiftUINames = ["Button": "Button(_:action:); write \"button\": \"Sign In\" and the action as \"onTap\""]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        try NodeDecoder.decodeButton(object, at: reader, depth: depth)
    }

    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .control(let control) = node.kind, case .button = control else { return nil }
        return ViewKindUse.reads(all: control.bindings)
    }
}

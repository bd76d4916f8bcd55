/// `{"toggle": "isOn", "label": "Wi-Fi"}`: SwiftUI's `Toggle("Wi-Fi", isOn: $isOn)`.
/// A system control: `NodeDecoder+Controls.swift` decodes it into its spec (`ControlSpec`), and Compose draws it.
enum ToggleKind: ViewKindUnit {
    static let key = "toggle"
    static let companionKeys = ["label", "tint", "bindingAnimation"]
    static let swiftUINames = ["Toggle": "Toggle(isOn:); write \"toggle\": \"isOn\", the state variable's name"]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        try NodeDecoder.decodeToggle(object, at: reader, depth: depth)
    }

    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .control(let control) = node.kind, case .toggle = control else { return nil }
        return ViewKindUse.reads(all: control.bindings)
    }
}

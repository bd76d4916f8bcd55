/// `{"slider": "volume", "in": [0, 1]}`: SwiftUI's `Slider(value: $volume, in: 0...1)`.
/// A system control: `NodeDecoder+Slider.swift` decodes it into its spec (`ControlSpec`), and Compose draws it.
enum SliderKind: ViewKindUnit {
    static let key = "slider"
    static let companionKeys = ["in", "step", "tint", "label", "bindingAnimation"]
    static let swiftUINames = ["Slider": "Slider(value:); write \"slider\": \"volume\", the state variable's name"]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        try NodeDecoder.decodeSlider(object, at: reader, depth: depth)
    }

    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .control(let control) = node.kind, case .slider = control else { return nil }
        return ViewKindUse.reads(all: control.bindings)
    }
}

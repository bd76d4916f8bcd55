/// `{"picker": "flavor", "pickerStyle": "segmented", "options": [...]}`: SwiftUI's
/// `Picker(selection: $flavor) { ... }.pickerStyle(.segmented)`; its segments take taps by ids of their own.
/// A system control: `NodeDecoder+Picker.swift` decodes it into its spec (`ControlSpec`), and Compose draws it.
enum PickerKind: ViewKindUnit {
    static let key = "picker"
    static let companionKeys = ["options", "pickerStyle", "label", "bindingAnimation"]
    static let swiftUINames = ["Picker": "Picker(selection:); write \"picker\": \"flavor\", the state variable's name, with \"pickerStyle\": \"segmented\""]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        try NodeDecoder.decodePicker(object, at: reader, depth: depth)
    }

    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .control(let control) = node.kind, case .picker(let picker) = control else { return nil }
        var uses = ViewKindUse.reads(all: control.bindings)
        if case .generated(let generated) = picker.options {
            // The segment's text and tag see the list's element.
            uses += [.reads(generated.text, names: [generated.name]), .reads(generated.tag, names: [generated.name])]
        }
        return uses + [.parts(picker.parts)]
    }
}

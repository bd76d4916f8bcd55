/// `{"stepper": "count", "in": [0, 10]}`: SwiftUI's `Stepper(value: $count, in: 0...10)`; its two segments
/// take taps by ids of their own.
/// A system control: `NodeDecoder+Stepper.swift` decodes it into its spec (`ControlSpec`), and Compose draws it.
enum StepperKind: ViewKindUnit {
    static let key = "stepper"
    static let companionKeys = ["in", "step", "label", "bindingAnimation"]
    static let swiftUINames = ["Stepper": "Stepper(value:); write \"stepper\": \"count\", the state variable's name"]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        try NodeDecoder.decodeStepper(object, at: reader, depth: depth)
    }

    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .control(let control) = node.kind, case .stepper(let stepper) = control else { return nil }
        return ViewKindUse.reads(all: control.bindings) + [.parts(stepper.parts)]
    }
}

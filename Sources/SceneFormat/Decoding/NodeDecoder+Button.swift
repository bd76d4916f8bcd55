import Expressions

/// `button`: SwiftUI's `Button(_:action:)` with `.buttonStyle(_:)`, `.controlSize(_:)`, `.tint(_:)`, `role:`
/// and `.disabled(_:)`, decoded into a `ButtonSpec` (drawn by `Composer+Button.swift`).
///
/// The button's `onTap` actions are its action closure; with `disabled`, they are wrapped in
/// `if !disabled`, so a tap on a disabled button does nothing, as on iOS.
extension NodeDecoder {
    /// `{"button": "Sign in", "buttonStyle": "borderedProminent", "controlSize": "large", "tint": colour,
    /// "role": "destructive", "disabled": "expr", "onTap": [...]}`:
    /// `Button("Sign in", role: .destructive) { ... }.buttonStyle(.borderedProminent).controlSize(.large)
    /// .tint(colour).disabled(expr)`, with the object's other modifiers.
    static func decodeButton(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let value = try object.required("button")
        let spec = ButtonSpec(title: try BindingDecoder.template(value),
                              style: try object["buttonStyle"].map { r throws(SceneError) in try choice(r, ButtonSpec.Style.self) } ?? .automatic,
                              controlSize: try object["controlSize"].map { r throws(SceneError) in try choice(r, ButtonSpec.ControlSize.self) } ?? .regular,
                              role: try object["role"].map { r throws(SceneError) in try choice(r, ButtonSpec.Role.self) },
                              tint: try object["tint"].map(BindingDecoder.color),
                              disabled: try object["disabled"].map(BindingDecoder.bool),
                              setsFont: object.has("font"), site: site(value))
        var button = try controlNode(.button(spec), object, at: reader, depth: depth)
        if let disabled = spec.disabled {
            // `.disabled(true)`: the action does not run.
            let condition: String
            switch disabled.source {
            case .constant(.bool(let b)): condition = b ? "true" : "false"
            case .expression(let e): condition = "(\(e.source))"
            default: throw value.error("a button's \"disabled\" is true, false or an expression")
            }
            button.onTap = [.conditional(try BindingDecoder.expression("!\(condition)", value), then: button.onTap, else: [],
                                         path: value.path)]
        }
        return button
    }

    /// One of an enum's raw values, decoded into the enum (with a did-you-mean for a near miss).
    static func choice<E: RawRepresentable & CaseIterable>(_ reader: JSONReader, _: E.Type) throws(SceneError) -> E
        where E.RawValue == String {
        let name = try reader.choice(E.allCases.map(\.rawValue))
        guard let value = E(rawValue: name) else { throw reader.error("unknown value \"\(name)\"") }
        return value
    }
}

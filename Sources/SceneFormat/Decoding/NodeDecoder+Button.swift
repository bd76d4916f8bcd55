import Expressions

/// `button`: SwiftUI's `Button(_:action:)` with `.buttonStyle(_:)`, `.controlSize(_:)`, `.tint(_:)` and `role:`,
/// decoded into a `ButtonSpec` (drawn by `Composer+Button.swift`).
///
/// The button's `onTap` actions are its action closure; a tap on a disabled button (`"disabled"`, the
/// modifier of any view) does nothing, as on iOS.
extension NodeDecoder {
    /// `{"button": "Sign in", "buttonStyle": "borderedProminent", "controlSize": "large", "tint": colour,
    /// "role": "destructive", "onTap": [...]}`:
    /// `Button("Sign in", role: .destructive) { ... }.buttonStyle(.borderedProminent).controlSize(.large)
    /// .tint(colour)`, with the object's other modifiers.
    static func decodeButton(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let value = try object.required("button")
        let spec = ButtonSpec(title: try BindingDecoder.template(value),
                              style: try object["buttonStyle"].map { r throws(SceneError) in try choice(r, ButtonSpec.Style.self) } ?? .automatic,
                              controlSize: try object["controlSize"].map { r throws(SceneError) in try choice(r, ButtonSpec.ControlSize.self) } ?? .regular,
                              role: try object["role"].map { r throws(SceneError) in try choice(r, ButtonSpec.Role.self) },
                              tint: try object["tint"].map(BindingDecoder.color),
                              setsFont: object.has("font"), site: site(value))
        return try controlNode(.button(spec), object, at: reader, depth: depth)
    }

    /// One of an enum's raw values, decoded into the enum (with a did-you-mean for a near miss).
    static func choice<E: RawRepresentable & CaseIterable>(_ reader: JSONReader, _: E.Type) throws(SceneError) -> E
        where E.RawValue == String {
        let name = try reader.choice(E.allCases.map(\.rawValue))
        guard let value = E(rawValue: name) else { throw reader.error("unknown value \"\(name)\"") }
        return value
    }
}

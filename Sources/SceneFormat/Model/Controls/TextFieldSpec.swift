/// `{"textField": "email", "prompt": "Email", "textFieldStyle": "roundedBorder", "focused": "isFocused"}`:
/// SwiftUI's `TextField("Email", text: $email).textFieldStyle(.roundedBorder).focused($isFocused)`.
/// A script types into it with the `typeText` action.
public struct TextFieldSpec: Sendable {
    /// SwiftUI's `TextFieldStyle` values drawn (`automatic` is `plain` on iOS).
    public enum Style: String, Sendable, CaseIterable {
        case automatic, plain, roundedBorder
    }

    /// The state variable holding the string.
    public var name: String
    /// `name`, read as an expression at the control's key.
    public var value: Binding
    /// Drawn in placeholder grey while the string is empty.
    public var prompt: Binding?
    public var style: Style
    /// While true, the insertion point blinks after the text.
    public var focused: Binding?
    /// Whether the view sets its own `font` key (then the text takes it, not body 17 pt).
    public var setsFont: Bool
    public var site: ControlSite

    public init(name: String, value: Binding, prompt: Binding?, style: Style, focused: Binding?, setsFont: Bool,
                site: ControlSite) {
        self.name = name
        self.value = value
        self.prompt = prompt
        self.style = style
        self.focused = focused
        self.setsFont = setsFont
        self.site = site
    }
}

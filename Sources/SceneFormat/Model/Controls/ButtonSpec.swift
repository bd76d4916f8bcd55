/// `{"button": "Sign in", "buttonStyle": "borderedProminent", "controlSize": "large", "tint": colour,
/// "role": "destructive"}`: SwiftUI's `Button("Sign in", role: .destructive) { ... }
/// .buttonStyle(.borderedProminent).controlSize(.large).tint(colour)`. Its action is the view's `onTap`;
/// `.disabled(_:)` is the `disabled` modifier of any view (`DisabledModifier`).
public struct ButtonSpec: Sendable {
    /// SwiftUI's `PrimitiveButtonStyle` values drawn.
    public enum Style: String, Sendable, CaseIterable {
        case automatic, borderless, bordered, borderedProminent, plain
    }

    /// SwiftUI's `ControlSize` values.
    public enum ControlSize: String, Sendable, CaseIterable {
        case mini, small, regular, large, extraLarge
    }

    /// SwiftUI's `ButtonRole` values.
    public enum Role: String, Sendable, CaseIterable {
        case destructive, cancel
    }

    /// The title: text with `${expr}` interpolation.
    public var title: Binding
    public var style: Style
    public var controlSize: ControlSize
    public var role: Role?
    /// The tint (nil: `UIColor.systemBlue`).
    public var tint: Binding?
    /// Whether the view sets its own `font` key (then the title takes it, not the control size's).
    public var setsFont: Bool
    public var site: ControlSite

    public init(title: Binding, style: Style, controlSize: ControlSize, role: Role?, tint: Binding?, setsFont: Bool,
                site: ControlSite) {
        self.title = title
        self.style = style
        self.controlSize = controlSize
        self.role = role
        self.tint = tint
        self.setsFont = setsFont
        self.site = site
    }
}

/// `{"toggle": "isOn", "label": "Wi-Fi", "tint": colour}`: SwiftUI's `Toggle("Wi-Fi", isOn: $isOn).tint(colour)`
/// in the switch style (a `UISwitch`). A tap on the view flips the state variable (the view's `onTap`).
public struct ToggleSpec: Sendable {
    /// The state variable the switch shows and flips.
    public var name: String
    /// `name`, read as an expression at the control's key.
    public var value: Binding
    /// One line of text, leading, taking the width the switch leaves.
    public var label: Binding?
    /// The on track's colour (nil: `UIColor.systemGreen`).
    public var tint: Binding?
    public var site: ControlSite

    public init(name: String, value: Binding, label: Binding?, tint: Binding?, site: ControlSite) {
        self.name = name
        self.value = value
        self.label = label
        self.tint = tint
        self.site = site
    }
}

/// `{"progressView": "progress", "total": 1, "tint": colour}`: SwiftUI's linear
/// `ProgressView(value: progress, total: 1).tint(colour)`.
public struct ProgressViewSpec: Sendable {
    /// The value: a number or an expression.
    public var value: Binding
    /// The value at which the bar is full (nil: 1).
    public var total: Binding?
    /// The bar's colour (nil: `UIColor.systemBlue`).
    public var tint: Binding?
    public var site: ControlSite

    public init(value: Binding, total: Binding?, tint: Binding?, site: ControlSite) {
        self.value = value
        self.total = total
        self.tint = tint
        self.site = site
    }
}

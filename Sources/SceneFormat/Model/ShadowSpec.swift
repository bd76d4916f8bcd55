import Expressions

/// SwiftUI's `.shadow(color:radius:x:y:)`: the view's alpha, blurred, in `color`, offset, behind it.
public struct ShadowSpec: Sendable {
    /// Default: black at 33% opacity, SwiftUI's `Color(.sRGBLinear, white: 0, opacity: 0.33)`.
    public var color: Binding?
    /// The Gaussian's standard deviation, in points.
    public var radius: Binding
    public var x: Binding?
    public var y: Binding?
}

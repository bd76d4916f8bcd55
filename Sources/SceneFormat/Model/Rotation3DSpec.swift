import Expressions

/// SwiftUI's `.rotation3DEffect(_:axis:anchor:anchorZ:perspective:)`: the rendered view, turned about an
/// axis through a point and drawn in perspective.
public struct Rotation3DSpec: Sendable {
    /// Degrees.
    public var angle: Binding
    /// The axis (x, y, z); SwiftUI has no default, nor does the format.
    public var axis: [Binding]
    /// The unit point the axis goes through; default centre.
    public var anchor: (x: Double, y: Double)
    /// The axis point's z, in points; default 0.
    public var anchorZ: Binding?
    /// The relative vanishing point; default 1 (the eye max(width, height) / perspective points away).
    public var perspective: Binding?
}

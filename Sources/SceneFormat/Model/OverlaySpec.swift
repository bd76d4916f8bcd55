/// SwiftUI's `.overlay(alignment:content:)`: a view drawn in front of this one, proposed its size and
/// placed in it by `alignment`.
public struct OverlaySpec: Sendable {
    /// The overlay view (one; an array because a view cannot hold a view directly).
    public var views: [Node]
    /// A unit point name; default `center`.
    public var alignment: String

    public init(view: Node, alignment: String) {
        self.views = [view]
        self.alignment = alignment
    }
}

import Expressions

/// SwiftUI's `Shape.trim(from:to:)`: the part of the shape's path between two fractions of its length.
public struct TrimSpec: Sendable {
    /// Default 0.
    public var from: Binding?
    /// Default 1.
    public var to: Binding?

    public init(from: Binding?, to: Binding?) {
        self.from = from
        self.to = to
    }
}

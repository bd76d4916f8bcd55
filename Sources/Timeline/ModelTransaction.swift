import Expressions
import SceneFormat

/// One transaction as the simulator ran it (SwiftUI's `Transaction`): the model changes made together,
/// at one time, under one animation — a `withAnimation` block, an animated `set`, the plain sets of an
/// action list, an animated scroll.
public struct ModelTransaction: Sendable {
    public var time: Double
    /// nil: the changes show at once (unless an implicit animation in the views animates them).
    public var animation: Animation?
    /// The new model values, in the order they were set.
    public var changes: [(key: StateKey, value: Value)]
    /// The assignment that opened the transaction (a `set`'s value, a scroll): where an error about the
    /// transaction points. nil for a log made by hand.
    public var origin: (path: JSONPath, location: SourceLocation)?

    public init(time: Double, animation: Animation?, changes: [(key: StateKey, value: Value)],
                origin: (path: JSONPath, location: SourceLocation)? = nil) {
        self.time = time
        self.animation = animation
        self.changes = changes
        self.origin = origin
    }
}

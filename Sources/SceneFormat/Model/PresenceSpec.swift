/// A view that exists only while a condition holds (SwiftUI `if condition { view }`), with the transitions
/// that bring it in and take it out.
///
/// The condition is evaluated over model values, as SwiftUI evaluates `body` with the new state. When it
/// flips, the transaction that flipped it (the `withAnimation` or `set` animation, or that of an
/// `.animation(_:value:)` around the view whose value changed in it) animates the transition: an inserted view goes from its transition's active state to its identity; a removed one
/// from identity to active, and keeps drawing until the animation ends.
public struct PresenceSpec: Sendable {
    /// The condition: a boolean expression over state and parameters.
    public var condition: Binding
    /// How the view comes in and goes out; default `.opacity`, as SwiftUI's.
    public var transition: TransitionSpec

    public init(condition: Binding, transition: TransitionSpec) {
        self.condition = condition
        self.transition = transition
    }
}

/// SwiftUI's `AnyTransition`: what is applied to a view while it is inserted and while it is removed.
public struct TransitionSpec: Sendable {
    /// Applied on insertion (active -> identity).
    public var insertion: [TransitionEffect]
    /// Applied on removal (identity -> active).
    public var removal: [TransitionEffect]

    public init(insertion: [TransitionEffect], removal: [TransitionEffect]) {
        self.insertion = insertion
        self.removal = removal
    }

    /// `.opacity`, SwiftUI's default transition.
    public static let opacity = TransitionSpec(insertion: [.opacity], removal: [.opacity])
}

/// One part of a transition, with its active state (identity is no effect, except for `modifier`).
public enum TransitionEffect: Sendable {
    /// `.opacity`: active opacity 0.
    case opacity
    /// `.scale(scale:anchor:)`: active scale (default 0) about a unit point.
    case scale(Double, anchor: (x: Double, y: Double))
    /// `.move(edge:)`: active offset by the view's width or height towards `edge` (top, bottom, leading, trailing).
    case move(edge: String)
    /// `.offset(x:y:)`: active offset.
    case offset(x: Double, y: Double)
    /// `.modifier(active:identity:)`: modifiers written in the scene, whose parameters go from `active`
    /// to `identity` values (SwiftUI interpolates an AnimatableModifier's `animatableData`).
    case modifier(ModifierTransition)
}

/// A transition made of the scene's own modifiers: `{"modifier": {...}, "active": {"pct": 0}, "identity": {"pct": 1}}`.
public struct ModifierTransition: Sendable {
    /// The modifiers (mask, clip, effects, `let`s), as a view whose content is the transitioning view.
    public var wrapper: Node
    /// Parameter values in the active state, by name, in file order.
    public var active: [(name: String, value: Double)]
    /// Parameter values in the identity state (applied while the view is present and not transitioning).
    public var identity: [(name: String, value: Double)]

    public init(wrapper: Node, active: [(name: String, value: Double)], identity: [(name: String, value: Double)]) {
        self.wrapper = wrapper
        self.active = active
        self.identity = identity
    }
}

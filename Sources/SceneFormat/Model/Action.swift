import Expressions

/// Something a tap, timer or completion does: changes model state, possibly with an animation.
///
/// Actions never read animated (presentation) values, only model values, as in SwiftUI; that is what
/// lets the whole script be simulated once, ahead of rendering.
public indirect enum Action: Sendable {
    /// Assign values in order (later ones see earlier ones). `animation` nil: no animation unless an
    /// enclosing `withAnimation` gives one.
    case set([(name: String, value: Binding)], animation: AnimationSpec?, path: JSONPath)
    /// `withAnimation(animation) { actions }`.
    case withAnimation(AnimationSpec, [Action], path: JSONPath)
    /// Run `actions` after `delay` seconds; scheduling again with the same id replaces the pending one
    /// (a cancelled `DispatchWorkItem`).
    case after(delay: Binding, id: String?, actions: [Action], path: JSONPath)
    /// Cancel the pending `after` with this id, if any.
    case cancel(id: String, path: JSONPath)
    case conditional(Binding, then: [Action], else: [Action], path: JSONPath)
    /// Call a component's action slot (a closure passed in by the parent).
    case run(slot: String, path: JSONPath)
}

/// An animation written as SwiftUI code: `.easeInOut(duration: 0.1).delay(0.1)`.
public struct AnimationSpec: Sendable {
    public var expression: Expression
    public var path: JSONPath
    public var location: SourceLocation
}

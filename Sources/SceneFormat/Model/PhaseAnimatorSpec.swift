import Expressions

/// SwiftUI's `.phaseAnimator(_:content:animation:)` and `.phaseAnimator(_:trigger:content:animation:)`:
/// the view's bindings read the current phase (`as`, default `phase`), which steps through `phases` in
/// animated transactions.
public struct PhaseAnimatorSpec: Sendable {
    /// The phases, in order (constants: numbers, strings, booleans, colours or records of them).
    public var phases: [Value]
    public var name: String
    /// Cycle through the phases once, back to the first, each time this value changes; nil: loop forever.
    public var trigger: Binding?
    /// The animation into each phase (one for all, or one per phase); it may read the phase by `name`.
    /// Empty: `.default`.
    public var animations: [AnimationSpec]
    public var path: JSONPath
    /// Where `phaseAnimator`'s value stands in the file, for errors about it.
    public var location: SourceLocation?

    public init(phases: [Value], name: String, trigger: Binding?, animations: [AnimationSpec], path: JSONPath,
                location: SourceLocation? = nil) {
        self.phases = phases
        self.name = name
        self.trigger = trigger
        self.animations = animations
        self.path = path
        self.location = location
    }

    /// The hidden state variable holding the current phase, under an instance's `prefix`.
    public func stateKey(prefix: String) -> String { prefix + path.description + "#phase" }

    /// The animation into phase `index`, if the scene gave one.
    public func animation(into index: Int) -> AnimationSpec? {
        animations.count == 1 ? animations.first : (animations.indices.contains(index) ? animations[index] : nil)
    }
}

/// SwiftUI's `.keyframeAnimator(initialValue:repeating:content:keyframes:)` and
/// `.keyframeAnimator(initialValue:trigger:content:keyframes:)`: the node and its subtree read a value
/// (`as`, default `value`) that keyframe tracks move over time.
public struct KeyframeAnimatorSpec: Sendable {
    /// One keyframe as written (`KeyframeSpec` numbers are checked when decoded).
    public enum KeyframeSpec: Sendable, Equatable {
        /// `LinearKeyframe(to, duration:, timingCurve:)`; nil curve: `.linear`.
        case linear(to: Double, duration: Double, curve: BasicAnimationSpec.TimingFunction?)
        /// `CubicKeyframe(to, duration:, startVelocity:, endVelocity:)`.
        case cubic(to: Double, duration: Double, startVelocity: Double?, endVelocity: Double?)
        /// `SpringKeyframe(to, duration:, spring: Spring(duration: springDuration, bounce:), startVelocity:)`.
        case spring(to: Double, duration: Double?, springDuration: Double, bounce: Double, startVelocity: Double?)
        /// `MoveKeyframe(to)`.
        case move(to: Double)
    }

    /// The name the node's bindings read the value by.
    public var name: String
    /// The animated fields and their initial values, in file order; one field with the empty name when
    /// the value is a number.
    public var fields: [(name: String, initial: Double)]
    /// Whether the value is a record (`value.scale`) rather than a number (`value`).
    public var isRecord: Bool
    /// Each field's keyframes (a field without a track keeps its initial value).
    public var tracks: [String: [KeyframeSpec]]
    /// Played again each time this value changes; nil: the animator plays from the scene's start.
    public var trigger: Binding?
    /// With no trigger: loop the keyframes (SwiftUI's default) or play them once.
    public var repeating: Bool
    public var path: JSONPath

    public init(name: String, fields: [(name: String, initial: Double)], isRecord: Bool,
                tracks: [String: [KeyframeSpec]], trigger: Binding?, repeating: Bool, path: JSONPath) {
        self.name = name
        self.fields = fields
        self.isRecord = isRecord
        self.tracks = tracks
        self.trigger = trigger
        self.repeating = repeating
        self.path = path
    }
}

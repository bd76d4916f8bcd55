/// SwiftUI's `.keyframeAnimator(initialValue:repeating:content:keyframes:)` and
/// `.keyframeAnimator(initialValue:trigger:content:keyframes:)`: the node and its subtree read a value
/// (`as`, default `value`) that keyframe tracks move over time.
public struct KeyframeAnimatorSpec: Sendable {
    /// The longest keyframe segment, in seconds: a written duration is checked against it when the scene
    /// loads, a computed one when the keyframes play.
    public static let maxDuration = 3_600.0

    /// One keyframe as written (`KeyframeSpec` numbers are checked when decoded). A duration is a number
    /// or an expression of the names around the animator, read each time the keyframes play (SwiftUI
    /// calls the animator's `keyframes` closure again for each play).
    public enum KeyframeSpec: Sendable {
        /// `LinearKeyframe(to, duration:, timingCurve:)`; nil curve: `.linear`.
        case linear(to: Double, duration: Binding, curve: BasicAnimationSpec.TimingFunction?)
        /// `CubicKeyframe(to, duration:, startVelocity:, endVelocity:)`.
        case cubic(to: Double, duration: Binding, startVelocity: Double?, endVelocity: Double?)
        /// `SpringKeyframe(to, duration:, spring: Spring(duration: springDuration, bounce:), startVelocity:)`.
        case spring(to: Double, duration: Binding?, springDuration: Binding, bounce: Double, startVelocity: Double?)
        /// `MoveKeyframe(to)`.
        case move(to: Double)

        /// The durations the keyframe reads.
        public var durations: [Binding] {
            switch self {
            case .linear(_, let d, _), .cubic(_, let d, _, _): return [d]
            case .spring(_, let d, let spring, _, _): return (d.map { [$0] } ?? []) + [spring]
            case .move: return []
            }
        }
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

    /// Every keyframe's durations, in the fields' order.
    public var durations: [Binding] {
        fields.flatMap { (tracks[$0.name] ?? []).flatMap(\.durations) }
    }

    /// Whether every duration is a number (the tracks are the same on every play).
    public var hasConstantDurations: Bool {
        durations.allSatisfy { if case .constant = $0.source { return true } else { return false } }
    }

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

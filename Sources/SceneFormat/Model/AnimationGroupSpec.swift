/// A Core Animation `CAAnimationGroup`: its animations (`caAnimation`, `caSpringAnimation`,
/// `caKeyframeAnimation`) run together in the group's local time, which its `duration` clips; the group's
/// `beginTime`, `speed`, repetition, fill and delegate apply to them all.
public struct AnimationGroupSpec: Sendable {
    /// The grouped animations: `.caAnimation` and `.caKeyframeAnimation` actions only.
    public var animations: [Action]
    /// Seconds; nil or 0 means Core Animation's default, 0.25 s.
    public var duration: Binding?
    public var isRemovedOnCompletion: Bool
    public var fillMode: FillMode
    /// The group delegate's `animationDidStop(_:finished:)` (the children's delegates are not called).
    public var animationDidStop: [Action]
    public var timing = MediaTimingSpec()
    public var path: JSONPath

    public init(animations: [Action], duration: Binding?, isRemovedOnCompletion: Bool, fillMode: FillMode,
                animationDidStop: [Action], path: JSONPath) {
        self.animations = animations
        self.duration = duration
        self.isRemovedOnCompletion = isRemovedOnCompletion
        self.fillMode = fillMode
        self.animationDidStop = animationDidStop
        self.path = path
    }

    /// The animation kinds a group holds.
    public static let childKinds = [CAAnimationAction.key, CAKeyframeAnimationAction.key, CASpringAnimationAction.key]
}

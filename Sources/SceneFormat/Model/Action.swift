import Expressions

/// Something a tap, timer or completion does: changes model state, possibly with an animation.
///
/// Actions never read animated (presentation) values, only model values, as in SwiftUI; that is what
/// lets the whole script be simulated once, ahead of rendering.
public indirect enum Action: Sendable {
    /// Assign values in order (later ones see earlier ones). `animation` nil: no animation unless an
    /// enclosing `withAnimation` gives one.
    case set([(name: String, value: Binding)], animation: AnimationSpec?, path: JSONPath)
    /// `withAnimation(animation) { actions }`, or with a completion
    /// `withAnimation(animation, completionCriteria:) { actions } completion: { ... }`.
    case withAnimation(AnimationSpec, [Action], completion: AnimationCompletionSpec?, path: JSONPath)
    /// Run `actions` after `delay` seconds; scheduling again with the same id replaces the pending one
    /// (a cancelled `DispatchWorkItem`).
    case after(delay: Binding, id: String?, actions: [Action], path: JSONPath)
    /// Cancel the pending `after` with this id, if any.
    case cancel(id: String, path: JSONPath)
    case conditional(Binding, then: [Action], else: [Action], path: JSONPath)
    /// Call a component's action slot (a closure passed in by the parent).
    case run(slot: String, path: JSONPath)
    /// Start a repeating timer or a display link (`Timer.scheduledTimer`, `CADisplayLink`).
    case timer(TimerSpec)
    /// Add a Core Animation `CABasicAnimation` to a layer property.
    case caAnimation(BasicAnimationSpec)
    /// A `CAKeyframeAnimation` added to a layer property.
    case caKeyframeAnimation(KeyframeAnimationSpec)
    /// A `CAAnimationGroup` of Core Animation animations sharing its timing.
    case caAnimationGroup(AnimationGroupSpec)
    /// `UIView.animate(withDuration:delay:options:animations:completion:)` and its spring forms.
    case uiViewAnimate(UIViewAnimationSpec)
    /// `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)`.
    case uiViewAnimateKeyframes(UIViewKeyframesSpec)
}

/// The completion of a `withAnimation(_:completionCriteria:_:completion:)` (iOS 17): actions run once,
/// when the animations the block's changes start are logically complete, or removed.
public struct AnimationCompletionSpec: Sendable {
    /// SwiftUI's `AnimationCompletionCriteria`.
    public enum Criteria: String, Sendable, CaseIterable {
        /// The animation has logically completed, but may still be in its long tail (the default).
        case logicallyComplete
        /// The animation, and any later animation of the same values, has finished.
        case removed
    }

    public var criteria: Criteria
    /// The completion closure's actions.
    public var actions: [Action]

    public init(criteria: Criteria, actions: [Action]) {
        self.criteria = criteria
        self.actions = actions
    }
}

/// An animation written as SwiftUI code: `.easeInOut(duration: 0.1).delay(0.1)`.
public struct AnimationSpec: Sendable {
    public var expression: Expression
    public var path: JSONPath
    public var location: SourceLocation
}

/// A timer that runs actions repeatedly: UIKit's `Timer.scheduledTimer(withTimeInterval:repeats:)` or a
/// `CADisplayLink` (one tick per display frame, 60 per second, whatever the output's frame rate).
///
/// The first tick comes one interval after the timer starts, as with both UIKit timers; tick k comes at
/// `start + k * interval` exactly (no drift). Starting a timer with the id of a running one replaces
/// it; `cancel` with its id invalidates it.
public struct TimerSpec: Sendable {
    /// How often the timer fires.
    public enum Rate: Sendable {
        /// Every so many seconds (an expression evaluated when the timer starts).
        case interval(Binding)
        /// Every display frame: 60 per second.
        case displayLink
    }

    public var rate: Rate
    /// false: fire once (a `Timer` with `repeats: false`).
    public var repeats: Bool
    /// The most ticks to run; nil: no limit.
    public var count: Binding?
    /// The scene time after which no tick runs (evaluated when the timer starts); nil: the scene's end.
    public var until: Binding?
    public var id: String?
    /// What each tick does.
    public var actions: [Action]
    public var path: JSONPath

    /// Display links tick at 60 Hz, the reference devices' display rate.
    public static let displayLinkRate = 60.0

    public init(rate: Rate, repeats: Bool, count: Binding?, until: Binding?, id: String?, actions: [Action],
                path: JSONPath) {
        self.rate = rate
        self.repeats = repeats
        self.count = count
        self.until = until
        self.id = id
        self.actions = actions
        self.path = path
    }
}

/// A Core Animation explicit animation, as `CABasicAnimation(keyPath:)` with `fromValue`, `toValue`,
/// `duration`, `timingFunction`, `isRemovedOnCompletion`, `fillMode` and a delegate's `animationDidStop`.
///
/// While it runs, the presentation value of the property is `fromValue -> toValue` along the timing
/// function, whatever the model value is; after it is removed the model value shows. The completion
/// actions run at the end time (the delegate's `animationDidStop`) and can set model values.
public struct BasicAnimationSpec: Sendable {
    /// A `CAMediaTimingFunction`: a named one or control points.
    public enum TimingFunction: Sendable, Equatable {
        /// "linear", "easeIn", "easeOut", "easeInEaseOut" or "default" (a SwiftUI `UnitCurve`: "easeInOut").
        case named(CurveName)
        /// `CAMediaTimingFunction(controlPoints:_:_:_:)`.
        case controlPoints(Double, Double, Double, Double)
    }

    /// The state variable animated (a number or a colour), in place of a layer key path.
    public var keyPath: String
    /// Where `keyPath`'s value is written, for errors about the animation as a whole.
    public var keyPathLocation: SourceLocation? = nil
    /// nil: the presentation value when the animation is added (or `toValue - byValue`).
    public var fromValue: Binding?
    /// nil: the model value when the animation is added (or `fromValue + byValue`).
    public var toValue: Binding?
    /// `byValue`: the change, when one of `fromValue` and `toValue` is omitted.
    public var byValue: Binding?
    /// `isAdditive`: the animation's value is added to the model value (and to animations added before it).
    public var isAdditive = false
    /// Seconds; nil or 0 means Core Animation's default, 0.25 s.
    public var duration: Binding?
    /// nil: linear, as a `CABasicAnimation` without a timing function.
    public var timingFunction: TimingFunction?
    /// With `fillMode` "forwards" and this false, the presentation keeps `toValue` after the end.
    public var isRemovedOnCompletion: Bool
    /// "removed" (the default), "forwards", "backwards" or "both".
    public var fillMode: FillMode
    /// The delegate's `animationDidStop(_:finished:)`.
    public var animationDidStop: [Action]
    public var path: JSONPath
    /// `beginTime`, `speed`, `timeOffset`, repetition and `autoreverses`.
    public var timing = MediaTimingSpec()
    /// A `CASpringAnimation`'s spring; nil for a `CABasicAnimation`.
    public var spring: SpringSpec?

    /// `CASpringAnimation`'s parameters (its defaults: mass 1, stiffness 100, damping 10, velocity 0).
    public struct SpringSpec: Sendable, Equatable {
        public var mass = 1.0
        public var stiffness = 100.0
        public var damping = 10.0
        /// In units of the distance from `fromValue` to `toValue` per second.
        public var initialVelocity = 0.0
        /// `duration = spring.settlingDuration`.
        public var usesSettlingDuration = false
        public init() {}
    }

    /// Core Animation's duration for an animation whose duration is 0.
    public static let defaultDuration = 0.25
    /// The timing function names `CAMediaTimingFunctionName` has.
    public static let timingFunctionNames = [CurveName.linear, .easeIn, .easeOut, .easeInEaseOut, .default].map(\.rawValue)

    public init(keyPath: String, fromValue: Binding?, toValue: Binding?, duration: Binding?,
                timingFunction: TimingFunction?, isRemovedOnCompletion: Bool, fillMode: FillMode,
                animationDidStop: [Action], path: JSONPath) {
        self.keyPath = keyPath
        self.fromValue = fromValue
        self.toValue = toValue
        self.duration = duration
        self.timingFunction = timingFunction
        self.isRemovedOnCompletion = isRemovedOnCompletion
        self.fillMode = fillMode
        self.animationDidStop = animationDidStop
        self.path = path
    }
}

/// A named timing curve: `CAMediaTimingFunctionName` (`linear`, `easeIn`, `easeOut`, `easeInEaseOut`,
/// `default`) and SwiftUI's `UnitCurve` (`easeInOut`, the same curve as `easeInEaseOut`).
public enum CurveName: String, Sendable, CaseIterable {
    case linear, easeIn, easeOut, easeInOut, easeInEaseOut, `default`

    /// The name among `names`, decoded once.
    static func decode(_ reader: JSONReader, among names: [CurveName]) throws(SceneError) -> CurveName {
        let chosen = try reader.choice(names.map(\.rawValue))
        return names.first { $0.rawValue == chosen } ?? .linear
    }
}

/// UIKit's block animations: `UIView.animate(withDuration:delay:options:animations:completion:)`, its
/// spring forms, and `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)`.
///
/// The `animations` run at once and change model values, as UIKit's block does; what they change animates
/// from the old to the new value on the view's layer, and `completion` runs when the animation ends.
public struct UIViewAnimationSpec: Sendable {
    /// The timing of the change: a curve, or one of UIKit's two spring forms.
    public enum Timing: Sendable {
        /// `animate(withDuration:delay:options:...)`: the curve option's timing function over `duration`.
        case curve
        /// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:...)`.
        case dampingRatio(Binding, initialVelocity: Binding?)
        /// iOS 17's `animate(springDuration:bounce:initialSpringVelocity:...)`: SwiftUI's duration/bounce spring.
        case bounce(Binding?, initialVelocity: Binding?)
    }

    /// Seconds; nil: UIKit's default for the form (0.5 for `springDuration`); 0: no animation.
    public var duration: Binding?
    public var delay: Binding?
    public var timing: Timing
    public var options: UIViewAnimationOptions
    public var animations: [Action]
    /// Runs when the animation ends (`finished` true); never for a repeating animation.
    public var completion: [Action]
    public var path: JSONPath

    public init(duration: Binding?, delay: Binding?, timing: Timing, options: UIViewAnimationOptions,
                animations: [Action], completion: [Action], path: JSONPath) {
        self.duration = duration
        self.delay = delay
        self.timing = timing
        self.options = options
        self.animations = animations
        self.completion = completion
        self.path = path
    }

    /// The default `springDuration` of iOS 17's spring form.
    public static let defaultSpringDuration = 0.5
}

/// `UIView.AnimationOptions` and `UIView.KeyframeAnimationOptions` the format reads.
public struct UIViewAnimationOptions: Sendable, Equatable {
    /// `curveEaseInOut` (the default), `curveEaseIn`, `curveEaseOut` or `curveLinear`: a
    /// `CAMediaTimingFunction` name ("easeInEaseOut", "easeIn", "easeOut", "linear").
    public var curve = CurveName.easeInEaseOut
    public var repeats = false
    public var autoreverses = false
    /// Accepted: since iOS 8 the changes combine additively whether or not it is given.
    public var beginsFromCurrentState = false
    /// Keyframes only: `calculationModeLinear` (the default), `Discrete`, `Paced` or `Cubic`, as
    /// `CAAnimationCalculationMode` names.
    public var calculationMode = KeyframeCalculationMode.linear

    public init() {}

    /// The curve options and the `CAMediaTimingFunction` each stands for.
    public static let curves: [String: CurveName] = ["curveEaseInOut": .easeInEaseOut, "curveEaseIn": .easeIn,
                                                     "curveEaseOut": .easeOut, "curveLinear": .linear]
    /// The calculation-mode options of `animateKeyframes`.
    public static let calculationModes: [String: KeyframeCalculationMode] = [
        "calculationModeLinear": .linear, "calculationModeDiscrete": .discrete, "calculationModePaced": .paced,
        "calculationModeCubic": .cubic,
    ]
    /// Every option name the format reads for `animate`.
    public static let names = ["curveEaseInOut", "curveEaseIn", "curveEaseOut", "curveLinear", "repeat", "autoreverse",
                               "beginFromCurrentState"]
}

/// `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)` with its
/// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)` calls.
public struct UIViewKeyframesSpec: Sendable {
    /// One `addKeyframe`: its changes reach their values between `start` and `start + duration`, as
    /// fractions of the whole animation.
    public struct Keyframe: Sendable {
        public var relativeStartTime: Double
        public var relativeDuration: Double
        public var animations: [Action]
        public var path: JSONPath

        public init(relativeStartTime: Double, relativeDuration: Double, animations: [Action], path: JSONPath) {
            self.relativeStartTime = relativeStartTime
            self.relativeDuration = relativeDuration
            self.animations = animations
            self.path = path
        }
    }

    public var duration: Binding
    public var delay: Binding?
    public var options: UIViewAnimationOptions
    public var keyframes: [Keyframe]
    public var completion: [Action]
    public var path: JSONPath
    /// Where the block's object starts in the file, for errors about the animation as a whole.
    public var location: SourceLocation? = nil

    public init(duration: Binding, delay: Binding?, options: UIViewAnimationOptions, keyframes: [Keyframe],
                completion: [Action], path: JSONPath) {
        self.duration = duration
        self.delay = delay
        self.options = options
        self.keyframes = keyframes
        self.completion = completion
        self.path = path
    }
}

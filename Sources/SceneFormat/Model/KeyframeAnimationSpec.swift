/// A Core Animation `CAKeyframeAnimation` on one state variable: `values` reached at `keyTimes`, paced by
/// `timingFunctions` and `calculationMode`; otherwise like `BasicAnimationSpec` (duration, removal, fill,
/// completion).
public struct KeyframeAnimationSpec: Sendable {
    public var keyPath: String
    public var values: [Binding]
    /// Fractions of the duration, checked when decoded; nil: Core Animation's defaults.
    public var keyTimes: [Double]?
    /// One per segment; nil: linear.
    public var timingFunctions: [BasicAnimationSpec.TimingFunction]?
    /// "linear" (the default), "discrete", "paced" or "cubic".
    public var calculationMode: KeyframeCalculationMode
    public var duration: Binding?
    public var isRemovedOnCompletion: Bool
    public var fillMode: FillMode
    public var animationDidStop: [Action]
    public var path: JSONPath
    /// Where the animation's object starts in the file, for errors about the animation as a whole.
    public var location: SourceLocation? = nil
    public var timing = MediaTimingSpec()
    /// `isAdditive`: the values are added to the model value.
    public var isAdditive = false
    /// A `path` for `keyPath` "position": the layer moves along it (then `values` is empty).
    public var pathMotion: PathMotionSpec?

    /// `CAKeyframeAnimation.path` and `rotationMode`: the position follows the path, the state variables
    /// `x` and `y` take its coordinates, and with a rotation mode `rotation` takes the tangent's angle.
    public struct PathMotionSpec: Sendable {
        public var commands: [PathCommand]
        public var x: String
        public var y: String
        /// The variable that takes the rotation (degrees), with `rotationMode`.
        public var rotation: String?
        /// nil, "auto" (along the tangent) or "autoReverse" (the tangent plus 180 degrees).
        public var rotationMode: String?

        public init(commands: [PathCommand], x: String, y: String, rotation: String?, rotationMode: String?) {
            self.commands = commands
            self.x = x
            self.y = y
            self.rotation = rotation
            self.rotationMode = rotationMode
        }
    }

    public static let rotationModes = ["auto", "autoReverse"]

    public static let calculationModes = KeyframeCalculationMode.allCases.map(\.rawValue)

    public init(keyPath: String, values: [Binding], keyTimes: [Double]?, timingFunctions: [BasicAnimationSpec.TimingFunction]?,
                calculationMode: KeyframeCalculationMode, duration: Binding?, isRemovedOnCompletion: Bool, fillMode: FillMode,
                animationDidStop: [Action], path: JSONPath) {
        self.keyPath = keyPath
        self.values = values
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
        self.duration = duration
        self.isRemovedOnCompletion = isRemovedOnCompletion
        self.fillMode = fillMode
        self.animationDidStop = animationDidStop
        self.path = path
    }
}

/// `CAKeyframeAnimation.calculationMode` (and `UIView.KeyframeAnimationOptions`' `calculationMode...`): how the
/// values between keyframes are computed.
public enum KeyframeCalculationMode: String, Sendable, CaseIterable {
    case linear, discrete, paced, cubic
}

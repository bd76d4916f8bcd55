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
    public var calculationMode: String
    public var duration: Binding?
    public var isRemovedOnCompletion: Bool
    public var fillMode: String
    public var animationDidStop: [Action]
    public var path: JSONPath
    public var timing = MediaTimingSpec()
    /// `isAdditive`: the values are added to the model value.
    public var isAdditive = false

    public static let calculationModes = ["linear", "discrete", "paced", "cubic"]

    public init(keyPath: String, values: [Binding], keyTimes: [Double]?, timingFunctions: [BasicAnimationSpec.TimingFunction]?,
                calculationMode: String, duration: Binding?, isRemovedOnCompletion: Bool, fillMode: String,
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

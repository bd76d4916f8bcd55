/// `CAMediaTiming` on a Core Animation animation: when it begins, how fast and how often it plays.
public struct MediaTimingSpec: Sendable, Equatable {
    /// Seconds after the animation is added (`beginTime = CACurrentMediaTime() + beginTime`).
    public var beginTime: Double = 0
    /// Local time runs this many times as fast as the layer's.
    public var speed: Double = 1
    /// Seconds added to the local time (the animation starts this far into its cycle, wrapping).
    public var timeOffset: Double = 0
    /// How many times the animation plays (fractions allowed; 0: once; `.infinity`: forever).
    public var repeatCount: Double = 0
    /// Plays for this many seconds, repeating as needed (0: not set).
    public var repeatDuration: Double = 0
    /// Each cycle plays forwards then backwards.
    public var autoreverses = false

    public init() {}

    /// The keys these are read from.
    public static let keys = ["beginTime", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses"]
    /// `CAMediaTimingFillMode`s.
    public static let fillModes = FillMode.allCases.map(\.rawValue)
}

/// `CAMediaTimingFillMode`: whether an animation's first frame shows before it begins and its last after it
/// ends.
public enum FillMode: String, Sendable, CaseIterable {
    case removed, forwards, backwards, both

    /// `.forwards` or `.both`: the last frame stays after the end (with `isRemovedOnCompletion` false).
    public var fillsForwards: Bool { self == .forwards || self == .both }
    /// `.backwards` or `.both`: the first frame shows from when the animation is added until it begins.
    public var fillsBackwards: Bool { self == .backwards || self == .both }
}

extension ObjectReader {
    /// The `fillMode` key, decoded once (default `.removed`).
    func fillMode() throws(SceneError) -> FillMode {
        guard let r = self["fillMode"], let mode = FillMode(rawValue: try r.choice(MediaTimingSpec.fillModes)) else { return .removed }
        return mode
    }
}

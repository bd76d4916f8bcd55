import SceneFormat

/// The standard timing curves (Core Animation's named timing functions, SwiftUI's curves).
extension UnitBezier {
    /// Constant speed: (0, 0, 1, 1).
    public static let linear = UnitBezier(0, 0, 1, 1)
    /// Slow start: (0.42, 0, 1, 1), `kCAMediaTimingFunctionEaseIn`, SwiftUI `easeIn`.
    public static let easeIn = UnitBezier(0.42, 0, 1, 1)
    /// Slow end: (0, 0, 0.58, 1), `kCAMediaTimingFunctionEaseOut`, SwiftUI `easeOut`.
    public static let easeOut = UnitBezier(0, 0, 0.58, 1)
    /// Slow start and end: (0.42, 0, 0.58, 1), `kCAMediaTimingFunctionEaseInEaseOut`, SwiftUI `easeInOut`.
    public static let easeInOut = UnitBezier(0.42, 0, 0.58, 1)
    /// Core Animation's `kCAMediaTimingFunctionDefault`: (0.25, 0.1, 0.25, 1), the same as CSS `ease`.
    public static let caDefault = UnitBezier(0.25, 0.1, 0.25, 1)

    /// The curve with a SwiftUI or Core Animation name: "linear", "easeIn", "easeOut", "easeInOut"
    /// (or Core Animation's "easeInEaseOut") and "default"; nil for any other name.
    public static func named(_ name: CurveName) -> UnitBezier {
        switch name {
        case .linear: return .linear
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .easeInOut, .easeInEaseOut: return .easeInOut
        case .default: return .caDefault
        }
    }
}

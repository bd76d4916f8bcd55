/// A view's drag gesture: SwiftUI's `DragGesture(minimumDistance:)` with `onChanged` and `onEnded`.
///
/// A scripted drag on the view's id moves a finger along points in the view's own coordinates; once it
/// is `minimumDistance` points from where it touched down, every move runs `onChanged`, and the lift
/// runs `onEnded`. Both see `location`, `startLocation` (`{x, y}`) and `translation` (`{width, height}`).
public struct DragGestureSpec: Sendable {
    /// Points the finger must move from its start before the gesture begins (DragGesture's default: 10).
    public var minimumDistance: Double
    public var onChanged: [Action]
    public var onEnded: [Action]
    public var path: JSONPath

    /// SwiftUI's default `minimumDistance`.
    public static let defaultMinimumDistance = 10.0
    /// The names a drag's actions can read besides state and parameters.
    public static let valueNames = ["location", "startLocation", "translation"]
    /// Finger positions are sampled at the reference devices' touch rate, 60 per second.
    public static let sampleRate = 60.0
}

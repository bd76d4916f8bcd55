/// A scripted scroll of a scroll view: to an offset (`{"at": 1, "scroll": "list", "to": 300,
/// "animation": ".easeInOut(duration: 0.8)"}`) or a fling (`{"at": 1, "scroll": "list", "velocity": 1500}`)
/// that decelerates as UIScrollView does: v(t) = v0 * rate^(1000 t).
public struct ScrollEvent: Sendable {
    /// The id of the scroll view.
    public var target: String
    /// The new content offset (points from the top), for a scripted scroll.
    public var to: Binding?
    /// The fling's initial velocity in points per second (positive moves the content up, as a swipe up does).
    public var velocity: Binding?
    /// UIScrollView's `decelerationRate` per millisecond: 0.998 (`normal`) or 0.99 (`fast`).
    public var decelerationRate: Double
    /// The scripted scroll's animation; nil jumps.
    public var animation: AnimationSpec?

    public init(target: String, to: Binding?, velocity: Binding?, decelerationRate: Double, animation: AnimationSpec?) {
        self.target = target
        self.to = to
        self.velocity = velocity
        self.decelerationRate = decelerationRate
        self.animation = animation
    }

    /// UIScrollView.DecelerationRate.normal and .fast.
    public static let decelerationRates: [String: Double] = ["normal": 0.998, "fast": 0.99]
}

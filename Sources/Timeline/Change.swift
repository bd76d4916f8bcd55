import Expressions

/// One change of one state variable's model value, as the simulator logged it.
public struct Change: Sendable {
    /// When the change was made, in seconds from the start.
    public var time: Double
    public var old: Value
    public var new: Value
    /// The animation that carries the change on screen; nil: it shows at once.
    public var animation: Animation?
    /// When the animation would stop contributing on its own (`time` when there is none; infinity for
    /// repeatForever); a retargeting spring may be taken over earlier by a later one.
    public var end: Double

    public init(time: Double, old: Value, new: Value, animation: Animation?) {
        self.time = time
        self.old = old
        self.new = new
        self.animation = animation
        self.end = time + (animation?.duration ?? 0)
    }
}

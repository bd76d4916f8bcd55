import Expressions
import SceneFormat

extension SimulationRun {
    /// A scripted scroll: the scroll view's content offset moves to `to` with the event's animation, or,
    /// for a fling, by the distance a UIScrollView deceleration covers, on that deceleration's curve.
    ///
    /// The offset is model state like any other (`<id>.contentOffset`); the composer keeps what the screen
    /// shows between the top and the end of the content.
    mutating func performScroll(_ scroll: ScrollEvent, path: JSONPath, time: Double) throws(SceneError) {
        let key = scroll.target + ScrollViewSpec.offsetSuffix
        guard case .number(let current)? = model.values[key] else {
            throw SceneError(path: path.appending("scroll"), message: "\"\(scroll.target)\" is not a scroll view with an id")
        }
        let scope = ActionScope(model: model, context: InstanceContext(), time: time, random: random)
        if let to = scroll.to {
            let value = try scope.evaluate(to)
            let animation = try scroll.animation.map { spec throws(SceneError) in try AnimationInterpreter.animation(spec, in: scope) }
            try assign(key, value, at: time, animation: animation, binding: to)
        } else if let velocityBinding = scroll.velocity {
            guard case .number(let velocity) = try scope.evaluate(velocityBinding), velocity.isFinite else {
                throw SceneError(path: velocityBinding.path, location: velocityBinding.location,
                                 message: "at \(formatTime(time)) s: a fling's velocity must be a number of points per second")
            }
            let fling = Animation.deceleration(velocity: velocity, rate: scroll.decelerationRate)
            let target = Binding(.constant(.number(current + fling.distance)), path: velocityBinding.path,
                                 location: velocityBinding.location)
            try assign(key, .number(current + fling.distance), at: time, animation: fling.animation, binding: target)
        }
    }
}

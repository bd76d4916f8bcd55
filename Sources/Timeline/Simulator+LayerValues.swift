import Expressions
import SceneFormat

/// A `CABasicAnimation`'s `fromValue`, `toValue` and `byValue`, as Core Animation reads them.
extension SimulationRun {
    /// The values an animation goes between: the two given, or for an omitted one
    /// (https://developer.apple.com/documentation/quartzcore/cabasicanimation, "Setting Interpolation Values"):
    /// `from + by` or `to - by` with `byValue`; without it, an omitted `fromValue` is the presentation value
    /// when the animation is added and an omitted `toValue` the model value (what the layer shows once the
    /// animation is removed). Each value must have the variable's type.
    mutating func layerEndpoints(_ spec: BasicAnimationSpec, key: StateKey, current: Value, time: Double,
                                 scope: ActionScope) throws(SceneError) -> (from: Value, to: Value) {
        var given: [String: Value] = [:]
        for (name, binding) in [("fromValue", spec.fromValue), ("toValue", spec.toValue), ("byValue", spec.byValue)] {
            guard let binding else { continue }
            let value = try scope.evaluate(binding)
            guard sameKind(value, current) else {
                throw SceneError(path: binding.path, location: binding.location,
                                 message: "at \(formatTime(time)) s: \"\(spec.keyPath)\" holds \(kindName(current)), the animation gives \(kindName(value))")
            }
            given[name] = value
        }
        func add(_ a: Value, _ b: Value, _ sign: Double) -> Value {
            guard let x = AnimatedOffset.components(a), let y = AnimatedOffset.components(b), x.count == y.count else { return a }
            return AnimatedOffset.value(zip(x, y).map { $0 + sign * $1 }, like: a)
        }
        switch (given["fromValue"], given["toValue"], given["byValue"]) {
        case (let from?, let to?, _): return (from, to)
        case (let from?, nil, let by?): return (from, add(from, by, 1))
        case (nil, let to?, let by?): return (add(to, by, -1), to)
        case (nil, nil, let by?):
            let presentation = try presentationValue(key, current: current, time: time, spec: spec)
            return (presentation, add(presentation, by, 1))
        case (let from?, nil, nil): return (from, current)
        case (nil, let to?, nil): return (try presentationValue(key, current: current, time: time, spec: spec), to)
        case (nil, nil, nil): return (try presentationValue(key, current: current, time: time, spec: spec), current)
        }
    }

    /// What a view bound to `key` alone shows at `time`, worked out from the log so far (only for an animation
    /// that starts from it), within `Simulator.maxPresentationReads` over the render.
    private mutating func presentationValue(_ key: StateKey, current: Value, time: Double,
                                            spec: BasicAnimationSpec) throws(SceneError) -> Value {
        let log = changes[key] ?? [], layers = layerAnimations[key] ?? []
        presentationReads += log.count + layers.count
        guard presentationReads <= simulator.presentationReadLimit else {
            throw SceneError(path: spec.path.appending("keyPath"),
                             message: "at \(formatTime(time)) s: working out where the animations of \"\(spec.keyPath)\" without a "
                                 + "fromValue start has read over \(NumberFormat.shortest(Double(simulator.presentationReadLimit) / 1e6)) million earlier "
                                 + "animations and changes (\(layers.count) animations of it so far); give a fromValue, "
                                 + "or add fewer animations")
        }
        return Timeline.presentationValue(changes: log, layers: layers, initial: simulator.initial[key] ?? current, at: time) ?? current
    }
}

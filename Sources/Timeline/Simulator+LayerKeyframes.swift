import Expressions
import SceneFormat

extension SimulationRun {
    /// Adds a `CAKeyframeAnimation` to the variable `spec.keyPath` names, with its values evaluated now.
    mutating func addLayerKeyframeAnimation(_ spec: KeyframeAnimationSpec, context: InstanceContext, time: Double,
                                            scope: ActionScope) throws(SceneError) {
        if let motion = spec.pathMotion {
            return try addLayerPathAnimation(spec, motion: motion, context: context, time: time, scope: scope)
        }
        let (key, current) = try layerTarget(spec.keyPath, at: spec.path, context: context)
        var values: [Value] = [], components: [[Double]] = []
        for binding in spec.values {
            let value = try scope.evaluate(binding)
            guard sameKind(value, current), let c = AnimatedOffset.components(value) else {
                throw SceneError(path: binding.path, location: binding.location,
                                 message: "at \(formatTime(time)) s: \"\(spec.keyPath)\" holds \(kindName(current)), the animation gives \(kindName(value))")
            }
            values.append(value)
            components.append(c)
        }
        var duration = BasicAnimationSpec.defaultDuration
        if let binding = spec.duration {
            guard case .number(let seconds) = try scope.evaluate(binding), seconds >= 0, seconds.isFinite else {
                throw SceneError(path: binding.path, location: binding.location,
                                 message: "at \(formatTime(time)) s: a duration must be a number of seconds, 0 or more")
            }
            // Core Animation reads a duration of 0 as its default, 0.25 s.
            if seconds > 0 { duration = seconds }
        }
        let curves = spec.timingFunctions?.map { function -> UnitBezier in
            switch function {
            case .named(let name): return UnitBezier.named(name)
            case .controlPoints(let x1, let y1, let x2, let y2): return UnitBezier(x1, y1, x2, y2)
            }
        }
        let mode = spec.calculationMode
        let keyframes = LayerKeyframes(values: components, keyTimes: spec.keyTimes, curves: curves, mode: mode)
        guard let first = values.first, let last = values.last else { return }
        var animation = LayerAnimation(start: time, duration: duration, from: first, to: last, curve: .linear,
                                       holdsAfterEnd: !spec.isRemovedOnCompletion && spec.fillMode.fillsForwards,
                                       keyframes: keyframes, timing: LayerTiming(spec.timing, fillMode: spec.fillMode))
        animation.isAdditive = spec.isAdditive
        animation.origin = spec.path
        animation.originLocation = spec.location
        layerAnimations[key, default: []].append(animation)
        if !spec.animationDidStop.isEmpty {
            schedule(at: animation.end, .actions(spec.animationDidStop, context))
        }
    }
}

extension LayerTiming {
    /// The timing a scene's animation gives.
    init(_ spec: MediaTimingSpec, fillMode: FillMode) {
        self.init()
        beginTime = spec.beginTime
        speed = spec.speed
        timeOffset = spec.timeOffset
        repeatCount = spec.repeatCount
        repeatDuration = spec.repeatDuration
        autoreverses = spec.autoreverses
        fillsBackwards = fillMode.fillsBackwards
    }
}

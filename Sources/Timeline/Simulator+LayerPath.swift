import Expressions
import Geometry
import SceneFormat

extension SimulationRun {
    /// A `CAKeyframeAnimation` along a path: one layer animation on each of the variables `x`, `y` (and
    /// `rotation`) name, all sharing the path, the timing and the completion.
    mutating func addLayerPathAnimation(_ spec: KeyframeAnimationSpec, motion: KeyframeAnimationSpec.PathMotionSpec,
                                        context: InstanceContext, time: Double, scope: ActionScope) throws(SceneError) {
        var targets: [(key: StateKey, component: LayerPathMotion.Component)] = []
        for (field, name) in [("x", motion.x), ("y", motion.y), ("rotation", motion.rotation)] {
            guard let name else { continue }
            let (key, current) = try layerTarget(name, at: spec.path.appending(field), context: context)
            guard case .number = current else {
                throw SceneError(path: spec.path.appending(field), message: "\"\(name)\" holds \(kindName(current)); a path gives numbers")
            }
            let component: LayerPathMotion.Component = field == "x" ? .x : field == "y" ? .y
                : .rotation(offset: motion.rotationMode == "autoReverse" ? 180 : 0)
            targets.append((key, component))
        }
        let follower = Path.Follower(try buildPath(motion.commands, scope: scope, time: time))
        let mode = spec.calculationMode
        let vertices = follower.segmentCount + 1
        if let keyTimes = spec.keyTimes, mode != .paced {
            let expected = mode == .discrete ? vertices + 1 : vertices
            guard keyTimes.count == expected else {
                throw SceneError(path: spec.path.appending("keyTimes"),
                                 message: "at \(formatTime(time)) s: the path has \(vertices) vertices (its start and the end of each of its \(vertices - 1) lines and curves), so \(spec.calculationMode) needs \(expected) key times, got \(keyTimes.count)")
            }
        }
        if let functions = spec.timingFunctions, functions.count != vertices - 1, mode != .paced, mode != .discrete {
            throw SceneError(path: spec.path.appending("timingFunctions"),
                             message: "at \(formatTime(time)) s: one timing function per segment of the path: \(vertices - 1), got \(functions.count)")
        }
        let curves = spec.timingFunctions?.map { function -> UnitBezier in
            switch function {
            case .named(let name): return UnitBezier.named(name)
            case .controlPoints(let x1, let y1, let x2, let y2): return UnitBezier(x1, y1, x2, y2)
            }
        }
        var duration = BasicAnimationSpec.defaultDuration
        if let binding = spec.duration {
            guard case .number(let seconds) = try scope.evaluate(binding), seconds >= 0, seconds.isFinite else {
                throw SceneError(path: binding.path, location: binding.location,
                                 message: "at \(formatTime(time)) s: a duration must be a number of seconds, 0 or more")
            }
            if seconds > 0 { duration = seconds }
        }
        var end = time
        for (key, component) in targets {
            let path = LayerPathMotion(follower: follower, keyTimes: spec.keyTimes, curves: curves, mode: mode, component: component)
            var animation = LayerAnimation(start: time, duration: duration, from: .number(path.value(at: 0)),
                                           to: .number(path.value(at: 1)), curve: .linear,
                                           holdsAfterEnd: !spec.isRemovedOnCompletion && spec.fillMode.fillsForwards,
                                           timing: LayerTiming(spec.timing, fillMode: spec.fillMode))
            animation.pathMotion = path
            animation.isAdditive = spec.isAdditive
            animation.origin = spec.path
            animation.originLocation = spec.location
            layerAnimations[key, default: []].append(animation)
            end = animation.end
        }
        if !spec.animationDidStop.isEmpty {
            schedule(at: end, .actions(spec.animationDidStop, context))
        }
    }

    /// Path commands evaluated with the action's values (lines, curves, arcs; no plots).
    func buildPath(_ commands: [PathCommand], scope: ActionScope, time: Double) throws(SceneError) -> Path {
        var path = Path()
        for command in commands {
            var v: [Double] = []
            for (i, binding) in command.arguments.enumerated() where !(command.kind == .arc && i == 5) {
                guard case .number(let n) = try scope.evaluate(binding), n.isFinite else {
                    throw SceneError(path: binding.path, location: binding.location, message: "at \(formatTime(time)) s: expected a number")
                }
                v.append(n)
            }
            switch command.kind {
            case .move: path.move(to: Point(v[0], v[1]))
            case .line: path.addLine(to: Point(v[0], v[1]))
            case .quad: path.addQuadCurve(to: Point(v[2], v[3]), control: Point(v[0], v[1]))
            case .cubic: path.addCurve(to: Point(v[4], v[5]), control1: Point(v[0], v[1]), control2: Point(v[2], v[3]))
            case .arc:
                guard case .bool(let clockwise) = try scope.evaluate(command.arguments[5]) else {
                    throw SceneError(path: command.arguments[5].path, message: "at \(formatTime(time)) s: expected true or false")
                }
                path.addArc(center: Point(v[0], v[1]), radius: max(0, v[2]), startAngle: v[3] * .pi / 180,
                            endAngle: v[4] * .pi / 180, clockwise: clockwise)
            case .close: path.closeSubpath()
            case .plot: break
            }
        }
        return path
    }
}

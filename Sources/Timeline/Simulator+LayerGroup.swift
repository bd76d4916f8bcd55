import Expressions
import SceneFormat

extension SimulationRun {
    /// A `CAAnimationGroup`: adds its animations as usual, then makes their times the group's (each starts
    /// at the group's local 0) and schedules the group's `animationDidStop` at the group's end.
    mutating func addLayerGroup(_ spec: AnimationGroupSpec, context: InstanceContext, time: Double,
                                scope: ActionScope) throws(SceneError) {
        var duration = BasicAnimationSpec.defaultDuration
        if let binding = spec.duration {
            guard case .number(let seconds) = try scope.evaluate(binding), seconds >= 0, seconds.isFinite else {
                throw SceneError(path: binding.path, location: binding.location,
                                 message: "at \(formatTime(time)) s: a duration must be a number of seconds, 0 or more")
            }
            if seconds > 0 { duration = seconds }
        }
        let group = LayerGroupTiming(start: time, duration: duration, timing: LayerTiming(spec.timing, fillMode: spec.fillMode),
                                     holdsAfterEnd: !spec.isRemovedOnCompletion && spec.fillMode.fillsForwards)
        let before = layerAnimations.mapValues(\.count)
        for child in spec.animations {
            switch child {
            case .caAnimation(let s): try addLayerAnimation(s, context: context, time: time, scope: scope)
            case .caKeyframeAnimation(let s): try addLayerKeyframeAnimation(s, context: context, time: time, scope: scope)
            default: break
            }
        }
        for key in layerAnimations.keys.sorted() {
            guard var list = layerAnimations[key] else { continue }
            for i in (before[key] ?? 0)..<list.count {
                list[i].start = 0
                list[i].group = group
            }
            layerAnimations[key] = list
        }
        if !spec.animationDidStop.isEmpty {
            schedule(at: group.end, .actions(spec.animationDidStop, context))
        }
    }
}

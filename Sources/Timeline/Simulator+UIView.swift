import Expressions
import SceneFormat

/// UIKit's block animations.
///
/// `UIView.animate` runs its block inside a transaction that carries the animation, so the view attributes
/// the block changes animate from their old to their new values and combine additively with animations
/// still running, as UIKit's do since iOS 8. `UIView.animateKeyframes` becomes, for each number or colour
/// variable its keyframes change, one `CAKeyframeAnimation` on that variable (a `LayerAnimation`), as UIKit
/// adds one per layer property.
extension SimulationRun {
    /// `UIView.animate(withDuration:delay:options:animations:completion:)` and its spring forms.
    mutating func performUIViewAnimation(_ spec: UIViewAnimationSpec, context: InstanceContext, time: Double,
                                         scope: ActionScope, inputs: [String: Value]) throws(SceneError) {
        let options = spec.options
        let delay = try seconds(spec.delay, time: time, scope: scope) ?? 0
        var duration = try seconds(spec.duration, time: time, scope: scope) ?? UIViewAnimationSpec.defaultSpringDuration
        let base: Animation.Base
        switch spec.timing {
        case .curve:
            base = .curve(UnitBezier.named(options.curve), duration: duration)
        case .dampingRatio(let ratioBinding, let velocityBinding):
            let ratio = try number(ratioBinding, time: time, scope: scope)
            guard ratio > 0 else {
                throw SceneError(path: ratioBinding.path, location: ratioBinding.location,
                                 message: "at \(formatTime(time)) s: a damping ratio must be more than 0 (1: no oscillation), got \(ratio)")
            }
            let velocity = try velocityBinding.map { b throws(SceneError) in try number(b, time: time, scope: scope) } ?? 0
            base = .spring(Spring(uiKitDampingRatio: ratio, duration: duration, initialVelocity: velocity))
        case .bounce(let bounceBinding, let velocityBinding):
            let bounce = try bounceBinding.map { b throws(SceneError) in try number(b, time: time, scope: scope) } ?? 0
            if let b = bounceBinding, !(-1...1).contains(bounce) {
                throw SceneError(path: b.path, location: b.location, message: "at \(formatTime(time)) s: a bounce must be from -1 to 1, got \(bounce)")
            }
            var spring = Spring(duration: duration, bounce: bounce)
            spring.initialVelocity = try velocityBinding.map { b throws(SceneError) in try number(b, time: time, scope: scope) } ?? 0
            base = .spring(spring)
            // The spring form's duration is perceptual: the animation (and its completion) lasts until it settles.
            if duration > 0 { duration = spring.settlingDuration.isFinite ? spring.settlingDuration : duration }
        }
        var animation: Animation?
        if duration > 0 {
            var a = Animation(base: base)
            if options.repeats {
                a = a.repeatForever(autoreverses: options.autoreverses)
            } else if options.autoreverses {
                // Forward, back, then the model value (UIKit's autoreverse without repeat ends on the new value).
                a = a.repeatCount(2, autoreverses: true)
            }
            animation = delay > 0 ? a.delay(delay) : a
        }
        transactionToken += 1
        try perform(spec.animations, context: context, time: time, animation: animation, inputs: inputs)
        transactionToken += 1
        guard !spec.completion.isEmpty, !(options.repeats && duration > 0) else { return }
        let length = duration > 0 ? delay + duration * (options.autoreverses ? 2 : 1) : 0
        schedule(at: time + length, .actions(spec.completion, context, inputs: inputs))
    }

    /// `UIView.animateKeyframes`: runs each keyframe's block, then adds a keyframe animation per variable
    /// those blocks changed.
    mutating func performUIViewKeyframes(_ spec: UIViewKeyframesSpec, context: InstanceContext, time: Double,
                                         scope: ActionScope, inputs: [String: Value]) throws(SceneError) {
        let options = spec.options
        let delay = try seconds(spec.delay, time: time, scope: scope) ?? 0
        let duration = try seconds(spec.duration, time: time, scope: scope) ?? 0
        // Each variable's path through the keyframes: (relative time, value) points after its start value.
        var tracks: [StateKey: (start: [Double], points: [(time: Double, value: [Double])])] = [:]
        var order: [StateKey] = []
        for keyframe in spec.keyframes {
            let before = model.values
            let first = transactions.count
            transactionToken += 1
            try perform(keyframe.animations, context: context, time: time, animation: nil, inputs: inputs)
            transactionToken += 1
            for transaction in transactions[first...] {
                for (key, value) in transaction.changes {
                    guard let new = AnimatedOffset.components(value), let old = before[key].flatMap(AnimatedOffset.components),
                          old.count == new.count else { continue }
                    if tracks[key] == nil {
                        tracks[key] = (old, [])
                        order.append(key)
                    }
                    let lastTime = tracks[key]?.points.last?.time ?? 0
                    let lastValue = tracks[key]?.points.last?.value ?? old
                    let start = max(keyframe.relativeStartTime, lastTime)
                    let end = max(keyframe.relativeStartTime + keyframe.relativeDuration, start)
                    // The value holds until the keyframe starts, then moves to the new value by its end.
                    if start > lastTime { tracks[key]?.points.append((start, lastValue)) }
                    if let i = tracks[key]?.points.lastIndex(where: { $0.time == end }) {
                        tracks[key]?.points[i].value = new
                    } else {
                        tracks[key]?.points.append((end, new))
                    }
                }
            }
        }
        var timing = LayerTiming()
        timing.beginTime = delay
        timing.repeatCount = options.repeats ? .infinity : 0
        timing.autoreverses = options.autoreverses
        timing.fillsBackwards = true
        let curve = UnitBezier.named(options.curve)
        let mode = options.calculationMode
        if duration > 0 {
            for key in order {
                guard let track = tracks[key], let current = model.values[key] else { continue }
                var times = [0.0], values = [track.start]
                for point in track.points {
                    // A keyframe of relative duration 0 at time 0 replaces the start value.
                    if point.time == 0 { values[0] = point.value; continue }
                    times.append(point.time)
                    values.append(point.value)
                }
                if let last = times.last, last < 1 {
                    times.append(1)
                    values.append(values[values.count - 1])
                }
                // Discrete: each value shows from its key time to the next; the list needs the end as well.
                if mode == .discrete { times.append(1) }
                let keyframes = LayerKeyframes(values: values, keyTimes: times, curves: nil, mode: mode)
                var animation = LayerAnimation(start: time, duration: duration,
                                               from: AnimatedOffset.value(values[0], like: current),
                                               to: AnimatedOffset.value(values[values.count - 1], like: current), curve: curve,
                                               holdsAfterEnd: false, keyframes: keyframes, timing: timing)
                animation.origin = spec.path
                animation.originLocation = spec.location
                layerAnimations[key, default: []].append(animation)
            }
        }
        guard !spec.completion.isEmpty, !(options.repeats && duration > 0) else { return }
        let length = duration > 0 ? delay + timing.activeDuration(duration) : 0
        schedule(at: time + length, .actions(spec.completion, context, inputs: inputs))
    }

    /// An optional number of seconds, 0 or more.
    private func seconds(_ binding: Binding?, time: Double, scope: ActionScope) throws(SceneError) -> Double? {
        guard let binding else { return nil }
        let n = try number(binding, time: time, scope: scope)
        guard n >= 0 else {
            throw SceneError(path: binding.path, location: binding.location,
                             message: "at \(formatTime(time)) s: a duration must be 0 seconds or more, got \(n)")
        }
        return n
    }

    /// A finite number.
    private func number(_ binding: Binding, time: Double, scope: ActionScope) throws(SceneError) -> Double {
        guard case .number(let n) = try scope.evaluate(binding), n.isFinite else {
            throw SceneError(path: binding.path, location: binding.location, message: "at \(formatTime(time)) s: expected a number")
        }
        return n
    }
}

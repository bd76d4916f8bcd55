import Expressions
import SceneFormat
import Timeline

/// `keyframeAnimator`: the value its keyframe tracks give at a frame's time.
extension Composer {
    /// The animated value at the scope's time: the tracks played from the scene's start (looping when
    /// repeating), or from the last change of the trigger (the initial value before the first). A loop
    /// or a triggered play after the first starts from the end value of the one before it (SwiftUI, on
    /// both forms: the keyframes' argument "is equal to `initialValue` when the view first appears, then
    /// is equal to the end value of the previous keyframe animation on subsequent calls").
    func keyframeValue(_ spec: KeyframeAnimatorSpec, _ scope: ComposeScope) throws(SceneError) -> Value {
        let timeline = Self.keyframeTimeline(spec)
        let t = scope.snapshot.time
        var values = spec.fields.map(\.initial)
        if let trigger = spec.trigger {
            let plays = Self.keyframePlays(from: timeline)
            let recent = try triggerTimes(trigger, scope, latest: plays.count)
            if let start = recent.first {
                values = plays[min(recent.count, plays.count) - 1].values(at: t - start)
            }
        } else if spec.repeating, timeline.duration > 0, t >= timeline.duration {
            // Loop k starts from the end value of loop k - 1 (the same SwiftUI wording, on the repeating form).
            let plays = Self.keyframePlays(from: timeline)
            let loop = min(Double(plays.count - 1), (t / timeline.duration).rounded(.down))
            values = plays[Int(loop)].values(at: timeline.localTime(t, repeating: true))
        } else {
            values = timeline.values(at: timeline.localTime(t, repeating: spec.repeating))
        }
        guard spec.isRecord else { return .number(values.first ?? 0) }
        return .record(Record(zip(spec.fields, values).map { ($0.name, Value.number($1)) }))
    }

    /// The timelines of the first plays of a triggered animator, `first` then each starting from the
    /// values the one before it ended with, up to the first play that ends where it started (from then
    /// on every play is the same; usually the second, since every keyframe but a spring cut short ends
    /// exactly at its target), at most 256.
    static func keyframePlays(from first: KeyframeTimeline) -> [KeyframeTimeline] {
        var plays = [first]
        while plays.count < 256, let last = plays.last {
            let end = last.values(at: last.duration)
            if end == last.tracks.map(\.initial) { break }
            plays.append(KeyframeTimeline(tracks: zip(last.tracks, end).map { ($0.name, $1, $0.track) }))
        }
        return plays
    }

    /// The tracks of `spec`, in its fields' order.
    static func keyframeTimeline(_ spec: KeyframeAnimatorSpec) -> KeyframeTimeline {
        KeyframeTimeline(tracks: spec.fields.map { field in
            (field.name, field.initial, KeyframeTrack((spec.tracks[field.name] ?? []).map(keyframe)))
        })
    }

    static func keyframe(_ spec: KeyframeAnimatorSpec.KeyframeSpec) -> Keyframe {
        switch spec {
        case .linear(let to, let duration, let curve):
            let bezier: UnitBezier
            switch curve {
            case nil: bezier = .linear
            case .named(let name)?: bezier = UnitBezier.named(name)
            case .controlPoints(let x1, let y1, let x2, let y2)?: bezier = UnitBezier(x1, y1, x2, y2)
            }
            return .linear(to: to, duration: duration, curve: bezier)
        case .cubic(let to, let duration, let start, let end):
            return .cubic(to: to, duration: duration, startVelocity: start, endVelocity: end)
        case .spring(let to, let duration, let springDuration, let bounce, let start):
            return .spring(to: to, duration: duration, spring: Spring(duration: springDuration, bounce: bounce), startVelocity: start)
        case .move(let to):
            return .move(to: to)
        }
    }

    /// The latest `limit` times at or before the scope's time when `trigger`'s value changed (SwiftUI
    /// compares the trigger with `==` after each update), latest first.
    private func triggerTimes(_ trigger: Binding, _ scope: ComposeScope, latest limit: Int) throws(SceneError) -> [Double] {
        guard let timeline = scope.snapshot.timeline else { return [] }
        let t = scope.snapshot.time
        let keys = trigger.freeVariables.compactMap { scope.context.stateKey(for: $0, globals: scope.globals) }
        var times: Set<Double> = []
        for key in keys { for change in timeline.changes[key] ?? [] where change.time <= t { times.insert(change.time) } }
        var result: [Double] = []
        for time in times.sorted(by: >) where result.count < limit {
            var before = scope.snapshot, after = scope.snapshot
            for key in keys {
                let value = timeline.modelValue(key, at: time)
                after.values[key] = value
                before.values[key] = timeline.changes[key]?.first { $0.time == time }?.old ?? value
            }
            if try scope.reading(after).evaluate(trigger) != scope.reading(before).evaluate(trigger) {
                result.append(time)
            }
        }
        return result
    }

    /// The latest time, at or before the scope's time, at which the state `binding` reads changed in a way
    /// `changed` accepts, given scopes over the model values just before and just after that change; nil when
    /// there is none (or no timeline).
    func lastChange(of binding: Binding, _ scope: ComposeScope,
                    where changed: (ComposeScope, ComposeScope) throws(SceneError) -> Bool) throws(SceneError) -> Double? {
        guard let timeline = scope.snapshot.timeline else { return nil }
        let t = scope.snapshot.time
        let keys = binding.freeVariables.compactMap { scope.context.stateKey(for: $0, globals: scope.globals) }
        // Newest first, lazily: the search usually ends at the first (the history is not walked).
        for transaction in timeline.transactionsBackward(changing: keys, through: t) {
            let time = transaction.time
            var before = scope.snapshot, after = scope.snapshot
            for key in keys {
                let value = timeline.modelValue(key, at: time)
                after.values[key] = value
                before.values[key] = timeline.firstChange(key, at: time)?.old ?? value
            }
            if try changed(scope.reading(before), scope.reading(after)) { return time }
        }
        return nil
    }
}

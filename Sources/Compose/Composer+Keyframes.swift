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
    ///
    /// A duration written as an expression (`"duration": "0.2 * speed"`) is read each time the keyframes
    /// play, as SwiftUI calls the `keyframes` closure again for each play: with the model values just after
    /// the trigger changed, or as a loop starts (the first at 0). The plays before the current one, whose
    /// ends start it, use the current play's durations.
    func keyframeValue(_ spec: KeyframeAnimatorSpec, _ scope: ComposeScope) throws(SceneError) -> Value {
        let t = scope.snapshot.time
        var values = spec.fields.map(\.initial)
        let constant = spec.hasConstantDurations
        if let trigger = spec.trigger {
            var timeline = try Self.keyframeTimeline(spec, durations: keyframeDurations(spec, at: 0, scope))
            if !constant, let latest = try triggerTimes(trigger, scope, latest: 1).first {
                timeline = try Self.keyframeTimeline(spec, durations: keyframeDurations(spec, at: latest, scope))
            }
            let plays = Self.keyframePlays(from: timeline)
            let recent = try triggerTimes(trigger, scope, latest: plays.count)
            if let start = recent.first {
                values = plays[min(recent.count, plays.count) - 1].values(at: t - start)
            }
        } else if spec.repeating, !constant {
            let loop = try currentLoop(spec, scope)
            let plays = Self.keyframePlays(from: loop.timeline)
            values = plays[min(loop.number, plays.count - 1)].values(at: t - loop.start)
        } else {
            let tracks = try Self.keyframeTimeline(spec, durations: keyframeDurations(spec, at: 0, scope))
            if spec.repeating, tracks.duration > 0, t >= tracks.duration {
                // Loop k starts from the end value of loop k - 1 (the same SwiftUI wording, on the repeating form).
                let plays = Self.keyframePlays(from: tracks)
                let loop = min(Double(plays.count - 1), (t / tracks.duration).rounded(.down))
                values = plays[Int(loop)].values(at: tracks.localTime(t, repeating: true))
            } else {
                values = tracks.values(at: tracks.localTime(t, repeating: spec.repeating))
            }
        }
        guard spec.isRecord else { return .number(values.first ?? 0) }
        return .record(Record(zip(spec.fields, values).map { ($0.name, Value.number($1)) }))
    }

    /// The loop of a repeating animator with computed durations playing at the scope's time: when it
    /// started, how many loops came before it, and its tracks with the durations read as it started. A
    /// loop keeps its durations to its end; a change of what they read shapes the next loop.
    private func currentLoop(_ spec: KeyframeAnimatorSpec, _ scope: ComposeScope) throws(SceneError)
        -> (start: Double, number: Int, timeline: KeyframeTimeline) {
        let t = scope.snapshot.time
        var durations = try keyframeDurations(spec, at: 0, scope)
        var timeline = Self.keyframeTimeline(spec, durations: durations)
        var start = 0.0, number = 0
        // When what the durations read changed, in order: between two of them every loop is the same.
        var changes: ArraySlice<Double> = []
        if let log = scope.snapshot.timeline {
            changes = try scope.presentation.changeTimes(durationKeys(spec, scope), through: t, log)
        }
        for change in changes where change > start {
            let d = timeline.duration
            guard d > 0 else { break }
            // The loop running at the change keeps its durations; the next one reads the new values.
            let before = ((change - start) / d).rounded(.down)
            var next = start + before * d
            if next < change - 1e-12 { next += d }
            guard next <= t else { break }
            number += Int(min(((next - start) / d).rounded(), 1e9))
            start = next
            let read = try keyframeDurations(spec, at: start, scope)
            if read != durations {
                durations = read
                timeline = Self.keyframeTimeline(spec, durations: durations)
            }
        }
        let d = timeline.duration
        guard d > 0, t >= start + d else { return (start, number, timeline) }
        let loops = ((t - start) / d).rounded(.down)
        return (start + loops * d, number + Int(min(loops, 1e9)), timeline)
    }

    /// The state variables the animator's durations read, through a component's parameters (their arguments
    /// read the caller's state) and a phase (its state variable), as `ComposeScope.modelKeys` follows them.
    private func durationKeys(_ spec: KeyframeAnimatorSpec, _ scope: ComposeScope) -> [StateKey] {
        scope.modelKeys(spec.durations.flatMap(\.freeVariables))
    }

    /// Every duration of the animator (in `spec.durations`' order), read with the model values at `time`
    /// (after the changes at that time): state, and parameters as their arguments read the caller's state
    /// then (`ModelValueScope`); the validator refuses the names worked out at each frame (`let`s, sizes, the
    /// time), which have no value at `time`. A value out of 0 to `KeyframeAnimatorSpec.maxDuration` seconds
    /// (a spring's duration must be more than 0) is an error at the duration's place in the file.
    private func keyframeDurations(_ spec: KeyframeAnimatorSpec, at time: Double, _ scope: ComposeScope) throws(SceneError) -> [Double] {
        var model: ModelValueScope?
        if !spec.hasConstantDurations, let log = scope.snapshot.timeline {
            model = ModelValueScope(base: scope, timeline: log, time: time, globals: scope.globals)
        }
        func number(_ binding: Binding) throws(SceneError) -> Double {
            guard let model else { return try scope.number(binding) }
            guard case .number(let n) = try binding.evaluate(in: model, when: scope.timeLabel) else {
                throw SceneError(path: binding.path, location: binding.location, message: "expected a number")
            }
            return n
        }
        var result: [Double] = []
        for field in spec.fields {
            for keyframe in spec.tracks[field.name] ?? [] {
                let springDuration: Binding?
                if case .spring(_, _, let spring, _, _) = keyframe { springDuration = spring } else { springDuration = nil }
                for binding in keyframe.durations {
                    let n = try number(binding)
                    let isSpring = binding.path == springDuration?.path
                    guard n.isFinite, isSpring ? n > 0 : n >= 0, n <= KeyframeAnimatorSpec.maxDuration else {
                        throw SceneError(path: binding.path, location: binding.location,
                                         message: "at t = \(NumberFormat.shortest(time)) s this \(isSpring ? "springDuration" : "duration") is "
                                             + "\(NumberFormat.shortest(n)); it must be \(isSpring ? "more than 0" : "0 or more") and at most "
                                             + "\(Int(KeyframeAnimatorSpec.maxDuration)) seconds")
                    }
                    result.append(n)
                }
            }
        }
        return result
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

    /// The tracks of `spec`, in its fields' order, with `durations` read by `keyframeDurations`.
    static func keyframeTimeline(_ spec: KeyframeAnimatorSpec, durations: [Double]) -> KeyframeTimeline {
        var next = durations.makeIterator()
        return KeyframeTimeline(tracks: spec.fields.map { field in
            (field.name, field.initial, KeyframeTrack((spec.tracks[field.name] ?? []).map { keyframe($0, durations: &next) }))
        })
    }

    static func keyframe(_ spec: KeyframeAnimatorSpec.KeyframeSpec, durations next: inout IndexingIterator<[Double]>) -> Keyframe {
        switch spec {
        case .linear(let to, _, let curve):
            let bezier: UnitBezier
            switch curve {
            case nil: bezier = .linear
            case .named(let name)?: bezier = UnitBezier.named(name)
            case .controlPoints(let x1, let y1, let x2, let y2)?: bezier = UnitBezier(x1, y1, x2, y2)
            }
            return .linear(to: to, duration: next.next() ?? 0, curve: bezier)
        case .cubic(let to, _, let start, let end):
            return .cubic(to: to, duration: next.next() ?? 0, startVelocity: start, endVelocity: end)
        case .spring(let to, let duration, _, let bounce, let start):
            let segment = duration == nil ? nil : next.next()
            let springDuration = next.next() ?? 0.5
            return .spring(to: to, duration: segment, spring: Spring(duration: springDuration, bounce: bounce), startVelocity: start)
        case .move(let to):
            return .move(to: to)
        }
    }

    /// The latest `limit` times at or before the scope's time when `trigger`'s value changed (SwiftUI
    /// compares the trigger with `==` after each update), latest first.
    private func triggerTimes(_ trigger: Binding, _ scope: ComposeScope, latest limit: Int) throws(SceneError) -> [Double] {
        // The trigger may read state through a component's parameters (the caller's state passed as an
        // argument) or a phase: `modelKeys` and `ModelValueScope` follow them to the state they read.
        try changeTimes(of: trigger, scope, plan: "keyframeTrigger", latest: limit) { before, after in before != after }
    }

    /// The latest time, at or before the scope's time, at which the state `binding` reads changed in a way
    /// `changed` accepts, given the binding's values over the model just before and just after that change;
    /// nil when there is none (or no timeline). The binding reads state, and parameters as their arguments
    /// read the caller's state (`ComposeScope.modelKeys`, `ModelValueScope`), as a keyframe trigger does.
    /// `kind` names what `changed` asks in the key of its plan (`PresentationIndex.triggerTimes`).
    func lastChange(of binding: Binding, _ scope: ComposeScope, plan kind: String,
                    where changed: (Value, Value) throws(SceneError) -> Bool) throws(SceneError) -> Double? {
        try changeTimes(of: binding, scope, plan: kind, latest: 1, where: changed).first
    }

    /// The latest `limit` times, at or before the scope's time and latest first, at which the state `binding`
    /// reads changed in a way `changed` accepts (see `lastChange(of:_:plan:where:)`), as the presentation
    /// index finds them.
    private func changeTimes(of binding: Binding, _ scope: ComposeScope, plan kind: String, latest limit: Int,
                             where changed: (Value, Value) throws(SceneError) -> Bool) throws(SceneError) -> [Double] {
        guard let timeline = scope.snapshot.timeline else { return [] }
        let keys = scope.modelKeys(binding.freeVariables)
        let plan = HistoryPlans.key(kind, [binding], keys: keys, scope, globals: scope.globals)
        return try scope.presentation.triggerTimes(keys, through: scope.snapshot.time, timeline, plan: plan,
                                                   latest: limit) { time throws(SceneError) in
            let after = ModelValueScope(base: scope, timeline: timeline, time: time, globals: scope.globals)
            var before = after
            before.before = true
            return try changed(binding.evaluate(in: before, when: scope.timeLabel), binding.evaluate(in: after, when: scope.timeLabel))
        }
    }
}

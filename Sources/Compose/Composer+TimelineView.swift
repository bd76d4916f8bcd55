#if canImport(Glibc)
import Glibc
#endif
import Expressions
import SceneFormat
import Timeline

/// `TimelineView(schedule) { timeline in ... }`: the date its content sees at a frame's time, a pure
/// function of the time (and of the state a `paused` argument reads), so any frame can be drawn alone.
extension Composer {
    /// The context the content reads: `timeline.date`, seconds since the scene's start.
    func timelineContext(_ spec: TimelineViewSpec, _ scope: ComposeScope) throws(SceneError) -> Value {
        .record(Record([("date", .number(try timelineDate(spec, scope)))]))
    }

    /// The date of the schedule's latest update at or before the scope's time: every frame's time for
    /// `.animation`, floored to `minimumInterval` or to the period, the latest listed time for `.explicit`;
    /// 0 (the view's first update, when it appears) before the schedule's first entry. A paused
    /// `.animation` shows the date of the moment it was paused.
    func timelineDate(_ spec: TimelineViewSpec, _ scope: ComposeScope) throws(SceneError) -> Double {
        let t = scope.snapshot.time
        switch spec.schedule {
        case .animation(let interval, let paused):
            var at = t
            if let paused, try scope.bool(paused) { at = try pauseTime(paused, scope) }
            guard let interval else { return at }
            let m = try scope.number(interval)
            guard m > 0, m.isFinite else {
                throw SceneError(path: interval.path, location: interval.location,
                                 message: "\(scope.timeLabel): a minimumInterval must be a finite number of seconds more than 0, got \(NumberFormat.shortest(m))")
            }
            return Self.floored(at, from: 0, by: m)
        case .periodic(let fromBinding, let byBinding):
            let from = try scope.number(fromBinding), by = try scope.number(byBinding)
            guard by > 0, by.isFinite, from.isFinite else {
                throw SceneError(path: byBinding.path, location: byBinding.location,
                                 message: "\(scope.timeLabel): a periodic schedule needs a finite start and a period more than 0, "
                                     + "got from \(NumberFormat.shortest(from)) by \(NumberFormat.shortest(by))")
            }
            return t < from ? 0 : Self.floored(t, from: from, by: by)
        case .everyMinute:
            return Self.floored(t, from: 0, by: 60)
        case .explicit(let binding):
            guard case .list(let items) = try scope.evaluate(binding) else {
                throw SceneError(path: binding.path, location: binding.location,
                                 message: "\(scope.timeLabel): .explicit needs a list of times in seconds, such as [0, 1.5, 3]")
            }
            var latest: Double?
            for item in items {
                guard case .number(let date) = item, date.isFinite else {
                    throw SceneError(path: binding.path, location: binding.location,
                                     message: "\(scope.timeLabel): .explicit's times must be finite numbers of seconds")
                }
                if date <= t, date > (latest ?? -.infinity) { latest = date }
            }
            return latest ?? 0
        }
    }

    /// `from + k by` for the largest whole k with that at or before `t`.
    static func floored(_ t: Double, from: Double, by: Double) -> Double {
        from + floor((t - from) / by) * by
    }

    /// When `paused` (true now) last became true: the latest change, at or before the scope's time, of
    /// the state it reads (directly or through a component's parameters) after which it holds and before
    /// which it did not; 0 when it has held since the start.
    private func pauseTime(_ paused: Binding, _ scope: ComposeScope) throws(SceneError) -> Double {
        try lastChange(of: paused, scope, plan: "paused") { before, after throws(SceneError) in
            guard case .bool(let now) = after, case .bool(let was) = before else {
                throw SceneError(path: paused.path, location: paused.location, message: "\(scope.timeLabel): \"paused\" needs true or false")
            }
            return now && !was
        } ?? 0
    }
}

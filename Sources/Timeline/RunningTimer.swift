import Expressions
import SceneFormat

/// A started timer or display link: when its ticks come and what they do.
///
/// Tick k (from 1) comes at `start + k * interval`, computed from the start each time so that thousands
/// of ticks do not drift; a display link's ticks come at `start + k / 60`.
struct RunningTimer {
    let actions: [Action]
    let context: InstanceContext
    /// The full id (with the instance prefix), for `cancel` and replacement.
    let id: String?
    let start: Double
    /// Seconds between ticks; nil for a display link.
    let interval: Double?
    /// The most ticks; nil: no limit.
    let count: Int?
    /// No tick after this time.
    let until: Double
    /// The tick this value stands for (0: not fired yet).
    private(set) var tick = 0

    init(_ spec: TimerSpec, context: InstanceContext, start: Double, scope: ActionScope) throws(SceneError) {
        actions = spec.actions
        self.context = context
        id = spec.id.map { context.prefix + $0 }
        self.start = start
        switch spec.rate {
        case .displayLink:
            interval = nil
        case .interval(let binding):
            guard case .number(let seconds) = try scope.evaluate(binding), seconds >= 0.001, seconds.isFinite else {
                throw SceneError(path: binding.path, location: binding.location,
                                 message: "at \(formatTime(start)) s: a timer interval must be at least 0.001 s")
            }
            interval = seconds
        }
        var limit: Int? = spec.repeats ? nil : 1
        if let binding = spec.count {
            guard case .number(let n) = try scope.evaluate(binding), n >= 1, n == n.rounded(), n < 1e9 else {
                throw SceneError(path: binding.path, location: binding.location,
                                 message: "at \(formatTime(start)) s: a timer's count must be a whole number, 1 or more")
            }
            limit = min(limit ?? Int(n), Int(n))
        }
        count = limit
        if let binding = spec.until {
            guard case .number(let t) = try scope.evaluate(binding), !t.isNaN else {
                throw SceneError(path: binding.path, location: binding.location,
                                 message: "at \(formatTime(start)) s: a timer's \"until\" must be a time in seconds")
            }
            until = t
        } else {
            until = .infinity
        }
    }

    /// The time of this tick.
    var fireTime: Double {
        guard let interval else { return start + Double(tick) / TimerSpec.displayLinkRate }
        return start + Double(tick) * interval
    }

    /// The following tick, or nil when the timer is done.
    func next() -> RunningTimer? {
        if let count, tick >= count { return nil }
        var copy = self
        copy.tick += 1
        return copy.fireTime <= until ? copy : nil
    }
}

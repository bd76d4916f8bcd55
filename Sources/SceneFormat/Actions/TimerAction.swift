import Expressions

/// `{"timer": 0.5 | "displayLink", "repeats": true, "count": n, "until": t, "id": "...", "do": [...]}`: UIKit's
/// `Timer.scheduledTimer(withTimeInterval:repeats:block:)` or a `CADisplayLink` (`TimerSpec`).
enum TimerAction: ActionUnit {
    static let key = "timer"
    static let companionKeys = ["repeats", "count", "until", "id", "do"]
    static let swiftNames = [
        "scheduledTimer": "Timer.scheduledTimer(withTimeInterval:repeats:) is {\"timer\": seconds, \"repeats\": true, \"do\": [...]}",
        "displayLink": "a CADisplayLink is {\"timer\": \"displayLink\", \"do\": [...]}",
    ]
    static let swiftSourceHints = [
        "displayLink": "redraw every frame in TimelineView(.animation) { timeline in ... }; a JSON scene has "
            + "{\"timer\": \"displayLink\", \"do\": [...]}",
    ]

    /// The shortest timer interval: 1 ms (a shorter one would flood the simulation).
    static let minimumInterval = 0.001

    static func decode(_ o: ObjectReader, depth: Int) throws(SceneError) -> Action {
        let rateReader = try o.required(key)
        let rate: TimerSpec.Rate
        switch rateReader.value.kind {
        case .string("displayLink"):
            rate = .displayLink
        case .number(let seconds):
            guard seconds >= minimumInterval else {
                throw rateReader.error("a timer interval must be at least \(format(minimumInterval)) s, got \(format(seconds))")
            }
            rate = .interval(try BindingDecoder.number(rateReader))
        case .string:
            rate = .interval(try BindingDecoder.number(rateReader))
        default:
            throw rateReader.error("expected an interval in seconds or \"displayLink\", got \(rateReader.value.kindName)")
        }
        var count: Binding?
        if let c = o["count"] {
            if case .number = c.value.kind { _ = try c.integer(in: 1...Int(Int32.max)) }
            count = try BindingDecoder.number(c)
        }
        var until: Binding?
        if let u = o["until"] {
            if case .number = u.value.kind { _ = try u.number(in: 0...3_600) }
            until = try BindingDecoder.number(u)
        }
        return .timer(TimerSpec(rate: rate, repeats: try o["repeats"]?.bool() ?? true, count: count, until: until,
                                id: try o["id"]?.string(), actions: try ActionDecoder.list(o.required("do"), depth: depth + 1),
                                path: o.path))
    }

    static func uses(of action: Action) -> [ActionUse]? {
        guard case .timer(let timer) = action else { return nil }
        var uses: [ActionUse] = []
        if case .interval(let interval) = timer.rate { uses.append(.reads(interval)) }
        return uses + [.reads(timer.count), .reads(timer.until), .runs(timer.actions)]
    }
}

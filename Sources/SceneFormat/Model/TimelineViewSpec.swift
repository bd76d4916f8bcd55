import Expressions

/// SwiftUI's `TimelineView(_ schedule:content:)`: the content reads the date of the schedule's latest
/// update, `timeline.date` (seconds since the scene's start), so time-driven drawing stays a function of
/// the frame's time.
///
/// Apple: https://developer.apple.com/documentation/swiftui/timelineview and
/// https://developer.apple.com/documentation/swiftui/timelineschedule
public struct TimelineViewSpec: Sendable {
    /// A `TimelineSchedule`, decoded from its Swift spelling.
    public enum Schedule: Sendable {
        /// `.animation` and `.animation(minimumInterval:paused:)`: every frame, or every `minimumInterval`
        /// seconds from the start; `paused` freezes the date.
        case animation(minimumInterval: Binding?, paused: Binding?)
        /// `.periodic(from:by:)`: `from`, `from + by`, `from + 2 by`...
        case periodic(from: Binding, by: Binding)
        /// `.everyMinute`: at the start of every minute of scene time.
        case everyMinute
        /// `.explicit(dates)`: at the listed times (a list expression).
        case explicit(Binding)
    }

    public var schedule: Schedule
    /// The name the content reads the context by (`TimelineView(.animation) { timeline in ... }`); default
    /// `timeline`.
    public var name: String
    public var path: JSONPath

    public init(schedule: Schedule, name: String, path: JSONPath) {
        self.schedule = schedule
        self.name = name
        self.path = path
    }

    /// The bindings the schedule reads.
    public var bindings: [Binding] {
        switch schedule {
        case .animation(let interval, let paused): return [interval, paused].compactMap { $0 }
        case .periodic(let from, let by): return [from, by]
        case .everyMinute: return []
        case .explicit(let dates): return [dates]
        }
    }
}

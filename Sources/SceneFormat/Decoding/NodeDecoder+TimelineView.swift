import Expressions

/// `{"timelineView": ".animation", "content": {view}}`: SwiftUI's `TimelineView(.animation) { timeline in
/// view }`. The schedule is written as in Swift: `.animation`, `.animation(minimumInterval: 0.5,
/// paused: isPaused)`, `.periodic(from: 0, by: 1)`, `.everyMinute`, `.explicit([0, 1.5, 3])`.
extension NodeDecoder {
    static let scheduleNames = ["animation", "periodic", "everyMinute", "explicit"]

    /// The node (a one-child ZStack around the content) and its `TimelineViewSpec`.
    static func decodeTimelineView(_ object: ObjectReader, at reader: JSONReader,
                                   depth: Int) throws(SceneError) -> (NodeKind, TimelineViewSpec) {
        let scheduleReader = try object.required("timelineView")
        let schedule = try decodeSchedule(scheduleReader)
        var name = "timeline"
        if let nameReader = object["as"] {
            name = try nameReader.string()
            guard SceneDecoder.isIdentifier(name), !BindingDecoder.reservedNames.contains(name) else {
                throw nameReader.error("\"\(name)\" cannot be a timeline context name")
            }
        }
        let content = try decode(try object.required("content"), depth: depth + 1)
        let kind = NodeKind.stack(StackSpec(axis: .z, spacing: nil, alignment: nil, children: [content]))
        return (kind, TimelineViewSpec(schedule: schedule, name: name, path: reader.path))
    }

    static func decodeSchedule(_ reader: JSONReader) throws(SceneError) -> TimelineViewSpec.Schedule {
        let source = try reader.string()
        let expected = "a TimelineSchedule such as \".animation\", \".animation(minimumInterval: 0.5)\", "
            + "\".periodic(from: 0, by: 1)\", \".everyMinute\" or \".explicit([0, 1.5, 3])\""
        guard source.hasPrefix(".") else { throw reader.error("expected \(expected), got \"\(source)\"") }
        let binding = try BindingDecoder.expression(source, reader)
        guard case .expression(let e) = binding.source, let chain = e.implicitMemberChain, chain.count == 1,
              let call = chain.first else {
            throw reader.error("expected \(expected), got \"\(source)\"")
        }
        guard scheduleNames.contains(call.name) else {
            var message = "unknown schedule \".\(call.name)\"; expected one of " + scheduleNames.map { ".\($0)" }.joined(separator: ", ")
            if let near = Suggestion.closest(to: call.name, in: scheduleNames) { message += "; did you mean \".\(near)\"?" }
            throw reader.error(message)
        }
        let arguments = call.arguments ?? []
        let labels = arguments.map { $0.label ?? "_" }
        func check(_ allowed: [String], required: [String] = []) throws(SceneError) {
            for label in labels where !allowed.contains(label) {
                throw reader.error(".\(call.name) takes " + (allowed.isEmpty ? "no arguments"
                    : allowed.map { $0 == "_" ? "a list" : "\($0):" }.joined(separator: " and ")) + ", not \"\(label)\"")
            }
            for label in required where !labels.contains(label) {
                throw reader.error(".\(call.name) needs \(label == "_" ? "a list of times" : "\"\(label):\"")")
            }
            guard Set(labels).count == labels.count else { throw reader.error(".\(call.name) has an argument twice") }
        }
        func argument(_ label: String?) throws(SceneError) -> Binding? {
            guard let expr = call.argument(label) else { return nil }
            // `.animation(minimumInterval: nil)`: the system's choice, every frame here.
            if case .variable("nil", _) = expr { return nil }
            let binding = try BindingDecoder.expression(expr.description, reader)
            // An argument without names (`0.5`, `-1`, `[0, 1.5]`) is a constant, checked here.
            if case .expression(let e) = binding.source, e.freeVariables.isEmpty, let value = try? e.evaluate(in: EmptyScope()) {
                return Binding(.constant(value), path: binding.path, location: binding.location)
            }
            return binding
        }
        switch call.name {
        case "animation":
            try check(["minimumInterval", "paused"])
            let interval = try argument("minimumInterval")
            if case .number(let m)? = interval?.constant, !(m > 0 && m.isFinite) {
                throw reader.error("a minimumInterval must be a finite number of seconds more than 0, got \(format(m))")
            }
            let paused = try argument("paused")
            if let paused, !paused.freeVariables.isDisjoint(with: ["t", "time"]) {
                throw reader.error("\"paused\" cannot read the time: it freezes the date when a state change pauses it; "
                                   + "set a state variable from the script instead")
            }
            return .animation(minimumInterval: interval, paused: paused)
        case "periodic":
            try check(["from", "by"], required: ["from", "by"])
            guard let from = try argument("from"), let by = try argument("by") else { throw reader.error(".periodic needs from: and by:") }
            if case .number(let p)? = by.constant, !(p > 0 && p.isFinite) {
                throw reader.error("a periodic schedule's \"by\" must be a finite number of seconds more than 0, got \(format(p))")
            }
            return .periodic(from: from, by: by)
        case "everyMinute":
            guard call.arguments == nil else { throw reader.error(".everyMinute takes no arguments") }
            return .everyMinute
        default:
            try check(["_"], required: ["_"])
            guard let dates = try argument(nil) else { throw reader.error(".explicit needs a list of times") }
            if let constant = dates.constant {
                guard case .list(let items) = constant, items.allSatisfy({ if case .number(let n) = $0 { n.isFinite } else { false } }) else {
                    throw reader.error(".explicit needs a list of times in seconds, such as [0, 1.5, 3]")
                }
            }
            return .explicit(dates)
        }
    }
}

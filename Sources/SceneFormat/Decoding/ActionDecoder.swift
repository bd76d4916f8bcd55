import Expressions

/// Decodes actions: `set`, `withAnimation`, `after`, `cancel`, `if`, `run`, `timer`, the Core Animation and UIKit animations.
enum ActionDecoder {
    static let kinds = ["set", "withAnimation", "after", "cancel", "if", "run", "timer", "caAnimation", "caKeyframeAnimation", "caSpringAnimation",
                        "caAnimationGroup", "uiViewAnimate", "uiViewAnimateKeyframes", "typeText"]
    static let maxDepth = 32

    static func list(_ reader: JSONReader, depth: Int = 0) throws(SceneError) -> [Action] {
        guard depth < maxDepth else { throw reader.error("actions are nested deeper than \(maxDepth) levels") }
        var actions: [Action] = []
        for item in try reader.array() { actions.append(try action(item, depth: depth)) }
        return actions
    }

    static func action(_ reader: JSONReader, depth: Int) throws(SceneError) -> Action {
        guard case .object(let members) = reader.value.kind else {
            throw reader.error("expected an action object such as {\"set\": {...}}, got \(reader.value.kindName)")
        }
        let present = members.map(\.key).filter { kinds.contains($0) }
        // `set` may sit beside `withAnimation`-free `animation`; `if` carries `then`/`else`.
        guard let kind = present.first, present.count == 1 else {
            if present.isEmpty {
                let keys = members.map(\.key)
                if let first = keys.first, let near = Suggestion.closest(to: first, in: kinds) {
                    throw reader.error("unknown action \"\(first)\", did you mean \"\(near)\"?")
                }
                throw reader.error("an action needs one of \(kinds.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            throw reader.error("an action can do only one thing, but has \(present.map { "\"\($0)\"" }.joined(separator: " and "))")
        }
        switch kind {
        case "set":
            let o = try reader.object(allowing: ["set", "animation", "comment"])
            return .set(try assignments(o.required("set")), animation: try o["animation"].map(animation),
                        path: reader.path)
        case "withAnimation":
            let o = try reader.object(allowing: ["withAnimation", "do", "completionCriteria", "completion", "comment"])
            var completion: AnimationCompletionSpec?
            if let actions = o["completion"] {
                let criteria = try o["completionCriteria"].map { r throws(SceneError) in
                    try r.choice(AnimationCompletionSpec.Criteria.allCases.map(\.rawValue))
                }
                completion = AnimationCompletionSpec(criteria: AnimationCompletionSpec.Criteria(rawValue: criteria ?? "") ?? .logicallyComplete,
                                                     actions: try list(actions, depth: depth + 1))
            } else if let criteria = o["completionCriteria"] {
                throw criteria.error("\"completionCriteria\" says when a \"completion\" runs; add \"completion\": [actions]")
            }
            return .withAnimation(try animation(o.required("withAnimation")), try list(o.required("do"), depth: depth + 1),
                                  completion: completion, path: reader.path)
        case "after":
            let o = try reader.object(allowing: ["after", "id", "do", "comment"])
            return .after(delay: try BindingDecoder.number(o.required("after")), id: try o["id"]?.string(),
                          actions: try list(o.required("do"), depth: depth + 1), path: reader.path)
        case "cancel":
            let o = try reader.object(allowing: ["cancel", "comment"])
            return .cancel(id: try o.required("cancel").string(), path: reader.path)
        case "if":
            let o = try reader.object(allowing: ["if", "then", "else", "comment"])
            return .conditional(try BindingDecoder.bool(o.required("if")), then: try list(o.required("then"), depth: depth + 1),
                                else: try o["else"].map { r throws(SceneError) in try list(r, depth: depth + 1) } ?? [],
                                path: reader.path)
        case "timer":
            return .timer(try timer(reader, depth: depth))
        case "caKeyframeAnimation":
            let o = try reader.object(allowing: ["caKeyframeAnimation", "comment"])
            return .caKeyframeAnimation(try keyframeAnimation(o.required("caKeyframeAnimation"), depth: depth))
        case "caSpringAnimation":
            let o = try reader.object(allowing: ["caSpringAnimation", "comment"])
            return .caAnimation(try basicAnimation(o.required("caSpringAnimation"), depth: depth, spring: true))
        case "caAnimationGroup":
            let o = try reader.object(allowing: ["caAnimationGroup", "comment"])
            return .caAnimationGroup(try animationGroup(o.required("caAnimationGroup"), depth: depth))
        case "uiViewAnimate":
            let o = try reader.object(allowing: ["uiViewAnimate", "comment"])
            return .uiViewAnimate(try uiViewAnimation(o.required("uiViewAnimate"), depth: depth))
        case "uiViewAnimateKeyframes":
            let o = try reader.object(allowing: ["uiViewAnimateKeyframes", "comment"])
            return .uiViewAnimateKeyframes(try uiViewKeyframes(o.required("uiViewAnimateKeyframes"), depth: depth))
        case "typeText":
            return try typeText(reader, depth: depth)
        case "caAnimation":
            let o = try reader.object(allowing: ["caAnimation", "comment"])
            return .caAnimation(try basicAnimation(o.required("caAnimation"), depth: depth))
        default:
            let o = try reader.object(allowing: ["run", "comment"])
            return .run(slot: try o.required("run").string(), path: reader.path)
        }
    }

    /// `{"timer": 0.5 | "displayLink", "repeats": true, "count": n, "until": t, "id": "...", "do": [...]}`.
    static func timer(_ reader: JSONReader, depth: Int) throws(SceneError) -> TimerSpec {
        let o = try reader.object(allowing: ["timer", "repeats", "count", "until", "id", "do", "comment"])
        let rateReader = try o.required("timer")
        let rate: TimerSpec.Rate
        switch rateReader.value.kind {
        case .string("displayLink"):
            rate = .displayLink
        case .number(let seconds):
            guard seconds >= Self.minimumTimerInterval else {
                throw rateReader.error("a timer interval must be at least \(format(Self.minimumTimerInterval)) s, got \(format(seconds))")
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
        return TimerSpec(rate: rate, repeats: try o["repeats"]?.bool() ?? true, count: count, until: until,
                         id: try o["id"]?.string(), actions: try list(o.required("do"), depth: depth + 1),
                         path: reader.path)
    }

    /// The shortest timer interval: 1 ms (a shorter one would flood the simulation).
    static let minimumTimerInterval = 0.001

    /// `CASpringAnimation`'s own keys.
    static let springAnimationKeys = ["mass", "stiffness", "damping", "initialVelocity"]
    static let basicAnimationKeys = ["keyPath", "fromValue", "toValue", "duration", "timingFunction",
                                     "isRemovedOnCompletion", "fillMode", "animationDidStop", "comment", "byValue", "isAdditive"] + MediaTimingSpec.keys

    /// `{"keyPath": "rotation", "fromValue": ..., "toValue": ..., "duration": ..., "timingFunction": ..., ...}`.
    static func basicAnimation(_ reader: JSONReader, depth: Int, spring: Bool = false) throws(SceneError) -> BasicAnimationSpec {
        let o = try reader.object(allowing: basicAnimationKeys + (spring ? springAnimationKeys : []))
        let keyPath = try o.required("keyPath").string()
        var duration: Binding?
        var springSpec: BasicAnimationSpec.SpringSpec?
        if spring {
            var s = BasicAnimationSpec.SpringSpec()
            s.mass = try o["mass"]?.number(in: 1e-6...1e6) ?? 1
            s.stiffness = try o["stiffness"]?.number(in: 1e-6...1e9) ?? 100
            s.damping = try o["damping"]?.number(in: 0...1e9) ?? 10
            s.initialVelocity = try o["initialVelocity"]?.number(in: -1e6...1e6) ?? 0
            if let d = o["duration"], case .string("settlingDuration") = d.value.kind {
                s.usesSettlingDuration = true
            }
            springSpec = s
        }
        if let d = o["duration"], springSpec?.usesSettlingDuration != true {
            if case .number = d.value.kind { _ = try d.number(in: 0...3_600) }
            duration = try BindingDecoder.number(d)
        }
        var timing: BasicAnimationSpec.TimingFunction?
        if let tf = o["timingFunction"] {
            if case .array = tf.value.kind {
                let items = try tf.array()
                guard items.count == 4 else {
                    throw tf.error("control points are [x1, y1, x2, y2], got \(items.count) value\(items.count == 1 ? "" : "s")")
                }
                timing = .controlPoints(try items[0].number(in: 0...1), try items[1].number(),
                                        try items[2].number(in: 0...1), try items[3].number())
            } else {
                timing = .named(try CurveName.decode(tf, among: [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]))
            }
        }
        _ = try o["comment"]?.string()
        if o.has("fromValue"), o.has("toValue"), let by = o["byValue"] {
            throw by.error("give at most two of fromValue, toValue and byValue")
        }
        let value = { (key: String) throws(SceneError) -> Binding? in try o[key].map { r throws(SceneError) in try BindingDecoder.any(r) } }
        var spec = BasicAnimationSpec(
            keyPath: keyPath, fromValue: try value("fromValue"), toValue: try value("toValue"), duration: duration, timingFunction: timing,
            isRemovedOnCompletion: try o["isRemovedOnCompletion"]?.bool() ?? true,
            fillMode: try o.fillMode(),
            animationDidStop: try o["animationDidStop"].map { r throws(SceneError) in try list(r, depth: depth + 1) } ?? [],
            path: reader.path)
        spec.timing = try mediaTiming(o)
        spec.spring = springSpec
        spec.byValue = try value("byValue")
        spec.isAdditive = try o["isAdditive"]?.bool() ?? false
        return spec
    }

    static func assignments(_ reader: JSONReader) throws(SceneError) -> [(name: String, value: Binding)] {
        let members = try reader.members()
        guard !members.isEmpty else { throw reader.error("\"set\" needs at least one assignment") }
        var result: [(name: String, value: Binding)] = []
        for (key, value) in members { result.append((key, try BindingDecoder.any(value))) }
        return result
    }

    static func animation(_ reader: JSONReader) throws(SceneError) -> AnimationSpec {
        let source = try reader.string()
        let binding = try BindingDecoder.expression(source, reader)
        guard case .expression(let e) = binding.source else { throw reader.error("expected an animation") }
        if let problem = AnimationSyntax.problem(in: e.root) {
            throw reader.error("invalid animation \"\(source)\": \(problem)")
        }
        return AnimationSpec(expression: e, path: reader.path, location: reader.value.location)
    }
}

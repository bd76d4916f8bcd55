import Expressions

/// `{"caAnimationGroup": {"animations": [{"caAnimation": {...}}, ...], "duration": 1, ...}}`: Core Animation's
/// `CAAnimationGroup`, animations sharing its timing (`AnimationGroupSpec`).
enum CAAnimationGroupAction: ActionUnit {
    static let key = "caAnimationGroup"
    static let swiftNames = [
        "CAAnimationGroup": "a CAAnimationGroup is {\"caAnimationGroup\": {\"animations\": [...], \"duration\": ...}}",
    ]
    static let swiftSourceHints = [
        "CAAnimationGroup": "a SwiftUI view has no layer to add it to: change the states together in one "
            + "withAnimation { ... }; a JSON scene reads it as {\"caAnimationGroup\": ...}",
    ]

    static func decode(_ object: ObjectReader, depth: Int) throws(SceneError) -> Action {
        .caAnimationGroup(try spec(object.required(key), depth: depth))
    }

    static func uses(of action: Action) -> [ActionUse]? {
        guard case .caAnimationGroup(let group) = action else { return nil }
        return [.runs(group.animations), .reads(group.duration), .runs(group.animationDidStop)]
    }

    static let specKeys = ["animations", "duration", "isRemovedOnCompletion", "fillMode", "animationDidStop",
                           "comment"] + MediaTimingSpec.keys
    static let maxAnimations = 100

    /// `{"animations": [{"caAnimation": {...}}, {"caKeyframeAnimation": {...}}], "duration": 1, ...}`.
    static func spec(_ reader: JSONReader, depth: Int) throws(SceneError) -> AnimationGroupSpec {
        let o = try reader.object(allowing: specKeys)
        _ = try o["comment"]?.string()
        let listReader = try o.required("animations")
        let items = try listReader.array()
        guard !items.isEmpty, items.count <= maxAnimations else {
            throw listReader.error("a group needs 1 to \(maxAnimations) animations, got \(items.count)")
        }
        var animations: [Action] = []
        for item in items {
            let kinds: [String]
            if case .object(let members) = item.value.kind { kinds = members.map(\.key).filter { $0 != "comment" } } else { kinds = [] }
            guard let kind = kinds.first, kinds.count == 1, AnimationGroupSpec.childKinds.contains(kind) else {
                let name = kinds.first.map { "\"\($0)\"" } ?? item.value.kindName
                var message = "a group's animations are {\"caAnimation\": ...}, {\"caKeyframeAnimation\": ...} or {\"caSpringAnimation\": ...}; got \(name)"
                if let first = kinds.first, let near = Suggestion.closest(to: first, in: AnimationGroupSpec.childKinds) {
                    message += "; did you mean \"\(near)\"?"
                }
                throw item.error(message)
            }
            let action = try ActionDecoder.action(item, depth: depth + 1)
            let stops: Bool
            switch action {
            case .caAnimation(let spec): stops = !spec.animationDidStop.isEmpty
            case .caKeyframeAnimation(let spec): stops = !spec.animationDidStop.isEmpty
            default: stops = false
            }
            if stops {
                throw item.error("Core Animation ignores the delegate of an animation in a group: give the group its \"animationDidStop\"")
            }
            animations.append(action)
        }
        var duration: Binding?
        if let d = o["duration"] {
            if case .number(let n) = d.value.kind, n < 0 { throw d.error("a duration must be 0 seconds or more, got \(format(n))") }
            if case .number = d.value.kind { _ = try d.number(in: 0...3_600) }
            duration = try BindingDecoder.number(d)
        }
        var spec = AnimationGroupSpec(
            animations: animations, duration: duration, isRemovedOnCompletion: try o["isRemovedOnCompletion"]?.bool() ?? true,
            fillMode: try o.fillMode(),
            animationDidStop: try o["animationDidStop"].map { r throws(SceneError) in try ActionDecoder.list(r, depth: depth + 1) } ?? [],
            path: reader.path)
        spec.timing = try ActionDecoder.mediaTiming(o)
        return spec
    }
}

import Expressions

/// `{"uiViewAnimateKeyframes": {"withDuration": 1, "keyframes": [{"relativeStartTime": 0, ...}]}}`: UIKit's
/// `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)` with its
/// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)` calls.
enum UIViewAnimateKeyframesAction: ActionUnit {
    static let key = "uiViewAnimateKeyframes"
    static let swiftNames = [
        "animateKeyframes": "UIView.animateKeyframes(withDuration:animations:) is {\"uiViewAnimateKeyframes\": {\"withDuration\": 1, \"keyframes\": [...]}}",
    ]
    static let swiftSourceHints = [
        "animateKeyframes": "animate in steps with .keyframeAnimator(initialValue:trigger:) or with withAnimation and "
            + "DispatchQueue.main.asyncAfter; a JSON scene reads UIView.animateKeyframes as {\"uiViewAnimateKeyframes\": ...}",
    ]

    static func decode(_ object: ObjectReader, depth: Int) throws(SceneError) -> Action {
        .uiViewAnimateKeyframes(try spec(object.required(key), depth: depth))
    }

    static func uses(of action: Action) -> [ActionUse]? {
        guard case .uiViewAnimateKeyframes(let animation) = action else { return nil }
        return ActionUse.reads(all: [animation.duration, animation.delay])
            + animation.keyframes.map { .runs($0.animations) } + [.runs(animation.completion)]
    }

    static let specKeys = ["withDuration", "delay", "options", "keyframes", "completion", "comment"]
    static let keyframeKeys = ["relativeStartTime", "relativeDuration", "animations", "comment"]
    static let maxKeyframes = 1_000

    /// `{"withDuration": 1, "options": ["calculationModeCubic"], "keyframes": [{"relativeStartTime": 0, ...}]}`.
    static func spec(_ reader: JSONReader, depth: Int) throws(SceneError) -> UIViewKeyframesSpec {
        let o = try reader.object(allowing: specKeys)
        _ = try o["comment"]?.string()
        let listReader = try o.required("keyframes")
        let items = try listReader.array()
        guard !items.isEmpty, items.count <= maxKeyframes else {
            throw listReader.error("expected 1 to \(maxKeyframes) keyframes, got \(items.count)")
        }
        var keyframes: [UIViewKeyframesSpec.Keyframe] = []
        for item in items {
            let k = try item.object(allowing: keyframeKeys)
            _ = try k["comment"]?.string()
            let start = try relativeTime(k.required("relativeStartTime"))
            let durationReader = try k.required("relativeDuration")
            let length = try relativeTime(durationReader)
            guard start + length <= 1 + 1e-9 else {
                throw durationReader.error("a keyframe must end by the end of the animation: relativeStartTime \(format(start)) + relativeDuration \(format(length)) is more than 1")
            }
            keyframes.append(.init(relativeStartTime: start, relativeDuration: length,
                                   animations: try ActionDecoder.list(k.required("animations"), depth: depth + 1), path: item.path))
        }
        var spec = UIViewKeyframesSpec(
            duration: try UIViewAnimateAction.seconds(o.required("withDuration")),
            delay: try o["delay"].map { r throws(SceneError) in try UIViewAnimateAction.seconds(r) },
            options: try UIViewAnimateAction.options(o["options"], keyframes: true), keyframes: keyframes,
            completion: try o["completion"].map { r throws(SceneError) in try ActionDecoder.list(r, depth: depth + 1) } ?? [],
            path: reader.path)
        spec.location = reader.value.location
        return spec
    }

    /// `addKeyframe`'s relative start time or duration: a number from 0 to 1.
    static func relativeTime(_ reader: JSONReader) throws(SceneError) -> Double {
        let n = try reader.number()
        guard n >= 0, n <= 1 else {
            throw reader.error("a relative time is a fraction of the whole animation, 0 to 1; got \(format(n))")
        }
        return n
    }
}

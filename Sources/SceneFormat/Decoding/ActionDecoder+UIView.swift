import Expressions

/// Decodes `uiViewAnimate` and `uiViewAnimateKeyframes`.
extension ActionDecoder {
    static let uiViewAnimateKeys = ["withDuration", "springDuration", "delay", "usingSpringWithDamping", "bounce",
                                    "initialSpringVelocity", "options", "animations", "completion", "comment"]
    static let uiViewKeyframesKeys = ["withDuration", "delay", "options", "keyframes", "completion", "comment"]
    static let uiViewKeyframeKeys = ["relativeStartTime", "relativeDuration", "animations", "comment"]
    static let maxUIViewKeyframes = 1_000

    /// `{"withDuration": 0.3, "delay": 0, "options": ["curveEaseOut"], "animations": [...], "completion": [...]}`,
    /// with `usingSpringWithDamping` and `initialSpringVelocity`, or `springDuration` and `bounce`.
    static func uiViewAnimation(_ reader: JSONReader, depth: Int) throws(SceneError) -> UIViewAnimationSpec {
        let o = try reader.object(allowing: uiViewAnimateKeys)
        _ = try o["comment"]?.string()
        let springForm = o.has("springDuration") || o.has("bounce")
        if springForm, o.has("withDuration") {
            throw o.error("give \"withDuration\" (with an optional \"usingSpringWithDamping\") or iOS 17's \"springDuration\" and \"bounce\", not both")
        }
        if springForm, o.has("usingSpringWithDamping") {
            throw o.error("\"usingSpringWithDamping\" goes with \"withDuration\"; iOS 17's spring takes \"springDuration\" and \"bounce\"")
        }
        if !springForm, !o.has("withDuration") {
            throw o.error("missing required key \"withDuration\" (or iOS 17's \"springDuration\")")
        }
        if o.has("initialSpringVelocity"), !springForm, !o.has("usingSpringWithDamping") {
            throw o.error("\"initialSpringVelocity\" needs \"usingSpringWithDamping\" (or iOS 17's \"springDuration\")")
        }
        let duration = try (o["withDuration"] ?? o["springDuration"]).map { r throws(SceneError) in try seconds(r) }
        let velocity = try o["initialSpringVelocity"].map { r throws(SceneError) in try BindingDecoder.number(r) }
        let timing: UIViewAnimationSpec.Timing
        if let damping = o["usingSpringWithDamping"] {
            if case .number(let ratio) = damping.value.kind, !(ratio > 0) {
                throw damping.error("a damping ratio must be more than 0 (1: no oscillation), got \(format(ratio))")
            }
            timing = .dampingRatio(try BindingDecoder.number(damping), initialVelocity: velocity)
        } else if springForm {
            if let b = o["bounce"], case .number = b.value.kind { _ = try b.number(in: -1...1) }
            timing = .bounce(try o["bounce"].map { r throws(SceneError) in try BindingDecoder.number(r) }, initialVelocity: velocity)
        } else {
            timing = .curve
        }
        return UIViewAnimationSpec(
            duration: duration, delay: try o["delay"].map { r throws(SceneError) in try seconds(r) }, timing: timing,
            options: try uiViewOptions(o["options"], keyframes: false),
            animations: try list(o.required("animations"), depth: depth + 1),
            completion: try o["completion"].map { r throws(SceneError) in try list(r, depth: depth + 1) } ?? [],
            path: reader.path)
    }

    /// `{"withDuration": 1, "options": ["calculationModeCubic"], "keyframes": [{"relativeStartTime": 0, ...}]}`.
    static func uiViewKeyframes(_ reader: JSONReader, depth: Int) throws(SceneError) -> UIViewKeyframesSpec {
        let o = try reader.object(allowing: uiViewKeyframesKeys)
        _ = try o["comment"]?.string()
        let listReader = try o.required("keyframes")
        let items = try listReader.array()
        guard !items.isEmpty, items.count <= maxUIViewKeyframes else {
            throw listReader.error("expected 1 to \(maxUIViewKeyframes) keyframes, got \(items.count)")
        }
        var keyframes: [UIViewKeyframesSpec.Keyframe] = []
        for item in items {
            let k = try item.object(allowing: uiViewKeyframeKeys)
            _ = try k["comment"]?.string()
            let start = try relativeTime(k.required("relativeStartTime"))
            let durationReader = try k.required("relativeDuration")
            let length = try relativeTime(durationReader)
            guard start + length <= 1 + 1e-9 else {
                throw durationReader.error("a keyframe must end by the end of the animation: relativeStartTime \(format(start)) + relativeDuration \(format(length)) is more than 1")
            }
            keyframes.append(.init(relativeStartTime: start, relativeDuration: length,
                                   animations: try list(k.required("animations"), depth: depth + 1), path: item.path))
        }
        return UIViewKeyframesSpec(
            duration: try seconds(o.required("withDuration")),
            delay: try o["delay"].map { r throws(SceneError) in try seconds(r) },
            options: try uiViewOptions(o["options"], keyframes: true), keyframes: keyframes,
            completion: try o["completion"].map { r throws(SceneError) in try list(r, depth: depth + 1) } ?? [],
            path: reader.path)
    }

    /// A number of seconds (0 or more, checked now when written as a number) or an expression.
    private static func seconds(_ reader: JSONReader) throws(SceneError) -> Binding {
        if case .number(let n) = reader.value.kind, !(n >= 0 && n <= 3_600) {
            throw reader.error(n < 0 ? "a duration must be 0 seconds or more, got \(format(n))"
                                     : "\(format(n)) is out of range: expected 0 to 3600 seconds")
        }
        return try BindingDecoder.number(reader)
    }

    /// `addKeyframe`'s relative start time or duration: a number from 0 to 1.
    private static func relativeTime(_ reader: JSONReader) throws(SceneError) -> Double {
        let n = try reader.number()
        guard n >= 0, n <= 1 else {
            throw reader.error("a relative time is a fraction of the whole animation, 0 to 1; got \(format(n))")
        }
        return n
    }

    /// `["curveEaseOut", "repeat", "autoreverse"]`: UIKit's option names (keyframes add the calculation modes).
    static func uiViewOptions(_ reader: JSONReader?, keyframes: Bool) throws(SceneError) -> UIViewAnimationOptions {
        var options = UIViewAnimationOptions()
        guard let reader else { return options }
        let names = UIViewAnimationOptions.names + (keyframes ? Array(UIViewAnimationOptions.calculationModes.keys).sorted() : [])
        var curveSeen: String?, modeSeen: String?
        for item in try reader.array() {
            if keyframes, case .string("calculationModeCubicPaced") = item.value.kind {
                throw item.error("calculationModeCubicPaced is not supported; use calculationModeCubic or calculationModePaced")
            }
            let name = try item.choice(names)
            if let curve = UIViewAnimationOptions.curves[name] {
                if let seen = curveSeen { throw item.error("one curve option only: \"\(seen)\" and \"\(name)\"") }
                curveSeen = name
                options.curve = curve
            } else if let mode = UIViewAnimationOptions.calculationModes[name] {
                if let seen = modeSeen { throw item.error("one calculation mode only: \"\(seen)\" and \"\(name)\"") }
                modeSeen = name
                options.calculationMode = mode
            } else if name == "repeat" {
                options.repeats = true
            } else if name == "autoreverse" {
                options.autoreverses = true
            } else {
                options.beginsFromCurrentState = true
            }
        }
        return options
    }
}

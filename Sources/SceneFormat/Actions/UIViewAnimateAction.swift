import Expressions

/// `{"uiViewAnimate": {"withDuration": 0.3, "options": ["curveEaseOut"], "animations": [...]}}`: UIKit's
/// `UIView.animate(withDuration:delay:options:animations:completion:)`, its spring form
/// (`usingSpringWithDamping:initialSpringVelocity:`) and iOS 17's `animate(springDuration:bounce:...)`.
enum UIViewAnimateAction: ActionUnit {
    static let key = "uiViewAnimate"
    static let swiftNames = [
        "animate": "UIView.animate(withDuration:animations:) is {\"uiViewAnimate\": {\"withDuration\": 0.3, \"animations\": [...]}}",
    ]
    static let swiftSourceHints = [
        "animate": "animate the state with withAnimation(.easeInOut(duration: 0.3)) { ... }; a JSON scene reads "
            + "UIView.animate as {\"uiViewAnimate\": ...}",
    ]

    static func decode(_ object: ObjectReader, depth: Int) throws(SceneError) -> Action {
        .uiViewAnimate(try spec(object.required(key), depth: depth))
    }

    static func uses(of action: Action) -> [ActionUse]? {
        guard case .uiViewAnimate(let animation) = action else { return nil }
        let timing: [Binding?]
        switch animation.timing {
        case .curve: timing = []
        case .dampingRatio(let ratio, let velocity): timing = [ratio, velocity]
        case .bounce(let bounce, let velocity): timing = [bounce, velocity]
        }
        return ActionUse.reads(all: [animation.duration, animation.delay] + timing)
            + [.runs(animation.animations), .runs(animation.completion)]
    }

    static let specKeys = ["withDuration", "springDuration", "delay", "usingSpringWithDamping", "bounce",
                           "initialSpringVelocity", "options", "animations", "completion", "comment"]

    /// `{"withDuration": 0.3, "delay": 0, "options": ["curveEaseOut"], "animations": [...], "completion": [...]}`,
    /// with `usingSpringWithDamping` and `initialSpringVelocity`, or `springDuration` and `bounce`.
    static func spec(_ reader: JSONReader, depth: Int) throws(SceneError) -> UIViewAnimationSpec {
        let o = try reader.object(allowing: specKeys)
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
            options: try options(o["options"], keyframes: false),
            animations: try ActionDecoder.list(o.required("animations"), depth: depth + 1),
            completion: try o["completion"].map { r throws(SceneError) in try ActionDecoder.list(r, depth: depth + 1) } ?? [],
            path: reader.path)
    }

    /// A number of seconds (0 or more, checked now when written as a number) or an expression.
    static func seconds(_ reader: JSONReader) throws(SceneError) -> Binding {
        if case .number(let n) = reader.value.kind, !(n >= 0 && n <= 3_600) {
            throw reader.error(n < 0 ? "a duration must be 0 seconds or more, got \(format(n))"
                                     : "\(format(n)) is out of range: expected 0 to 3600 seconds")
        }
        return try BindingDecoder.number(reader)
    }

    /// `["curveEaseOut", "repeat", "autoreverse"]`: UIKit's option names (keyframes add the calculation modes).
    static func options(_ reader: JSONReader?, keyframes: Bool) throws(SceneError) -> UIViewAnimationOptions {
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

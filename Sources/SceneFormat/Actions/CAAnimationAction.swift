import Expressions

/// `{"caAnimation": {"keyPath": "rotation", "fromValue": 0, "toValue": 360, "duration": 1, ...}}`: Core
/// Animation's `CABasicAnimation(keyPath:)` added to a layer, on a state variable (`BasicAnimationSpec`).
enum CAAnimationAction: ActionUnit {
    static let key = "caAnimation"
    static let swiftNames = [
        "CABasicAnimation": "a CABasicAnimation is {\"caAnimation\": {\"keyPath\": ..., \"fromValue\": ..., \"toValue\": ...}}",
    ]
    static let swiftSourceHints = [
        "CABasicAnimation": "a SwiftUI view has no layer to add it to: animate the state with "
            + "withAnimation(.easeInOut(duration: 0.3)) { ... }; a JSON scene reads it as {\"caAnimation\": ...}",
    ]

    static func decode(_ object: ObjectReader, depth: Int) throws(SceneError) -> Action {
        .caAnimation(try spec(object.required(key), depth: depth))
    }

    /// Also the checks of `caSpringAnimation`, which decodes into this case.
    static func uses(of action: Action) -> [ActionUse]? {
        guard case .caAnimation(let animation) = action else { return nil }
        return [.writes(StateWrite(name: animation.keyPath, role: .keyPath, path: animation.path.appending("keyPath")))]
            + ActionUse.reads(all: [animation.fromValue, animation.toValue, animation.byValue, animation.duration])
            + [.runs(animation.animationDidStop)]
    }

    /// `CASpringAnimation`'s own keys.
    static let springKeys = ["mass", "stiffness", "damping", "initialVelocity"]
    static let specKeys = ["keyPath", "fromValue", "toValue", "duration", "timingFunction",
                           "isRemovedOnCompletion", "fillMode", "animationDidStop", "comment", "byValue", "isAdditive"] + MediaTimingSpec.keys

    /// `{"keyPath": "rotation", "fromValue": ..., "toValue": ..., "duration": ..., "timingFunction": ..., ...}`.
    static func spec(_ reader: JSONReader, depth: Int, spring: Bool = false) throws(SceneError) -> BasicAnimationSpec {
        let o = try reader.object(allowing: specKeys + (spring ? springKeys : []))
        let keyPathReader = try o.required("keyPath")
        let keyPath = try keyPathReader.string()
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
            animationDidStop: try o["animationDidStop"].map { r throws(SceneError) in try ActionDecoder.list(r, depth: depth + 1) } ?? [],
            path: reader.path)
        spec.timing = try ActionDecoder.mediaTiming(o)
        spec.spring = springSpec
        spec.byValue = try value("byValue")
        spec.keyPathLocation = keyPathReader.value.location
        spec.isAdditive = try o["isAdditive"]?.bool() ?? false
        return spec
    }
}

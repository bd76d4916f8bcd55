import Expressions

/// `{"caKeyframeAnimation": {"keyPath": "y", "values": [0, -40, 0], "keyTimes": [0, 0.3, 1], ...}}`: Core
/// Animation's `CAKeyframeAnimation(keyPath:)`, through values or along a path (`KeyframeAnimationSpec`).
enum CAKeyframeAnimationAction: ActionUnit {
    static let key = "caKeyframeAnimation"
    static let swiftNames = [
        "CAKeyframeAnimation": "a CAKeyframeAnimation is {\"caKeyframeAnimation\": {\"keyPath\": ..., \"values\": [...]}}",
    ]
    static let swiftSourceHints = [
        "CAKeyframeAnimation": "a SwiftUI view has no layer to add it to: animate through values with "
            + ".keyframeAnimator(initialValue:trigger:); a JSON scene reads it as {\"caKeyframeAnimation\": ...}",
    ]

    static func decode(_ object: ObjectReader, depth: Int) throws(SceneError) -> Action {
        .caKeyframeAnimation(try spec(object.required(key), depth: depth))
    }

    static func uses(of action: Action) -> [ActionUse]? {
        guard case .caKeyframeAnimation(let animation) = action else { return nil }
        guard let motion = animation.pathMotion else {
            return [.writes(StateWrite(name: animation.keyPath, role: .keyPath, path: animation.path.appending("keyPath")))]
                + ActionUse.reads(all: animation.values) + [.reads(animation.duration), .runs(animation.animationDidStop)]
        }
        let variables = [("x", motion.x), ("y", motion.y), ("rotation", motion.rotation)].compactMap { key, name in
            name.map { ActionUse.writes(StateWrite(name: $0, role: .pathVariable(key), path: animation.path.appending(key))) }
        }
        return variables + ActionUse.reads(all: motion.commands.flatMap(\.arguments))
            + [.reads(animation.duration), .runs(animation.animationDidStop)]
    }

    static let specKeys = ["keyPath", "values", "keyTimes", "timingFunctions", "calculationMode", "duration",
                           "isRemovedOnCompletion", "fillMode", "animationDidStop", "comment", "isAdditive",
                           "path", "x", "y", "rotation", "rotationMode"] + MediaTimingSpec.keys
    static let maxLayerKeyframes = 1_000

    /// `{"keyPath": "y", "values": [0, -40, 0], "keyTimes": [0, 0.3, 1], "calculationMode": "cubic", ...}`.
    static func spec(_ reader: JSONReader, depth: Int) throws(SceneError) -> KeyframeAnimationSpec {
        let o = try reader.object(allowing: specKeys)
        _ = try o["comment"]?.string()
        let keyPathReader = try o.required("keyPath")
        let keyPath = try keyPathReader.string()
        var mode = KeyframeCalculationMode.linear
        if let r = o["calculationMode"], let chosen = KeyframeCalculationMode(rawValue: try r.choice(KeyframeAnimationSpec.calculationModes)) {
            mode = chosen
        }
        let motion = try pathMotion(o, keyPath: keyPathReader)
        var values: [Binding] = []
        if motion == nil {
            let valuesReader = try o.required("values")
            let items = try valuesReader.array()
            guard !items.isEmpty, items.count <= maxLayerKeyframes else {
                throw valuesReader.error("a keyframe animation needs 1 to \(maxLayerKeyframes) values, got \(items.count)")
            }
            for item in items { values.append(try BindingDecoder.any(item)) }
        }
        var keyTimes: [Double]?
        if let kt = o["keyTimes"], mode != .paced {
            let times = try kt.array()
            let expected = mode == .discrete ? values.count + 1 : values.count
            guard motion != nil || times.count == expected else {
                throw kt.error("\(mode) needs \(expected) key times for \(values.count) values"
                               + (mode == .discrete ? " (one more than the values)" : "") + ", got \(times.count)")
            }
            var list: [Double] = []
            for time in times {
                let t = try time.number(in: 0...1)
                if let last = list.last, t < last {
                    throw time.error("key times must not decrease: \(format(t)) comes after \(format(last))")
                }
                list.append(t)
            }
            guard list.first == 0, list.last == 1 else { throw kt.error("key times must start at 0 and end at 1") }
            keyTimes = list
        }
        var timingFunctions: [BasicAnimationSpec.TimingFunction]?
        if let tf = o["timingFunctions"], mode != .paced, mode != .discrete {
            let list = try tf.array()
            guard motion != nil || list.count == values.count - 1 else {
                throw tf.error("one timing function per segment: \(values.count - 1) for \(values.count) values, got \(list.count)")
            }
            var functions: [BasicAnimationSpec.TimingFunction] = []
            for item in list { functions.append(try timingFunction(item)) }
            timingFunctions = functions
        }
        var duration: Binding?
        if let d = o["duration"] {
            if case .number = d.value.kind { _ = try d.number(in: 0...3_600) }
            duration = try BindingDecoder.number(d)
        }
        var spec = KeyframeAnimationSpec(
            keyPath: keyPath, values: values, keyTimes: keyTimes, timingFunctions: timingFunctions, calculationMode: mode,
            duration: duration, isRemovedOnCompletion: try o["isRemovedOnCompletion"]?.bool() ?? true,
            fillMode: try o.fillMode(),
            animationDidStop: try o["animationDidStop"].map { r throws(SceneError) in try ActionDecoder.list(r, depth: depth + 1) } ?? [],
            path: reader.path)
        spec.location = reader.value.location
        spec.timing = try ActionDecoder.mediaTiming(o)
        spec.isAdditive = try o["isAdditive"]?.bool() ?? false
        spec.pathMotion = motion
        return spec
    }

    /// `"keyPath": "position", "path": [...], "x": "px", "y": "py"`, with `"rotationMode"` and `"rotation"`;
    /// nil without a `path`.
    static func pathMotion(_ o: ObjectReader, keyPath: JSONReader) throws(SceneError) -> KeyframeAnimationSpec.PathMotionSpec? {
        guard let pathReader = o["path"] else {
            for key in ["x", "y", "rotation", "rotationMode"] where o.has(key) {
                throw o[key].map { $0.error("\"\(key)\" goes with a \"path\"") } ?? o.error("\"\(key)\" goes with a \"path\"")
            }
            return nil
        }
        guard try keyPath.string() == "position" else {
            throw keyPath.error("a keyframe animation with a \"path\" animates \"position\" (naming its state variables in \"x\" and \"y\")")
        }
        if let v = o["values"] { throw v.error("give \"values\" or a \"path\", not both") }
        var commands: [PathCommand] = []
        for item in try pathReader.array() {
            let command = try NodeDecoder.decodePathCommand(item)
            if command.kind == .plot { throw item.error("a keyframe path cannot \"plot\"; use lines or curves") }
            commands.append(command)
        }
        guard !commands.isEmpty, commands.count <= SceneLimits.maxPathCommands else {
            throw pathReader.error("a keyframe path needs 1 to \(SceneLimits.maxPathCommands) commands, got \(commands.count)")
        }
        let mode = try o["rotationMode"]?.choice(KeyframeAnimationSpec.rotationModes)
        let rotation = try o["rotation"]?.string()
        if let m = o["rotationMode"], rotation == nil { throw m.error("\"rotationMode\" needs \"rotation\": the state variable that takes the angle") }
        if let r = o["rotation"], mode == nil { throw r.error("\"rotation\" goes with a \"rotationMode\" (\"auto\" or \"autoReverse\")") }
        return .init(commands: commands, x: try o.required("x").string(), y: try o.required("y").string(),
                     rotation: rotation, rotationMode: mode)
    }

    /// A `CAMediaTimingFunction`: a name or `[x1, y1, x2, y2]`.
    static func timingFunction(_ tf: JSONReader) throws(SceneError) -> BasicAnimationSpec.TimingFunction {
        guard case .array = tf.value.kind else { return .named(try CurveName.decode(tf, among: [.linear, .easeIn, .easeOut, .easeInEaseOut, .default])) }
        let items = try tf.array()
        guard items.count == 4 else {
            throw tf.error("control points are [x1, y1, x2, y2], got \(items.count) value\(items.count == 1 ? "" : "s")")
        }
        return .controlPoints(try items[0].number(in: 0...1), try items[1].number(in: -10...10),
                              try items[2].number(in: 0...1), try items[3].number(in: -10...10))
    }
}

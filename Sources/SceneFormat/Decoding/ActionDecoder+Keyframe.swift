import Expressions

/// Decodes `caKeyframeAnimation`.
extension ActionDecoder {
    static let keyframeAnimationKeys = ["keyPath", "values", "keyTimes", "timingFunctions", "calculationMode", "duration",
                                        "isRemovedOnCompletion", "fillMode", "animationDidStop", "comment", "isAdditive"] + MediaTimingSpec.keys
    static let maxLayerKeyframes = 1_000

    /// `{"keyPath": "y", "values": [0, -40, 0], "keyTimes": [0, 0.3, 1], "calculationMode": "cubic", ...}`.
    static func keyframeAnimation(_ reader: JSONReader, depth: Int) throws(SceneError) -> KeyframeAnimationSpec {
        let o = try reader.object(allowing: keyframeAnimationKeys)
        _ = try o["comment"]?.string()
        let keyPath = try o.required("keyPath").string()
        let mode = try o["calculationMode"]?.choice(KeyframeAnimationSpec.calculationModes) ?? "linear"
        let valuesReader = try o.required("values")
        let items = try valuesReader.array()
        guard !items.isEmpty, items.count <= maxLayerKeyframes else {
            throw valuesReader.error("a keyframe animation needs 1 to \(maxLayerKeyframes) values, got \(items.count)")
        }
        var values: [Binding] = []
        for item in items { values.append(try BindingDecoder.any(item)) }
        var keyTimes: [Double]?
        if let kt = o["keyTimes"], mode != "paced" {
            let times = try kt.array()
            let expected = mode == "discrete" ? values.count + 1 : values.count
            guard times.count == expected else {
                throw kt.error("\(mode) needs \(expected) key times for \(values.count) values"
                               + (mode == "discrete" ? " (one more than the values)" : "") + ", got \(times.count)")
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
        if let tf = o["timingFunctions"], mode != "paced", mode != "discrete" {
            let list = try tf.array()
            guard list.count == values.count - 1 else {
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
            fillMode: try o["fillMode"]?.choice(MediaTimingSpec.fillModes) ?? "removed",
            animationDidStop: try o["animationDidStop"].map { r throws(SceneError) in try list(r, depth: depth + 1) } ?? [],
            path: reader.path)
        spec.timing = try mediaTiming(o)
        spec.isAdditive = try o["isAdditive"]?.bool() ?? false
        return spec
    }

    /// A `CAMediaTimingFunction`: a name or `[x1, y1, x2, y2]`.
    static func timingFunction(_ tf: JSONReader) throws(SceneError) -> BasicAnimationSpec.TimingFunction {
        guard case .array = tf.value.kind else { return .named(try tf.choice(BasicAnimationSpec.timingFunctionNames)) }
        let items = try tf.array()
        guard items.count == 4 else {
            throw tf.error("control points are [x1, y1, x2, y2], got \(items.count) value\(items.count == 1 ? "" : "s")")
        }
        return .controlPoints(try items[0].number(in: 0...1), try items[1].number(in: -10...10),
                              try items[2].number(in: 0...1), try items[3].number(in: -10...10))
    }
}

import Expressions

/// Decodes `keyframeAnimator`.
extension NodeDecoder {
    static let keyframeAnimatorKeys = ["initialValue", "as", "repeating", "trigger", "tracks", "keyframes", "comment"]
    static let keyframeKinds = ["linear", "cubic", "spring", "move"]
    /// The longest keyframe segment, in seconds, and the most keyframes in one track.
    static let maxKeyframeDuration = KeyframeAnimatorSpec.maxDuration
    static let maxKeyframes = 1_000

    /// `{"initialValue": {"scale": 1}, "repeating": true, "tracks": {"scale": [{"spring": 1.2, "duration": 0.3}]}}`,
    /// or a number `initialValue` with `"keyframes": [...]`.
    static func decodeKeyframeAnimator(_ reader: JSONReader) throws(SceneError) -> KeyframeAnimatorSpec {
        let o = try reader.object(allowing: keyframeAnimatorKeys)
        _ = try o["comment"]?.string()
        let initial = try o.required("initialValue")
        var name = "value"
        if let asReader = o["as"] {
            name = try asReader.string()
            guard SceneDecoder.isIdentifier(name), !BindingDecoder.reservedNames.contains(name) else {
                throw asReader.error("\"\(name)\" cannot be a name for the animated value")
            }
        }
        if o.has("trigger"), o.has("repeating") {
            throw o.error("give either \"trigger\" (play on each change) or \"repeating\", not both")
        }
        let trigger = try o["trigger"].map(BindingDecoder.any)
        let repeating = try o["repeating"]?.bool() ?? true
        var fields: [(name: String, initial: Double)] = []
        var tracks: [String: [KeyframeAnimatorSpec.KeyframeSpec]] = [:]
        let isRecord: Bool
        switch initial.value.kind {
        case .number:
            isRecord = false
            fields = [("", try finite(initial))]
            if o.has("tracks") { throw o.error("a number initialValue takes \"keyframes\"; \"tracks\" are for a record's fields") }
            tracks[""] = try keyframes(o.required("keyframes"))
        case .object:
            isRecord = true
            for (key, value) in try initial.members() {
                guard SceneDecoder.isIdentifier(key) else { throw value.error("\"\(key)\" cannot be a field name") }
                fields.append((key, try finite(value)))
            }
            guard !fields.isEmpty else { throw initial.error("the initial value needs at least one field") }
            if o.has("keyframes") { throw o.error("a record initialValue takes \"tracks\" (one list of keyframes per field)") }
            for (key, list) in try o.required("tracks").members() {
                guard fields.contains(where: { $0.name == key }) else {
                    let near = Suggestion.closest(to: key, in: fields.map(\.name)).map { ", did you mean \"\($0)\"?" } ?? ""
                    throw list.error("\"\(key)\" is not a field of the initial value\(near)")
                }
                tracks[key] = try keyframes(list)
            }
        default:
            throw initial.error("expected a number or a record of numbers, got \(initial.value.kindName)")
        }
        return KeyframeAnimatorSpec(name: name, fields: fields, isRecord: isRecord, tracks: tracks, trigger: trigger,
                                    repeating: repeating, path: reader.path)
    }

    private static func finite(_ reader: JSONReader) throws(SceneError) -> Double {
        try reader.number(in: -1e9...1e9)
    }

    private static func keyframes(_ reader: JSONReader) throws(SceneError) -> [KeyframeAnimatorSpec.KeyframeSpec] {
        let items = try reader.array()
        guard items.count <= maxKeyframes else { throw reader.error("a track has at most \(maxKeyframes) keyframes, got \(items.count)") }
        var result: [KeyframeAnimatorSpec.KeyframeSpec] = []
        for item in items { result.append(try keyframe(item)) }
        return result
    }

    /// `{"linear": 1, "duration": 0.3, "timingCurve": "easeIn"}`, `{"cubic": 1, "duration": 0.3}`,
    /// `{"spring": 1, "duration": 0.3, "springDuration": 0.5, "bounce": 0.2}`, `{"move": 0}`.
    private static func keyframe(_ reader: JSONReader) throws(SceneError) -> KeyframeAnimatorSpec.KeyframeSpec {
        guard case .object(let members) = reader.value.kind else {
            throw reader.error("expected a keyframe such as {\"linear\": 1, \"duration\": 0.3}, got \(reader.value.kindName)")
        }
        let kinds = members.map(\.key).filter { keyframeKinds.contains($0) }
        guard kinds.count == 1, let kind = kinds.first else {
            throw reader.error("a keyframe needs exactly one of \(keyframeKinds.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        let options: [String: [String]] = [
            "linear": ["duration", "timingCurve"], "cubic": ["duration", "startVelocity", "endVelocity"],
            "spring": ["duration", "springDuration", "bounce", "startVelocity"], "move": [],
        ]
        let o = try reader.object(allowing: [kind, "comment"] + (options[kind] ?? []))
        _ = try o["comment"]?.string()
        let to = try finite(o.required(kind))
        // A number, checked now, or an expression read when the keyframes play (`KeyframeTimeline.duration`
        // checks its value then).
        func duration(_ key: String) throws(SceneError) -> Binding? {
            guard let d = o[key] else { return nil }
            if case .string = d.value.kind { return try BindingDecoder.number(d) }
            let n = try d.number()
            guard n >= 0, n <= maxKeyframeDuration else {
                throw d.error("a duration must be 0 to \(Int(maxKeyframeDuration)) seconds, got \(format(n))")
            }
            return Binding(.constant(.number(n)), path: d.path, location: d.value.location)
        }
        func velocity(_ key: String) throws(SceneError) -> Double? { try o[key].map(finite) }
        switch kind {
        case "linear":
            var curve: BasicAnimationSpec.TimingFunction?
            if let tf = o["timingCurve"] { curve = try unitCurve(tf) }
            guard let d = try duration("duration") else { throw o.error("missing required key \"duration\"") }
            return .linear(to: to, duration: d, curve: curve)
        case "cubic":
            guard let d = try duration("duration") else { throw o.error("missing required key \"duration\"") }
            return .cubic(to: to, duration: d, startVelocity: try velocity("startVelocity"), endVelocity: try velocity("endVelocity"))
        case "spring":
            let springDuration = try duration("springDuration")
                ?? Binding(.constant(.number(0.5)), path: o.path.appending("springDuration"), location: o.location)
            if case .constant(.number(let n)) = springDuration.source, n <= 0 {
                throw o.error("springDuration must be more than 0")
            }
            let bounce = try o["bounce"]?.number(in: -1...1) ?? 0
            return .spring(to: to, duration: try duration("duration"), springDuration: springDuration, bounce: bounce,
                           startVelocity: try velocity("startVelocity"))
        default:
            return .move(to: to)
        }
    }

    /// A SwiftUI `UnitCurve`: "linear", "easeIn", "easeOut", "easeInOut" or `[x1, y1, x2, y2]`
    /// (`.bezier(startControlPoint:endControlPoint:)`).
    private static func unitCurve(_ reader: JSONReader) throws(SceneError) -> BasicAnimationSpec.TimingFunction {
        guard case .array = reader.value.kind else {
            return .named(try CurveName.decode(reader, among: [.linear, .easeIn, .easeOut, .easeInOut]))
        }
        let items = try reader.array()
        guard items.count == 4 else {
            throw reader.error("control points are [x1, y1, x2, y2], got \(items.count) value\(items.count == 1 ? "" : "s")")
        }
        return .controlPoints(try items[0].number(in: 0...1), try items[1].number(in: -10...10),
                              try items[2].number(in: 0...1), try items[3].number(in: -10...10))
    }
}

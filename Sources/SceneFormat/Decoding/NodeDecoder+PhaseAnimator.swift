import Expressions

/// Decodes `phaseAnimator`.
extension NodeDecoder {
    static let phaseAnimatorKeys = ["phases", "as", "trigger", "animation", "comment"]
    static let maxPhases = 1_000

    /// `{"phases": [1, 1.3], "trigger": "taps", "animation": ".spring(duration: 0.3)"}`; `animation` may be
    /// a list with one animation per phase.
    static func decodePhaseAnimator(_ reader: JSONReader) throws(SceneError) -> PhaseAnimatorSpec {
        let o = try reader.object(allowing: phaseAnimatorKeys)
        _ = try o["comment"]?.string()
        let list = try o.required("phases")
        let items = try list.array()
        guard items.count >= 1, items.count <= maxPhases else {
            throw list.error("a phase animator needs 1 to \(maxPhases) phases, got \(items.count)")
        }
        var phases: [Value] = []
        for item in items {
            let value = try SceneDecoder.literal(item)
            if let first = phases.first, !sameShape(first, value) {
                throw item.error("every phase must have the shape of the first")
            }
            phases.append(value)
        }
        var name = "phase"
        if let asReader = o["as"] {
            name = try asReader.string()
            guard SceneDecoder.isIdentifier(name), !BindingDecoder.reservedNames.contains(name) else {
                throw asReader.error("\"\(name)\" cannot be a name for the phase")
            }
        }
        var animations: [AnimationSpec] = []
        if let a = o["animation"] {
            if case .array = a.value.kind {
                let specs = try a.array()
                guard specs.count == phases.count else {
                    throw a.error("one animation per phase: \(phases.count) phases, \(specs.count) animations")
                }
                for spec in specs { animations.append(try ActionDecoder.animation(spec)) }
            } else {
                animations = [try ActionDecoder.animation(a)]
            }
        }
        return PhaseAnimatorSpec(phases: phases, name: name, trigger: try o["trigger"].map(BindingDecoder.any),
                                 animations: animations, path: reader.path, location: reader.value.location)
    }

    /// Whether two phase values have the same kind (and records the same fields).
    private static func sameShape(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.number, .number), (.bool, .bool), (.string, .string), (.color, .color): return true
        case (.record(let x), .record(let y)): return x.names == y.names && zip(x.values, y.values).allSatisfy(sameShape)
        default: return false
        }
    }
}

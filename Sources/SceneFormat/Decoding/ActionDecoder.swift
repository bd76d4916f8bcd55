import Expressions

/// Decodes action lists: each action object is decoded by the unit its key names (`ActionRegistry`).
enum ActionDecoder {
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
        let present = members.compactMap { ActionRegistry.unit(forKey: $0.key) }
        guard let unit = present.first, present.count == 1 else {
            if present.isEmpty {
                for member in members {
                    guard let hint = ActionRegistry.swiftNames[member.key] else { continue }
                    throw SceneError(path: reader.path.appending(member.key), location: member.value.location,
                                     message: "\"\(member.key)\" is not an action of the format: \(hint)")
                }
                let keys = ActionRegistry.keys
                if let first = members.first?.key, let near = Suggestion.closest(to: first, in: keys) {
                    throw reader.error("unknown action \"\(first)\", did you mean \"\(near)\"?")
                }
                throw reader.error("an action needs one of \(keys.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            throw reader.error("an action can do only one thing, but has \(present.map { "\"\($0.key)\"" }.joined(separator: " and "))")
        }
        let object = try reader.object(allowing: [unit.key] + unit.companionKeys + ["comment"])
        _ = try object["comment"]?.string()
        return try unit.decode(object, depth: depth)
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

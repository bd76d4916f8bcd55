import Expressions

/// Decodes actions: `set`, `withAnimation`, `after`, `cancel`, `if`, `run`.
enum ActionDecoder {
    static let kinds = ["set", "withAnimation", "after", "cancel", "if", "run"]
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
        let present = members.map(\.key).filter { kinds.contains($0) }
        // `set` may sit beside `withAnimation`-free `animation`; `if` carries `then`/`else`.
        guard let kind = present.first, present.count == 1 else {
            if present.isEmpty {
                let keys = members.map(\.key)
                if let first = keys.first, let near = Suggestion.closest(to: first, in: kinds) {
                    throw reader.error("unknown action \"\(first)\", did you mean \"\(near)\"?")
                }
                throw reader.error("an action needs one of \(kinds.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            throw reader.error("an action can do only one thing, but has \(present.map { "\"\($0)\"" }.joined(separator: " and "))")
        }
        switch kind {
        case "set":
            let o = try reader.object(allowing: ["set", "animation", "comment"])
            return .set(try assignments(o.required("set")), animation: try o["animation"].map(animation),
                        path: reader.path)
        case "withAnimation":
            let o = try reader.object(allowing: ["withAnimation", "do", "comment"])
            return .withAnimation(try animation(o.required("withAnimation")), try list(o.required("do"), depth: depth + 1),
                                  path: reader.path)
        case "after":
            let o = try reader.object(allowing: ["after", "id", "do", "comment"])
            return .after(delay: try BindingDecoder.number(o.required("after")), id: try o["id"]?.string(),
                          actions: try list(o.required("do"), depth: depth + 1), path: reader.path)
        case "cancel":
            let o = try reader.object(allowing: ["cancel", "comment"])
            return .cancel(id: try o.required("cancel").string(), path: reader.path)
        case "if":
            let o = try reader.object(allowing: ["if", "then", "else", "comment"])
            return .conditional(try BindingDecoder.bool(o.required("if")), then: try list(o.required("then"), depth: depth + 1),
                                else: try o["else"].map { r throws(SceneError) in try list(r, depth: depth + 1) } ?? [],
                                path: reader.path)
        default:
            let o = try reader.object(allowing: ["run", "comment"])
            return .run(slot: try o.required("run").string(), path: reader.path)
        }
    }

    static func assignments(_ reader: JSONReader) throws(SceneError) -> [(name: String, value: Binding)] {
        let members = try reader.members()
        guard !members.isEmpty else { throw reader.error("\"set\" needs at least one assignment") }
        var result: [(name: String, value: Binding)] = []
        for (key, value) in members { result.append((key, try BindingDecoder.any(value))) }
        return result
    }

    static func animation(_ reader: JSONReader) throws(SceneError) -> AnimationSpec {
        let source = try reader.string()
        let binding = try BindingDecoder.expression(source, reader)
        guard case .expression(let e) = binding.source else { throw reader.error("expected an animation") }
        return AnimationSpec(expression: e, path: reader.path, location: reader.value.location)
    }
}

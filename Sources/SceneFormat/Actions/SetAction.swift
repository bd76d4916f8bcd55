import Expressions

/// `{"set": {"x": 80, "label": "'+' + str(n)"}, "animation": ".easeOut"}`: assigns state variables in key
/// order, each value seeing the ones before it; with its own animation, as
/// `withAnimation(.easeOut) { x = 80 }` around this one change.
enum SetAction: ActionUnit {
    static let key = "set"
    static let companionKeys = ["animation"]
    static let swiftNames = [
        "toggle": "Bool's toggle() is a set of the negation: {\"set\": {\"isOn\": \"!isOn\"}}",
        "append": "Array's append(_:) is a set of the longer list: {\"set\": {\"items\": \"items + [4]\"}}",
    ]

    static func decode(_ object: ObjectReader, depth: Int) throws(SceneError) -> Action {
        .set(try assignments(object.required(key)), animation: try object["animation"].map(ActionDecoder.animation),
             path: object.path)
    }

    static func uses(of action: Action) -> [ActionUse]? {
        guard case .set(let assignments, let animation, _) = action else { return nil }
        return assignments.flatMap { name, value -> [ActionUse] in
            [.assigns(StateWrite(name: name, role: .assignment, path: value.path, location: value.location), value)]
        } + ActionUse.reads(all: animation?.bindings ?? [])
    }

    /// The assignments, in file order: at least one.
    static func assignments(_ reader: JSONReader) throws(SceneError) -> [(name: String, value: Binding)] {
        let members = try reader.members()
        guard !members.isEmpty else { throw reader.error("\"set\" needs at least one assignment") }
        var result: [(name: String, value: Binding)] = []
        for (key, value) in members { result.append((key, try BindingDecoder.any(value))) }
        return result
    }
}

import Expressions

/// `{"run": "action"}`: calls a component's action slot, the closure its parent passed in.
enum RunAction: ActionUnit {
    static let key = "run"

    static func decode(_ object: ObjectReader, depth: Int) throws(SceneError) -> Action {
        .run(slot: try object.required(key).string(), path: object.path)
    }

    static func uses(of action: Action) -> [ActionUse]? {
        guard case .run(let slot, let path) = action else { return nil }
        return [.calls(slot: slot, path: path)]
    }
}

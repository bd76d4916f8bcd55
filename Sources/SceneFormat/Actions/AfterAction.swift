import Expressions

/// `{"after": 0.5, "id": "hide", "do": [...]}`: runs its actions after a delay, as
/// `DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { ... }`; scheduling again with the same id
/// replaces the pending one (a cancelled `DispatchWorkItem`).
enum AfterAction: ActionUnit {
    static let key = "after"
    static let companionKeys = ["id", "do"]
    static let swiftNames = [
        "asyncAfter": "DispatchQueue.main.asyncAfter is {\"after\": seconds, \"do\": [...]}",
    ]

    static func decode(_ object: ObjectReader, depth: Int) throws(SceneError) -> Action {
        .after(delay: try BindingDecoder.number(object.required(key)), id: try object["id"]?.string(),
               actions: try ActionDecoder.list(object.required("do"), depth: depth + 1), path: object.path)
    }

    static func uses(of action: Action) -> [ActionUse]? {
        guard case .after(let delay, _, let actions, _) = action else { return nil }
        return [.reads(delay), .runs(actions)]
    }
}

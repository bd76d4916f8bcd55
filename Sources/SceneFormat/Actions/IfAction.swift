import Expressions

/// `{"if": "count > 3", "then": [...], "else": [...]}`: Swift's `if` in an action closure.
enum IfAction: ActionUnit {
    static let key = "if"
    static let companionKeys = ["then", "else"]

    static func decode(_ object: ObjectReader, depth: Int) throws(SceneError) -> Action {
        .conditional(try BindingDecoder.bool(object.required(key)),
                     then: try ActionDecoder.list(object.required("then"), depth: depth + 1),
                     else: try object["else"].map { r throws(SceneError) in try ActionDecoder.list(r, depth: depth + 1) } ?? [],
                     path: object.path)
    }

    static func uses(of action: Action) -> [ActionUse]? {
        guard case .conditional(let condition, let then, let otherwise, _) = action else { return nil }
        return [.reads(condition), .runs(then), .runs(otherwise)]
    }
}

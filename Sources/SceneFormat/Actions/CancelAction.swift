import Expressions

/// `{"cancel": "hide"}`: cancels the pending `after` or the running `timer` with this id, as a
/// `DispatchWorkItem`'s `cancel()` or a timer's `invalidate()`.
enum CancelAction: ActionUnit {
    static let key = "cancel"
    static let swiftNames = [
        "invalidate": "a timer's invalidate() is {\"cancel\": id}, with the \"id\" given to the timer",
    ]

    static func decode(_ object: ObjectReader, depth: Int) throws(SceneError) -> Action {
        .cancel(id: try object.required(key).string(), path: object.path)
    }

    static func uses(of action: Action) -> [ActionUse]? {
        guard case .cancel = action else { return nil }
        return []
    }
}

import Expressions

/// `{"withAnimation": ".spring()", "do": [...]}`: SwiftUI's `withAnimation(_:_:)`, and with
/// `"completion"` iOS 17's `withAnimation(_:completionCriteria:_:completion:)`.
enum WithAnimationAction: ActionUnit {
    static let key = "withAnimation"
    static let companionKeys = ["do", "completionCriteria", "completion"]

    static func decode(_ object: ObjectReader, depth: Int) throws(SceneError) -> Action {
        var completion: AnimationCompletionSpec?
        if let actions = object["completion"] {
            let criteria = try object["completionCriteria"].map { r throws(SceneError) in
                try r.choice(AnimationCompletionSpec.Criteria.allCases.map(\.rawValue))
            }
            completion = AnimationCompletionSpec(criteria: AnimationCompletionSpec.Criteria(rawValue: criteria ?? "") ?? .logicallyComplete,
                                                 actions: try ActionDecoder.list(actions, depth: depth + 1))
        } else if let criteria = object["completionCriteria"] {
            throw criteria.error("\"completionCriteria\" says when a \"completion\" runs; add \"completion\": [actions]")
        }
        return .withAnimation(try ActionDecoder.animation(object.required(key)),
                              try ActionDecoder.list(object.required("do"), depth: depth + 1),
                              completion: completion, path: object.path)
    }

    static func uses(of action: Action) -> [ActionUse]? {
        guard case .withAnimation(let animation, let actions, let completion, _) = action else { return nil }
        return ActionUse.reads(all: animation.bindings) + [.runs(actions), .runs(completion?.actions ?? [])]
    }
}

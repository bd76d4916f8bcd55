import Expressions

/// `{"caSpringAnimation": {"keyPath": "y", "fromValue": 0, "toValue": 100, "damping": 8, ...}}`: Core
/// Animation's `CASpringAnimation`, a `CABasicAnimation` with a spring, decoded into `caAnimation`'s case
/// (which `CAAnimationAction` checks) with its `spring` set.
enum CASpringAnimationAction: ActionUnit {
    static let key = "caSpringAnimation"
    static let swiftNames = [
        "CASpringAnimation": "a CASpringAnimation is {\"caSpringAnimation\": {\"keyPath\": ..., \"toValue\": ..., \"damping\": ...}}",
    ]

    static func decode(_ object: ObjectReader, depth: Int) throws(SceneError) -> Action {
        .caAnimation(try CAAnimationAction.spec(object.required(key), depth: depth, spring: true))
    }
}

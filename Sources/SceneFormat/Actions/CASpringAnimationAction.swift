import Expressions

/// `{"caSpringAnimation": {"keyPath": "y", "fromValue": 0, "toValue": 100, "damping": 8, ...}}`: Core
/// Animation's `CASpringAnimation`, a `CABasicAnimation` with a spring, decoded into `caAnimation`'s case
/// (which `CAAnimationAction` checks) with its `spring` set.
enum CASpringAnimationAction: ActionUnit {
    static let key = "caSpringAnimation"
    static let swiftNames = [
        "CASpringAnimation": "a CASpringAnimation is {\"caSpringAnimation\": {\"keyPath\": ..., \"toValue\": ..., \"damping\": ...}}",
    ]
    static let swiftSourceHints = [
        "CASpringAnimation": "a SwiftUI view has no layer to add it to: animate the state with "
            + "withAnimation(.spring(response: 0.5, dampingFraction: 0.6)) { ... }; a JSON scene reads it as {\"caSpringAnimation\": ...}",
    ]

    static func decode(_ object: ObjectReader, depth: Int) throws(SceneError) -> Action {
        .caAnimation(try CAAnimationAction.spec(object.required(key), depth: depth, spring: true))
    }
}

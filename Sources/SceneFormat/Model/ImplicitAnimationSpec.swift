/// SwiftUI's `.animation(_:value:)`: when `value` changes in a transaction, the view and its subtree
/// animate with `curve` (nil: `.animation(nil, value:)`, no animation there).
public struct ImplicitAnimationSpec: Sendable {
    /// The animation; nil disables animation in the subtree when `value` changes.
    public var curve: AnimationSpec?
    /// The value watched for changes.
    public var value: Binding
    public var path: JSONPath

    public init(curve: AnimationSpec?, value: Binding, path: JSONPath) {
        self.curve = curve
        self.value = value
        self.path = path
    }
}

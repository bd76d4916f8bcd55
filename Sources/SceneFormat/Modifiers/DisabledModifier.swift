/// `"disabled": true` or `"disabled": "count >= 3"` (SwiftUI `.disabled(_:)`): sets SwiftUI's `isEnabled`
/// environment value to false for the view and everything inside it.
///
/// As in SwiftUI, the value is inherited and a view cannot re-enable itself: "The higher views in a view
/// hierarchy can override the value you set on this view" (https://developer.apple.com/documentation/swiftui/view/disabled(_:));
/// `isEnabled` "indicates whether the view associated with this environment allows user interaction"
/// (https://developer.apple.com/documentation/swiftui/environmentvalues/isenabled). So a view is disabled
/// when any `disabled` on it or above it is true. A scripted tap or drag on a disabled view does not run its
/// actions (refused when the scene loads if `disabled` is the constant `true`), and controls draw their
/// disabled look (Compose). The expression reads the view's names.
public enum DisabledModifier: ModifierUnit, ModifierValueKey {
    public typealias Value = Binding
    static let key = "disabled"

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        if let reader = object[key] { node.modifierValues[Self.self] = try BindingDecoder.bool(reader) }
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(bindings: [node.modifierValues[Self.self]]) }
}

extension Node {
    /// The view's own `.disabled(_:)` condition, if it has one.
    public var disabled: Binding? { modifierValues[DisabledModifier.self] }
}

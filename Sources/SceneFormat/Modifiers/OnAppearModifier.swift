/// `"onAppear": [actions]` (SwiftUI `.onAppear { }`): run when the view appears (at 0 for views there from
/// the start, at the insertion of a conditional view).
enum OnAppearModifier: ModifierUnit, ModifierValueKey {
    typealias Value = AppearanceActions
    static let key = "onAppear"
    static let placement = ModifierPlacement.handler
    static let swiftUINames = ["task": "write \"onAppear\": [actions] (with \"after\" for delays)"]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        if let reader = object[key] { try node.modifierValues[Self.self].append(ActionDecoder.list(reader), at: reader) }
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(actions: [(node.onAppear, [])]) }
}

/// The actions of a view's `onAppear` (or `onDisappear`), and where the first key giving them stands in the
/// file, for errors about them. A handler written on the view and as entries of `"modifiers"` runs them all.
public struct AppearanceActions: Sendable {
    public var actions: [Action]
    public var location: SourceLocation?
}

extension Optional where Wrapped == AppearanceActions {
    /// Adds the actions `reader` gives after those already kept (keeping the first key's location).
    mutating func append(_ actions: [Action], at reader: JSONReader) {
        self = AppearanceActions(actions: (self?.actions ?? []) + actions, location: self?.location ?? reader.value.location)
    }
}

extension Node {
    /// `.onAppear { }`: run when the view appears (at 0 for views there from the start, at the insertion
    /// of a conditional view).
    public var onAppear: [Action] { modifierValues[OnAppearModifier.self]?.actions ?? [] }
}

/// Every action of the scene format, listed once.
///
/// The keys that name an action, the keys each allows beside its own, the hints for actions written as Swift
/// code and the validator's checks all come from this list. A new action is a new unit in its own file plus
/// one line here (docs/architecture.md has the checklist).
public enum ActionRegistry {
    /// The units, in the order an error lists their keys.
    static let units: [any ActionUnit.Type] = [
        SetAction.self, WithAnimationAction.self, AfterAction.self, CancelAction.self, IfAction.self, RunAction.self,
        TimerAction.self, CAAnimationAction.self, CAKeyframeAnimationAction.self, CASpringAnimationAction.self,
        CAAnimationGroupAction.self, UIViewAnimateAction.self, UIViewAnimateKeyframesAction.self, TypeTextAction.self,
    ]

    /// What a unit declares, for readers outside the decoder (docs, the schema test, the Swift front end).
    public struct Entry: Sendable {
        public var key: String
        /// The keys allowed beside `key` (besides `"comment"`).
        public var companionKeys: [String]
        /// Swift spellings of the action, each with what to write instead.
        public var swiftNames: [String: String]
    }

    /// The registry's units, described.
    public static let entries: [Entry] = units.map {
        Entry(key: $0.key, companionKeys: $0.companionKeys, swiftNames: $0.swiftNames)
    }

    /// The keys that name an action: an action object holds exactly one of them.
    public static let keys: [String] = units.map { $0.key }

    /// Swift spellings of actions that are not keys of the format, with what to write instead.
    public static let swiftNames: [String: String] = units.reduce(into: [:]) { table, unit in
        table.merge(unit.swiftNames) { first, _ in first }
    }

    /// For some of `swiftNames`, what to write instead in a Swift file (the Swift front end's errors).
    public static let swiftSourceHints: [String: String] = units.reduce(into: [:]) { table, unit in
        table.merge(unit.swiftSourceHints) { first, _ in first }
    }

    /// The unit whose key is `key`.
    static func unit(forKey key: String) -> (any ActionUnit.Type)? { units.first { $0.key == key } }

    /// What the validator checks in `action`: the checks of the unit that owns its case.
    /// (`ActionRegistryTests` decodes a sample of every unit and finds its owner.)
    static func uses(of action: Action) -> [ActionUse] {
        for unit in units {
            if let uses = unit.uses(of: action) { return uses }
        }
        return []
    }
}

/// Every view kind of the scene format, listed once.
///
/// The keys that name a view's kind, the keys each kind allows beside its own, the hints for a view written
/// as SwiftUI code and the validator's checks of a view's kind all come from this list. A new view kind is
/// a new unit in its own file plus one line here (docs/architecture.md has the checklist).
///
/// A `forEach` is not a view kind: it stands only among a stack's (or a scroll view's) children, where
/// `NodeDecoder.decodeChildren` reads it, with its own keys (`NodeDecoder.forEachKeys`).
public enum ViewKindRegistry {
    /// The units, in the order an error lists their keys.
    static let units: [any ViewKindUnit.Type] = [
        ZStackKind.self, VStackKind.self, HStackKind.self, ShapeKind.self, PathKind.self, TextKind.self, UseKind.self,
        SpacerKind.self, ImageKind.self, ScrollViewKind.self, ToggleKind.self, ProgressViewKind.self, SystemImageKind.self,
        SliderKind.self, StepperKind.self, ButtonKind.self, TextFieldKind.self, PickerKind.self, TimelineViewKind.self, CanvasKind.self,
        GroupKind.self, SlotKind.self, LinearGradientKind.self, RadialGradientKind.self, EllipticalGradientKind.self,
        AngularGradientKind.self,
    ]

    /// What a unit declares, for readers outside the decoder (docs, the schema test, the Swift front end).
    public struct Entry: Sendable {
        public var key: String
        /// The keys allowed beside `key` (besides the modifiers').
        public var companionKeys: [String]
        /// SwiftUI's spellings of the kind, each with what to write instead.
        public var swiftUINames: [String: String]
    }

    /// The registry's units, described.
    public static let entries: [Entry] = units.map {
        Entry(key: $0.key, companionKeys: $0.companionKeys, swiftUINames: $0.swiftUINames)
    }

    /// The keys that name a view's kind: a view holds exactly one of them.
    public static let keys: [String] = units.map { $0.key }

    /// SwiftUI's spellings of view kinds written as a view's key, with what to write instead.
    public static let swiftUINames: [String: String] = units.reduce(into: [:]) { table, unit in
        table.merge(unit.swiftUINames) { first, _ in first }
    }

    /// For some of `swiftUINames`, what to write instead in a Swift file (the Swift front end's errors).
    public static let swiftSourceHints: [String: String] = units.reduce(into: [:]) { table, unit in
        table.merge(unit.swiftSourceHints) { first, _ in first }
    }

    /// The unit whose key is `key`.
    static func unit(forKey key: String) -> (any ViewKindUnit.Type)? { units.first { $0.key == key } }

    /// What the validator checks in `node`'s kind: the checks of the unit that owns it.
    /// (`ViewKindRegistryTests` decodes a sample of every unit and finds its owner.)
    static func uses(of node: Node) -> [ViewKindUse] {
        for unit in units {
            if let uses = unit.uses(of: node) { return uses }
        }
        return []
    }
}

/// Every modifier of the scene format, listed once.
///
/// The decoder's key tables, the keys an entry of `"modifiers"` may hold, the hints for keys written as
/// SwiftUI code and the validator's checks all come from this list. A new modifier is a new unit in its
/// own file plus one line here (docs/architecture.md has the checklist).
public enum ModifierRegistry {
    /// The units, in the order their keys are decoded on a view (so a view with several bad keys reports
    /// the same one first every time).
    static let units: [any ModifierUnit.Type] = [
        LetModifier.self, BackgroundModifier.self, IdModifier.self, FrameModifier.self, PaddingModifier.self,
        ForegroundColorModifier.self, ForegroundStyleModifier.self, FontModifier.self, FontDesignModifier.self, OffsetModifier.self, RotationModifier.self, ScaleModifier.self,
        OpacityModifier.self, BlurModifier.self, ShadowModifier.self, DrawingGroupModifier.self, Rotation3DModifier.self,
        OnTapModifier.self, OnDragModifier.self, ClipShapeModifier.self, ClippedModifier.self, MaskModifier.self,
        PresenceModifier.self, AnimationModifier.self, OnAppearModifier.self, PhaseAnimatorModifier.self,
        KeyframeAnimatorModifier.self, OnDisappearModifier.self, GeometryChangeModifier.self,
        ColorMultiplyModifier.self, HueRotationModifier.self, SaturationModifier.self, GrayscaleModifier.self,
        BrightnessModifier.self, ContrastModifier.self, BlendModeModifier.self, OverlayModifier.self,
        ZIndexModifier.self, MatchedGeometryModifier.self, ImageScaleModifier.self, LayoutPriorityModifier.self,
        IgnoresSafeAreaModifier.self, AlignmentGuideModifier.self, ScrollTransitionModifier.self, DisabledModifier.self,
    ]

    /// What a unit declares, for readers outside the decoder (docs, the schema test, the Swift front end).
    public struct Entry: Sendable {
        public var key: String
        public var companionKeys: [String]
        /// SwiftUI's spellings of the modifier, each with what to write instead.
        public var swiftUINames: [String: String]
        public var placement: ModifierPlacement
        /// Its place in `fixedOrder` (0: innermost), where the view's own key applies; nil for a trait, a
        /// handler or a view-only key with no place in the chain.
        public var fixedRank: Int?
    }

    /// The registry's units, described.
    public static let entries: [Entry] = units.map {
        Entry(key: $0.key, companionKeys: $0.companionKeys, swiftUINames: $0.swiftUINames, placement: $0.placement,
              fixedRank: fixedRank($0))
    }

    /// Every key a modifier owns, each once: the keys a view may hold besides its kind's.
    public static let keys: [String] = {
        var seen = Set<String>()
        return units.flatMap { [$0.key] + $0.companionKeys }.filter { seen.insert($0).inserted }
    }()

    /// The units an entry of `"modifiers"` may hold.
    static let orderable = units.filter { if case .viewOnly = $0.placement { false } else { true } }

    /// The unit whose main key is `key`.
    static func unit(forKey key: String) -> (any ModifierUnit.Type)? { units.first { $0.key == key } }

    /// SwiftUI modifier names with what to write in the format: the units' own spellings, and the modifiers
    /// the format does not have.
    public static let swiftUINames: [String: String] = units.reduce(into: NodeDecoder.swiftUIModifiersNotInFormat) {
        table, unit in table.merge(unit.swiftUINames) { _, own in own }
    }

    /// For some of `swiftUINames`, what to write instead in a Swift file (the Swift front end's errors).
    public static let swiftSourceHints: [String: String] = units.reduce(into: [:]) { table, unit in
        table.merge(unit.swiftSourceHints) { first, _ in first }
    }

    /// Decodes every modifier key of `object` into `node`.
    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        for unit in units { try unit.decode(object, into: &node, depth: depth) }
    }

    /// What the validator checks in all of `node`'s modifiers.
    static func uses(in node: Node) -> ModifierUses {
        units.reduce(ModifierUses()) { $0.merging($1.uses(in: node)) }
    }
}

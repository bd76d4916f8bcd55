import Expressions

/// `"modifiers": [...]`: modifiers applied in the order written, as chained SwiftUI modifiers.
///
/// `view.offset(y: -40).rotationEffect(.degrees(45))` is the view wrapped in an offset, wrapped in a
/// rotation: each entry wraps everything before it. Each entry becomes a wrapper view (a one-child
/// ZStack, which proposes its proposal to its child and takes its child's size, so it adds no layout)
/// holding that one modifier; the view's own modifier keys stay innermost, in their fixed order.
/// Every modifier of the registry may be an entry, by its placement: wrapping ones wrap, traits
/// (`zIndex`) go to the outermost wrapper, handlers (`onTap`, `onDrag`, ...) join the view's own.
extension NodeDecoder {
    /// `node` wrapped by the entries of `"modifiers"`, innermost first; its names (`let`s, animator values)
    /// and its `if` move to the outermost wrapper, so the modifiers see the names and the condition covers
    /// them all.
    static func applyOrderedModifiers(_ view: Node, _ object: ObjectReader, depth: Int) throws(SceneError) -> Node {
        guard let list = object["modifiers"] else { return view }
        let entries = try list.array()
        guard !entries.isEmpty else { return view }
        var result = view
        var parsed: [(unit: any ModifierUnit.Type, object: ObjectReader, entry: JSONReader)] = []
        for entry in entries {
            let (unit, object) = try entryUnit(entry)
            if case .viewOnly(let reason) = unit.placement {
                throw entry.error("\"\(unit.key)\" cannot be an entry of \"modifiers\": \(reason); write it on the view")
            }
            parsed.append((unit, object, entry))
        }
        // Handlers join the view's own, before it is wrapped: the view keeps its id, and the script's input
        // reaches the view by its id.
        for (unit, object, _) in parsed where unit.placement == .handler {
            try unit.decode(object, into: &result, depth: depth)
        }
        // The names the view declares (its lets, a timelineView's context, the values of its phase and keyframe
        // animators, as the content closures of `.phaseAnimator` and `.keyframeAnimator` see them), the
        // condition and the traits go on the outermost node, so every entry reads the names.
        let lets = result.lets, presence = result.presence, timeline = result.modifierValues[TimelineViewKind.self]
        // Traits (`zIndex`, `layoutPriority`, `alignmentGuide`) are read by the enclosing stack, which sees
        // the outermost wrapper, as SwiftUI's container sees a trait through the modifiers after it.
        let traits = ModifierRegistry.units.filter { $0.placement == .trait }
        let traitValues = traits.map { result.modifierValues.take($0) }
        let phases = result.modifierValues[PhaseAnimatorModifier.self], keyframes = result.modifierValues[KeyframeAnimatorModifier.self]
        result.lets = []
        result.presence = nil
        result.modifierValues[TimelineViewKind.self] = nil
        result.modifierValues[PhaseAnimatorModifier.self] = nil
        result.modifierValues[KeyframeAnimatorModifier.self] = nil
        var layer = FoldedLayer(keys: Set(object.keys))
        for (unit, entryObject, entry) in parsed where unit.placement == .wrapping {
            if layer.takes(unit, entryObject) {
                // It applies where the view's own key would: decoded into the layer, no wrapper.
                try unit.decode(entryObject, into: &result, depth: depth)
                layer.join(Set(entryObject.keys))
                continue
            }
            let wrapper = NodeKind.stack(StackSpec(axis: .z, spacing: nil, alignment: nil, children: [result]))
            result = try node(wrapper, modifiers: entryObject, at: entry, depth: depth + 1)
            result.isModifierEntry = true
            layer = FoldedLayer(keys: Set(entryObject.keys))
        }
        result.lets = lets
        result.modifierValues[TimelineViewKind.self] = timeline
        result.presence = presence
        for (unit, value) in zip(traits, traitValues) { result.modifierValues.put(value, for: unit) }
        result.modifierValues[PhaseAnimatorModifier.self] = phases
        result.modifierValues[KeyframeAnimatorModifier.self] = keyframes
        // A trait written as an entry wins over the view's own key; the last one written wins.
        for (unit, object, _) in parsed where unit.placement == .trait {
            try unit.decode(object, into: &result, depth: depth)
        }
        return result
    }

    /// The unit of one entry of `"modifiers"` and the entry's object: one modifier key, with its companions.
    private static func entryUnit(_ entry: JSONReader) throws(SceneError) -> (any ModifierUnit.Type, ObjectReader) {
        let allowed = ModifierRegistry.keys + ["comment"]
        try checkSwiftUIModifiers(entry, allowed: allowed)
        let object = try entry.object(allowing: allowed)
        let units = object.keys.compactMap(ModifierRegistry.unit(forKey:))
        guard units.count == 1, let unit = units.first else {
            let keys = ModifierRegistry.units.map { "\"\($0.key)\"" }
            throw entry.error(units.isEmpty
                ? "a modifiers entry needs one of \(keys.joined(separator: ", "))"
                : "a modifiers entry holds one modifier, but has \(units.map { "\"\($0.key)\"" }.joined(separator: " and ")); write one entry each, in order")
        }
        for key in object.keys where key != unit.key && key != "comment" && !unit.companionKeys.contains(key) {
            let owners = ModifierRegistry.units.filter { $0.companionKeys.contains(key) }.map { "\"\($0.key)\"" }
            throw entry.error("\"\(key)\" goes with \(owners.joined(separator: " or ")) in the same entry")
        }
        _ = try object["comment"]?.string()
        return (unit, object)
    }
}

/// The modifiers of one layer of a view's chain (the view itself, or the wrapper of an entry of `"modifiers"`),
/// and whether the next entry may join it instead of wrapping it.
///
/// A view's own keys apply in the fixed order (docs/scene-format.md, "The fixed modifier order"). An entry
/// written after them wraps everything before it; when the fixed order applies it after everything the layer
/// holds, it draws the same inside the layer as around it, so it joins the layer: `[{"frame": ...},
/// {"padding": 4}, {"background": ...}, {"offset": ...}]` on a view costs no wrapper view. The names an entry
/// reads are the same either way: the view's `let`s stand on the outermost node of the chain, and a `frame`
/// or `padding` reads the names around the node it is on, which in both forms are the next wrapper's. An
/// entry joins only where the result is the same:
/// - it is one of `joining`, after every one of them the layer holds: the layout (`frame`, then `padding`),
///   the decorations (`background`, `overlay`, the clips, `drawingGroup`), sized to the frame plus padding in a
///   layer as in a wrapper, and the transforms and filters, which compose in that order;
/// - the layer holds nothing else that the fixed order applies after them (colour effects, blend mode,
///   `animation`, `scrollTransition`, `ignoresSafeArea`, `matchedGeometryEffect`), only the environment and
///   `onGeometryChange`; and a `frame` or `padding` entry, which changes the frame that `onGeometryChange`
///   watches, does not join a layer watching it;
/// - an entry holding views (a `background` or `mask` view, an `overlay`; not a colour or a material) does not
///   join a layer that sets the environment (`foregroundColor`, `font`, ...), which its views would then inherit;
/// - no key the entry writes, or shares (`anchor`, of `scale` and `rotation`), is in the layer.
struct FoldedLayer {
    /// The keys the layer holds.
    private(set) var keys: Set<String>

    /// The modifiers an entry may join a layer with, in the fixed order (`ModifierRegistry.fixedOrder`): from
    /// `frame` through the transforms and filters of the one effects group.
    static let joining: [String] = {
        let order = ModifierRegistry.fixedOrder
        guard let first = order.firstIndex(where: { $0.key == FrameModifier.key }),
              let last = order.lastIndex(where: { $0.role == .effect }) else { return [] }
        return order[first...last].filter { $0.role != .environment }.map(\.key)
    }()
    /// The entries that change the view's laid-out frame.
    static let layout: Set<String> = [FrameModifier.key, PaddingModifier.key]
    /// What watches the laid-out frame, which the decorations and effects leave unchanged.
    static let watching: Set<String> = [GeometryChangeModifier.key]
    /// The environment: it reaches the content wherever it stands, and the views of a decoration in its layer.
    static let environment = Set(ModifierRegistry.fixedOrder.filter { $0.role == .environment }.map(\.key))
    /// The entries holding views of their own.
    static let holdingViews: Set<String> = [BackgroundModifier.key, OverlayModifier.key, MaskModifier.key]

    /// Whether an entry of `unit` with `entryKeys` applies inside this layer as it would around it.
    func takes(_ unit: any ModifierUnit.Type, _ entry: ObjectReader) -> Bool {
        guard let rank = Self.joining.firstIndex(of: unit.key) else { return false }
        let entryKeys = Set(entry.keys)
        // A colour or a material holds no view; a view object (or a list of them) does.
        let holdsViews = Self.holdingViews.contains(unit.key) && entry[unit.key].map {
            if case .string = $0.value.kind { false } else { true }
        } ?? false
        guard keys.isDisjoint(with: entryKeys.subtracting(["comment"])) else { return false }
        for key in keys {
            guard let other = ModifierRegistry.unit(forKey: key),
                  other.placement == .wrapping || other.key == MatchedGeometryModifier.key else { continue }
            if Self.watching.contains(key) {
                if Self.layout.contains(unit.key) { return false }
                continue
            }
            if Self.environment.contains(key) {
                if holdsViews { return false }
                continue
            }
            guard let below = Self.joining.firstIndex(of: key), below < rank else { return false }
        }
        // `anchor` is shared by `scale` and `rotation`: the layer's would move the entry's, or the entry's the layer's.
        if !unit.companionKeys.isEmpty {
            let sharing = keys.compactMap(ModifierRegistry.unit(forKey:)).filter {
                $0.key != unit.key && !Set($0.companionKeys).isDisjoint(with: unit.companionKeys)
            }
            if !sharing.isEmpty && !keys.union(entryKeys).isDisjoint(with: unit.companionKeys) { return false }
        }
        return true
    }

    /// The layer with an entry's keys joined.
    mutating func join(_ entryKeys: Set<String>) { keys.formUnion(entryKeys) }
}

/// `"alignmentGuide": {"leading": "width / 2"}` (SwiftUI `.alignmentGuide(_:computeValue:)`): where, in the
/// view, the enclosing stack's alignment line passes, replacing the alignment's own place (`leading` 0,
/// `horizontalCenter` half the width, `trailing` the width; `top`, `verticalCenter`, `bottom` likewise).
/// The value is an expression of the view's `width` and `height` (SwiftUI's `ViewDimensions`) and the
/// names around the view; a stack aligns its children's guides and sizes itself to the children so placed,
/// as SwiftUI does. A trait of the whole chain, read by the enclosing stack, as `layoutPriority` is.
public enum AlignmentGuideModifier: ModifierUnit, ModifierValueKey {
    public typealias Value = [AlignmentGuideName: Binding]
    static let key = "alignmentGuide"
    static let placement = ModifierPlacement.trait

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        guard let reader = object[key] else { return }
        let guides = try reader.object(allowing: AlignmentGuideName.allCases.map(\.rawValue))
        var value: Value = [:]
        for name in guides.keys {
            guard let guide = AlignmentGuideName(rawValue: name), let binding = guides[name] else { continue }
            value[guide] = try BindingDecoder.number(binding)
        }
        guard !value.isEmpty else { throw reader.error("\"alignmentGuide\" needs a guide, such as {\"leading\": \"width / 2\"}") }
        node.modifierValues[Self.self] = value
    }

    static func uses(in node: Node) -> ModifierUses {
        var uses = ModifierUses()
        for binding in (node.modifierValues[Self.self] ?? [:]).values { uses.scopedBindings.append((binding, ["width", "height"])) }
        return uses
    }
}

/// The alignments a guide can move: SwiftUI's `HorizontalAlignment` (leading, center, trailing) and
/// `VerticalAlignment` (top, center, bottom) values.
public enum AlignmentGuideName: String, CaseIterable, Sendable, Hashable {
    case leading, horizontalCenter, trailing, top, verticalCenter, bottom

    /// The guide of a stack aligned at unit `fraction` (0, 0.5, 1) on the horizontal or vertical axis.
    public static func named(fraction: Double, horizontal: Bool) -> AlignmentGuideName {
        switch (fraction, horizontal) {
        case (0, true): return .leading
        case (1, true): return .trailing
        case (_, true): return .horizontalCenter
        case (0, false): return .top
        case (1, false): return .bottom
        default: return .verticalCenter
        }
    }
}

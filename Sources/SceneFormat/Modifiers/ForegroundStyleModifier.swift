/// `"foregroundStyle"` (SwiftUI `.foregroundStyle(_:)`): a colour, as `foregroundColor`, or a gradient paint
/// (`{"linearGradient": {...}}`, `radialGradient`, `ellipticalGradient`, `angularGradient`) that fills the
/// glyphs of a text or the paths of a symbol.
///
/// As a SwiftUI gradient `ShapeStyle`, the gradient's unit points are placed in the frame of what it fills
/// (Apple's `LinearGradient`: "the gradient maps the unit space points into the bounding rectangle of each
/// shape filled with the gradient"): the text's or symbol's own frame. So a gradient style goes on a
/// `text` or `systemImage` view (or an entry of its `"modifiers"`), where that frame is the view's; on a
/// stack it would have to be placed in each text's frame, and shapes there keep their own fill, which one
/// gradient over the stack cannot say: it is refused with what to write instead. A text whose runs have
/// their own colours is refused for the same reason.
public enum ForegroundStyleModifier: ModifierUnit, ModifierValueKey {
    public typealias Value = GradientSpec
    static let key = "foregroundStyle"

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        guard let reader = object[key] else { return }
        if object["foregroundColor"] != nil {
            throw reader.error("\"foregroundStyle\" and \"foregroundColor\" both set the foreground; write one")
        }
        if case .string = reader.value.kind {
            node.style.foregroundColor = try BindingDecoder.color(reader)
            return
        }
        if case .array = reader.value.kind {
            let items = try reader.array()
            guard (2...3).contains(items.count) else {
                throw reader.error("a palette \"foregroundStyle\" is [primary, secondary] or [primary, secondary, tertiary], got \(items.count) colours")
            }
            var colors: [Binding] = []
            for item in items {
                guard case .string = item.value.kind else {
                    throw item.error("a palette's levels are colours (a gradient goes alone: \"foregroundStyle\": {\"linearGradient\": {...}})")
                }
                colors.append(try BindingDecoder.color(item))
            }
            node.style.foregroundColor = colors[0]
            node.modifierValues[SymbolPalette.self] = colors
            return
        }
        guard case .object = reader.value.kind else {
            throw reader.error("\"foregroundStyle\" is a colour, a palette [primary, secondary, tertiary] or a gradient paint such as {\"linearGradient\": {...}}")
        }
        let gradient = try NodeDecoder.decodeGradient(reader)
        if let problem = unpaintable(node) { throw reader.error("a gradient \"foregroundStyle\" \(problem)") }
        node.modifierValues[Self.self] = gradient
    }

    /// Why a gradient cannot fill `node`'s content as SwiftUI would, or nil when it can: a text without
    /// coloured runs, a symbol, or a one-child wrapper around one (an entry of `"modifiers"`).
    private static func unpaintable(_ node: Node) -> String? {
        switch node.kind {
        case .symbol: return nil
        case .text(let text):
            return text.runs.contains { $0.color != nil }
                ? "paints every run of a text; a run with its own \"foregroundColor\" keeps it in SwiftUI: split the text into views, or drop the run's colour"
                : nil
        case .stack(let stack) where stack.axis == .z && stack.children.count == 1:
            // The wrapper fills all it wraps: a background or overlay there would be filled too, where
            // SwiftUI keeps a colour's own colour and places the gradient in each text's or symbol's frame.
            let child = stack.children[0]
            if !child.background.isEmpty || child.overlay != nil || child.modifierValues[Material.self] != nil {
                return "written after a \"background\" or \"overlay\" would fill them too, which SwiftUI does not do (a colour keeps its colour); write \"foregroundStyle\" on the view itself, or as an entry before them"
            }
            return unpaintable(child)
        case .control(.button):
            // A button's title is one text.
            return nil
        case .shape:
            // `Circle().foregroundStyle(gradient)` fills the shape, placed in its frame: the shape's own fill.
            return "on a shape is its paint: write the gradient as the shape's \"fill\" ({\"linearGradient\": {...}}), or as its \"stroke\"'s \"color\""
        default:
            return "goes on a \"text\" or \"systemImage\" view (SwiftUI places the gradient in the frame of each text or symbol it fills); write it on each"
        }
    }

    static func uses(in node: Node) -> ModifierUses {
        ModifierUses(bindings: (node.modifierValues[Self.self]?.bindings ?? []) + (node.modifierValues[SymbolPalette.self] ?? []))
    }
}

/// `"foregroundStyle": [primary, secondary, tertiary]` (SwiftUI `.foregroundStyle(_:_:)` and
/// `.foregroundStyle(_:_:_:)`, which give symbols palette rendering): the levels' colours, inherited by
/// the views inside. The primary is also the view's `foregroundColor` (text, shapes); a symbol draws its
/// layers in the levels (docs/scene-format.md, foregroundStyle, says which layer takes which).
public enum SymbolPalette: ModifierValueKey {
    public typealias Value = [Binding]
}

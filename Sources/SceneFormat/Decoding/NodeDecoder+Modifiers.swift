import Expressions

/// `"modifiers": [...]`: modifiers applied in the order written, as chained SwiftUI modifiers.
///
/// `view.offset(y: -40).rotationEffect(.degrees(45))` is the view wrapped in an offset, wrapped in a
/// rotation: each entry wraps everything before it. Each entry becomes a wrapper view (a one-child
/// ZStack, which proposes its proposal to its child and takes its child's size, so it adds no layout)
/// holding that one modifier; the view's own modifier keys stay innermost, in their fixed order.
extension NodeDecoder {
    /// The modifier keys an entry may hold: one per entry (`anchor` goes with `rotation` or `scale`).
    static let orderedModifierKeys = ["frame", "padding", "foregroundColor", "font", "offset", "rotation", "scale",
                                      "opacity", "background", "clipShape", "clipped", "mask", "animation", "blur", "shadow", "overlay", "rotation3D", "drawingGroup",
                                      "zIndex"]

    /// `node` wrapped by the entries of `"modifiers"`, innermost first; its `let` names and its `if` move
    /// to the outermost wrapper, so the modifiers see the names and the condition covers them all.
    ///
    /// `zIndex` wraps nothing: like SwiftUI's `.zIndex`, a trait the enclosing stack reads through any
    /// modifiers written after it, it goes to the outermost wrapper; the last one written wins, over the
    /// view's own `zIndex` key.
    static func applyOrderedModifiers(_ view: Node, _ object: ObjectReader, depth: Int) throws(SceneError) -> Node {
        guard let list = object["modifiers"] else { return view }
        var result = view
        let entries = try list.array()
        guard !entries.isEmpty else { return view }
        // The lets (and a timelineView's context, which they may read) go on the outermost node.
        let lets = result.lets, presence = result.presence, timeline = result.timelineView
        var zIndex = result.zIndex
        result.lets = []
        result.presence = nil
        result.zIndex = nil
        result.timelineView = nil
        for entry in entries {
            try checkSwiftUIModifiers(entry, allowed: orderedModifierKeys + ["anchor", "comment"])
            let entryObject = try entry.object(allowing: orderedModifierKeys + ["anchor", "comment"])
            let keys = entryObject.keys.filter { $0 != "anchor" && $0 != "comment" }
            guard keys.count == 1, let key = keys.first else {
                throw entry.error(keys.isEmpty
                    ? "a modifiers entry needs one of \(orderedModifierKeys.map { "\"\($0)\"" }.joined(separator: ", "))"
                    : "a modifiers entry holds one modifier, but has \(keys.map { "\"\($0)\"" }.joined(separator: " and ")); write one entry each, in order")
            }
            if entryObject["anchor"] != nil, key != "rotation", key != "scale" {
                throw entry.error("\"anchor\" goes with \"rotation\" or \"scale\" in the same entry")
            }
            if key == "zIndex" {
                zIndex = try BindingDecoder.number(try entryObject.required("zIndex"))
                continue
            }
            let wrapper = NodeKind.stack(StackSpec(axis: .z, spacing: nil, alignment: nil, children: [result]))
            result = try node(wrapper, modifiers: entryObject, at: entry, depth: depth + 1)
        }
        result.lets = lets
        result.timelineView = timeline
        result.presence = presence
        result.zIndex = zIndex
        return result
    }
}

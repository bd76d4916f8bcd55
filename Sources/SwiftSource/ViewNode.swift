/// A scene view under construction: the kind and its options, the modifier keys placed so far in the
/// format's fixed order, then a `modifiers` list for the rest, exactly as the chain of SwiftUI modifiers
/// reads outwards. Keys that do not depend on their place in the chain (`id`, `if`, `onTap`...) are kept
/// apart and always end on the outermost object, so a tap on an id finds its actions. `matchedGeometryEffect`,
/// which the format keeps on a view but which has a place in the chain, is kept with them until the view
/// is wrapped (`placeOnView`).
struct ViewNode {
    var object: JSONObject
    /// The rank (`ModifierRule.rank`) of the last modifier key placed on `object`.
    var lastRank = -1
    var list: [JSON] = []
    /// An environment key (foregroundColor, font) is set: a later background or overlay must not see it.
    var hasEnvironment = false
    var outer = JSONObject()
    /// The keys of `outer` with a place in the chain (`matchedGeometryEffect`, `ModifierRule.Placement.onView`):
    /// wrapping the view takes them inside, with what was written before them.
    var chained: [String] = []
    /// The `id` was made up for a component instance with state; an accessibilityIdentifier replaces it.
    var idIsGenerated = false
    /// A `Button("Title")`'s title takes the foreground colour set on it (written as its `tint`).
    var titleFromForeground = false

    init(_ pairs: [(String, JSON)]) { object = JSONObject(pairs) }

    var kind: String? { object.keys.first }
    var hasModifiers: Bool { lastRank >= 0 || !list.isEmpty || hasEnvironment }

    /// A positional modifier: a key in the fixed order when it comes after those already placed, an entry
    /// of `modifiers` when the list allows it, else the view wrapped in a one-child zstack holding it.
    mutating func place(_ pairs: [(String, JSON)], rank: Int, listable: Bool, seesEnvironment: Bool = true) {
        if mergesPadding(pairs) { return }
        let anchorClash = pairs.contains { $0.0 == "anchor" && object["anchor"] != nil && object["anchor"] != $0.1 }
        let free = pairs.allSatisfy { object[$0.0] == nil || $0.0 == "anchor" && object["anchor"] == $0.1 }
        let environmentClash = !seesEnvironment && hasEnvironment
        if list.isEmpty && rank > lastRank && free && !anchorClash && !environmentClash {
            for (key, value) in pairs { object[key] = value }
            lastRank = rank
        } else if listable && lastRank < ModifierRule.lastRank && !environmentClash {
            list.append(.object(pairs))
        } else {
            wrap()
            for (key, value) in pairs { object[key] = value }
            lastRank = rank
        }
    }

    /// A modifier the format keeps on the view (`matchedGeometryEffect`) with a place in the chain at
    /// `rank`: it applies to the view's fixed keys and under its `modifiers` entries, so when the view so far
    /// holds an entry, a key ranked above it or the same modifier, that view is wrapped first. Positional
    /// modifiers written after it then go after it by `place`'s rule: one ranked below it becomes an entry.
    mutating func placeOnView(_ key: String, _ value: JSON, rank: Int) {
        if !list.isEmpty || lastRank >= rank || outer[key] != nil { wrap() }
        outer[key] = value
        chained.append(key)
        lastRank = rank
    }

    /// `.padding(.horizontal, 12).padding(.vertical, 6)`: paddings of different axes, one right after the
    /// other, are one padding object (the same insets either way).
    private mutating func mergesPadding(_ pairs: [(String, JSON)]) -> Bool {
        guard pairs.count == 1, pairs[0].0 == "padding", case .object(let new) = pairs[0].1 else { return false }
        let last: JSON? = list.isEmpty ? (lastRank == ModifierRule.rank("padding") ? object["padding"] : nil) : list.last?["padding"]
        guard case .object(let old)? = last, !(list.isEmpty == false && list.last?.objectPairs?.count != 1) else { return false }
        func axes(_ edges: [(String, JSON)]) -> Set<String> {
            Set(edges.map { ["top", "bottom", "vertical"].contains($0.0) ? "v" : "h" })
        }
        guard axes(old).isDisjoint(with: axes(new)) else { return false }
        let merged = JSON.object(old + new)
        if list.isEmpty { object["padding"] = merged } else { list[list.count - 1] = .object([("padding", merged)]) }
        return true
    }

    /// An environment modifier (foregroundColor, font): inner values win, so an outer one that meets a
    /// set key wraps the view.
    mutating func environment(_ key: String, _ value: JSON) {
        if object[key] != nil { wrap() }
        object[key] = value
        hasEnvironment = true
    }

    /// The view so far becomes the only child of a new zstack.
    mutating func wrap() {
        var inner = innerObject()
        for key in chained {
            inner[key] = outer[key]
            outer[key] = nil
        }
        chained = []
        object = JSONObject([("zstack", .array([inner.json]))])
        list = []
        lastRank = -1
        hasEnvironment = false
        titleFromForeground = false
    }

    private func innerObject() -> JSONObject {
        var result = object
        if !list.isEmpty { result["modifiers"] = .array(list) }
        return result
    }

    /// The finished view: `id` first, then the kind, options and modifiers, then `if`, handlers and the rest.
    func json() -> JSON {
        var pairs: [(String, JSON)] = []
        if let id = outer["id"] { pairs.append(("id", id)) }
        var inner = innerObject().pairs
        // An id names one view: a Group with one (`.accessibilityIdentifier`) stays one view, a zstack.
        if outer["id"] != nil, inner.first?.0 == "group" { inner[0].0 = "zstack" }
        pairs += inner
        pairs += outer.pairs.filter { $0.0 != "id" }
        return .object(pairs)
    }
}

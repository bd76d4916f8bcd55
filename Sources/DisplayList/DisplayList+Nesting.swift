extension DisplayList {
    /// The deepest nesting of groups and colour effects a frame may have (a group's mask is one level
    /// inside it, as its children are). Drawing, the work estimate and comparing lists walk groups recursively, so a
    /// deeper list is refused before any of them runs, rather than overflowing the stack: a canvas that
    /// clips 10,000 times nests each later draw in 10,000 clip groups.
    public static let maxNesting = 1_000

    /// The deepest nesting of groups and colour effects in the list (0 for a list without groups), and
    /// the source of the deepest group reached (its JSON path, "" when not known). Measured without
    /// recursion, so any list can be measured; stops counting at `limit + 1`.
    public func nesting(limit: Int = DisplayList.maxNesting) -> (depth: Int, source: String) {
        var deepest = (depth: 0, source: "")
        var pending: [(items: [DisplayItem], depth: Int, source: String)] = [(items, 0, "")]
        while let (items, depth, source) = pending.popLast() {
            if depth > deepest.depth { deepest = (depth, source) }
            if depth > limit { break }
            for item in items {
                switch item {
                case .group(let group):
                    let inner = group.source.isEmpty ? source : group.source
                    pending.append((group.children, depth + 1, inner))
                    if let mask = group.mask { pending.append((mask, depth + 1, inner)) }
                case .colorEffect(let effect):
                    pending.append((effect.children, depth + 1, source))
                case .shape, .text, .image:
                    continue
                }
            }
        }
        return deepest
    }
}

extension Node {
    /// A plain group around `child` (a ZStack with one child) to hang modifiers on; it lays out exactly
    /// as the child does.
    public static func group(_ child: Node) -> Node {
        empty(.stack(StackSpec(axis: .z, spacing: nil, alignment: nil, children: [child])), path: child.path)
    }

    /// A view of `kind` with no modifiers.
    public static func empty(_ kind: NodeKind, path: JSONPath) -> Node {
        Node(id: nil, kind: kind, lets: [], frame: nil, padding: nil, style: StyleSpec(), effects: .none,
             path: path)
    }

    /// This node's modifiers around `child`: the node becomes a one-child ZStack of `child` (a
    /// `.modifier` transition's wrapper around the transitioning view).
    public func wrapping(_ child: Node) -> Node {
        var copy = self
        copy.kind = .stack(StackSpec(axis: .z, spacing: nil, alignment: nil, children: [child]))
        return copy
    }
}

extension EffectSpec {
    /// No effects: scale 1, no rotation, no offset, opacity 1, anchor at the centre.
    public static var identity: EffectSpec { .none }
}

import Expressions

/// The stacks: `zstack`, `vstack` and `hstack` (and a scroll view's content) decode into a `StackSpec`.
extension NodeDecoder {
    /// The alignments a stack of `axis` takes (SwiftUI's `Alignment`, `HorizontalAlignment`, `VerticalAlignment`).
    static func stackAlignments(_ axis: StackSpec.Axis) -> [String] {
        switch axis {
        case .z: Array(unitPointNames)
        case .vertical: ["leading", "center", "trailing"]
        case .horizontal: ["top", "center", "bottom", "firstTextBaseline", "lastTextBaseline"]
        }
    }

    /// `{"vstack": [views], "alignment": "leading", "spacing": 8}`: the stack of `axis` under `key`.
    static func decodeStack(_ axis: StackSpec.Axis, key: String, _ object: ObjectReader, depth: Int) throws(SceneError) -> NodeKind {
        let children = try decodeChildren(try object.required(key), depth: depth)
        let alignment = try object["alignment"].map { r throws(SceneError) in try decodeAlignment(r, among: stackAlignments(axis)) }
        return .stack(StackSpec(axis: axis, spacing: try object["spacing"].map(BindingDecoder.number),
                                alignment: alignment, children: children))
    }

    /// What the validator checks in a stack: its spacing, its alignment, then its children in order.
    static func stackUses(_ stack: StackSpec) -> [ViewKindUse] {
        [.reads(stack.spacing), .reads(stack.alignment)] + stack.children.map { .view($0) }
    }
}

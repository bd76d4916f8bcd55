import DisplayList
import Geometry
import SceneFormat

/// Clips and masks: `clipShape`, `clipped` and `mask`, laid out in the view's rectangle.
extension Composer {
    /// `items` clipped to the view's clip shape and rectangle and masked by its mask view, as groups: in
    /// the view's drawn rectangle (`drawn`), the mask view laid out in its model one (`rect`).
    func applyClipping(_ node: Node, to items: [DisplayItem], in rect: Rect, drawn: Rect, _ scope: ComposeScope,
                       _ env: LayoutEnvironment) throws(SceneError) -> [DisplayItem] {
        let clipping = node.clipping
        guard !clipping.isEmpty, !items.isEmpty else { return items }
        var result = items
        if let shape = clipping.clipShape {
            result = [.group(GroupItem(clip: try shapePath(shape, in: drawn, scope, node: node, name: "clipCornerRadius"),
                                       children: result))]
        }
        if let clipped = clipping.clipped, try scope.bool(clipped) {
            result = [.group(GroupItem(clip: .rect(drawn), children: result))]
        }
        if !clipping.mask.isEmpty {
            // The mask view is proposed the view's size and placed in its rectangle, like a background.
            var mask: [DisplayItem] = []
            for node in clipping.mask { mask += try render(node, in: rect, proposal: Proposal(rect.size), scope, env) }
            result = [.group(GroupItem(mask: mask, children: result))]
        }
        return result
    }

    /// A shape's outline in `rect`.
    /// A rounded rectangle's corner radius is the attribute `name` of `node`.
    func shapePath(_ geometry: ShapeSpec.Geometry, in rect: Rect, _ scope: ComposeScope, node: Node,
                   name: String) throws(SceneError) -> Path {
        switch geometry {
        case .circle: return .circle(in: rect)
        case .ellipse: return .ellipse(in: rect)
        case .rectangle: return .rect(rect)
        case .capsule: return .capsule(in: rect)
        case .roundedRectangle(let radius):
            return .roundedRect(rect, cornerRadius: max(0, scope.animated(node, name, try scope.number(radius))))
        case .unevenRoundedRectangle(let radii):
            // The four radii are one attribute (`cornerRadii`), as SwiftUI animates `RectangleCornerRadii`.
            var values: [Double] = []
            for r in radii { values.append(try scope.number(r, default: 0)) }
            values = scope.animated(node, name == "cornerRadius" ? "cornerRadii" : "clipCornerRadii", values)
            return .unevenRoundedRect(rect, radii: CornerRadii(topLeading: values[0], bottomLeading: values[1],
                                                               bottomTrailing: values[2], topTrailing: values[3]))
        case .path(let commands): return try buildPath(commands, scope).applying(.translation(rect.minX, rect.minY))
        }
    }
}

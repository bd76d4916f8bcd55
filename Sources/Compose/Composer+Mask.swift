import DisplayList
import Geometry
import SceneFormat

/// Clips and masks: `clipShape`, `clipped` and `mask`, laid out in the view's rectangle.
extension Composer {
    /// `items` clipped to the view's clip shape and rectangle and masked by its mask view, as groups.
    func applyClipping(_ clipping: ClippingSpec, to items: [DisplayItem], in rect: Rect, _ scope: ComposeScope,
                       _ env: LayoutEnvironment) throws(SceneError) -> [DisplayItem] {
        guard !clipping.isEmpty, !items.isEmpty else { return items }
        var result = items
        if let shape = clipping.clipShape {
            result = [.group(GroupItem(clip: try shapePath(shape, in: rect, scope), children: result))]
        }
        if let clipped = clipping.clipped, try scope.bool(clipped) {
            result = [.group(GroupItem(clip: .rect(rect), children: result))]
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
    func shapePath(_ geometry: ShapeSpec.Geometry, in rect: Rect, _ scope: ComposeScope) throws(SceneError) -> Path {
        switch geometry {
        case .circle: return .circle(in: rect)
        case .ellipse: return .ellipse(in: rect)
        case .rectangle: return .rect(rect)
        case .capsule: return .capsule(in: rect)
        case .roundedRectangle(let radius): return .roundedRect(rect, cornerRadius: try scope.number(radius))
        case .path(let commands): return try buildPath(commands, scope).applying(.translation(rect.minX, rect.minY))
        }
    }
}

import DisplayList
import Expressions
import Geometry
import SceneFormat
import Timeline

/// `scrollTransition`: a view's visual effects blended between its identity phase and the phase of the
/// scroll view's edge it is near, by where it is drawn in the scroll view.
extension Composer {
    /// `items`, the view drawn in `drawn`, under its scroll transition's effects.
    ///
    /// Along the scroll view's axis (vertical), with the view's centre `c` points from the scroll view's
    /// centre, a view of length `l` in a scroll view of length `h` is just hidden at |c| = (h + l) / 2 and
    /// reaches a `visible(a)` threshold at |c| = (h - l (2a - 1)) / 2 (`centered`: 0). Between the two, the
    /// edge's effect blends into the identity effect by the timing curve of the share travelled; past the
    /// threshold the view shows the identity effect, and beyond the edge the edge's.
    func applyScrollTransition(_ spec: ScrollTransitionSpec, _ node: Node, to items: [DisplayItem], in drawn: Rect,
                               _ scope: ComposeScope) throws(SceneError) -> [DisplayItem] {
        guard let viewport = scope.scrollViewport else {
            let binding = spec.bindings.compactMap { $0 }.first
            throw SceneError(path: node.path.appending("scrollTransition"), location: binding?.location,
                             message: "\"scrollTransition\" needs a scrollView around the view: it blends the effects "
                                 + "by where the view is in the scroll view")
        }
        let identity = try effects(spec, phase: 0, scope)
        var shown = identity
        if !spec.isIdentity {
            let h = viewport.height, l = drawn.height, c = drawn.midY - viewport.midY
            let hidden = (h + l) / 2
            let threshold: Double
            switch spec.threshold {
            case .visible(let a): threshold = (h - l * (2 * a - 1)) / 2
            case .centered: threshold = 0
            }
            let curve = UnitBezier.named(spec.timingCurve)
            for side in [-1.0, 1.0] {
                // The share travelled from just hidden (0) to the threshold (1) on this side.
                let travelled = hidden == threshold ? (side * c <= threshold ? 1 : 0)
                    : min(1, max(0, (side * c - hidden) / (threshold - hidden)))
                guard travelled < 1 else { continue }
                let edge = try effects(spec, phase: side, scope)
                let weight = 1 - curve.value(at: travelled)
                for i in shown.indices { shown[i] += (edge[i] - identity[i]) * weight }
            }
        }
        let (opacity, scale, degrees, dx, dy, blur) = (min(1, max(0, shown[0])), shown[1], shown[2], shown[3], shown[4], max(0, shown[5]))
        if opacity <= 0 { return [] }
        var items = items
        if blur > 0 { items = [.group(GroupItem(filter: .blur(sigma: blur), children: items, source: "\(node.path)"))] }
        let centre = Point(drawn.midX, drawn.midY)
        var transform = Transform.identity
        if scale != 1 { transform = transform.concatenating(Transform.scale(scale, scale).about(centre)) }
        if degrees != 0 { transform = transform.concatenating(Transform.rotation(degrees * .pi / 180).about(centre)) }
        if dx != 0 || dy != 0 { transform = transform.concatenating(.translation(dx, dy)) }
        if transform.isIdentity && opacity >= 1 { return items }
        var group = GroupItem(transform: transform, opacity: opacity, children: items)
        group.source = "\(node.path.appending("scrollTransition"))"
        return [.group(group)]
    }

    /// The effects at one phase (`phase.value` -1, 0 or 1): opacity, scale, rotation (degrees), offset x
    /// and y, blur radius; each effect not written is its identity.
    private func effects(_ spec: ScrollTransitionSpec, phase: Double, _ scope: ComposeScope) throws(SceneError) -> [Double] {
        var inner = scope
        inner.lets["phase"] = .record(["value": .number(phase), "isIdentity": .bool(phase == 0)])
        return [try inner.number(spec.opacity, default: 1), try inner.number(spec.scale, default: 1),
                try inner.number(spec.rotation, default: 0), try inner.number(spec.offsetX, default: 0),
                try inner.number(spec.offsetY, default: 0), try inner.number(spec.blur, default: 0)]
    }
}

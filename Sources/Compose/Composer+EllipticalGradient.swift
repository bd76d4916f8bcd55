import DisplayList
import Expressions
import Geometry
import SceneFormat

extension Composer {
    /// An `EllipticalGradient`: a radial gradient in the unit square (centre and radii in unit
    /// coordinates) stretched to `rect`, so its circles become ellipses with the rectangle's proportions.
    func ellipticalPaint(center: GradientSpec.Point, _ startFraction: Binding, _ endFraction: Binding,
                         stops: [GradientStop], colorSpace: GradientColorSpace, in rect: Rect,
                         _ scope: ComposeScope, node: Node, name: String) throws(SceneError) -> Paint {
        let r0 = try scope.number(startFraction), r1 = try scope.number(endFraction)
        for (r, b) in [(r0, startFraction), (r1, endFraction)] where !(r >= 0) || !r.isFinite {
            throw SceneError(path: b.path, location: b.location,
                             message: "\(scope.timeLabel): a radius fraction must be a finite number of at least 0, got \(NumberFormat.shortest(r))")
        }
        let v = scope.animated(node, "\(name).geometry", [try scope.number(center.x), try scope.number(center.y), r0, r1])
        let toRect = Transform.scale(rect.width, rect.height).concatenating(.translation(rect.minX, rect.minY))
        return .radialGradient(RadialGradient(center: Point(v[0], v[1]), startRadius: max(0, v[2]), endRadius: max(0, v[3]),
                                              stops: stops, transform: toRect, colorSpace: colorSpace))
    }
}

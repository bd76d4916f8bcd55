import DisplayList
import Geometry

/// One shape of a display list as drawn: its bounds on the canvas, its fill and the opacity it is drawn with.
struct DrawnShape {
    var rect: Rect
    var fill: Fill?
    var opacity: Double
}

/// Every shape drawn, in drawing order, with its bounds (through groups' transforms, from the path's points
/// and control points) and the opacity of the groups around it.
func drawnShapes(_ items: [DisplayItem], _ transform: Transform = .identity, _ opacity: Double = 1) -> [DrawnShape] {
    var result: [DrawnShape] = []
    for item in items {
        switch item {
        case .shape(let shape):
            var points: [Point] = []
            for element in shape.path.elements {
                switch element {
                case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): points.append(transform.apply(p))
                case .close: break
                }
            }
            guard let first = points.first else { continue }
            var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
            for p in points { (x0, y0, x1, y1) = (min(x0, p.x), min(y0, p.y), max(x1, p.x), max(y1, p.y)) }
            result.append(DrawnShape(rect: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), fill: shape.fill, opacity: opacity))
        case .group(let group):
            result += drawnShapes(group.children, group.transform.concatenating(transform), opacity * group.opacity)
        default:
            break
        }
    }
    return result
}

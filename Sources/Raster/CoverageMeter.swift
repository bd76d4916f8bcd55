import CCairo
import DisplayList
import Geometry

/// The scan-conversion work of one frame's shapes, measured before each is drawn, so that a frame
/// whose paths would take minutes to fill or stroke is stopped instead.
///
/// Cairo fills a path by stepping every edge across each pixel row it spans, so the work of a shape
/// is about the rows its edges span: for a fill, the sum over segments of |Δy| (in device pixels, within
/// the frame) plus one; a stroke has two edges a segment, each as tall as the segment plus the line
/// width, and joins. Each segment also costs a fixed amount wherever it lies (off the frame too):
/// measured, a filled segment costs as much as 16 row crossings and a stroked one (round joins) 240.
/// The unit is one edge crossing one pixel row ("row crossing").
public struct CoverageMeter {
    /// Row crossings one frame may draw: 4 million (a 4000-point zigzag spanning a 1000 px tall frame).
    public static let maxFrameCrossings = 4_000_000.0
    /// Row crossings a whole render may draw: 400 million (100 frames at the frame limit).
    public static let maxRenderCrossings = 400_000_000.0
    /// The fixed cost of one filled segment, in row crossings.
    static let fillSegmentCost = 16.0
    /// The fixed cost of one stroked segment and its join, in row crossings.
    static let strokeSegmentCost = 240.0

    /// Row crossings so far in this frame.
    public private(set) var crossings = 0.0
    /// The shape that added the most, and how many.
    public private(set) var largest: (source: String, crossings: Double) = ("", 0)

    /// The row crossings of filling and stroking `shape` with the current transformation of `cr`, in a
    /// frame `height` pixels tall.
    static func crossings(of shape: ShapeItem, in cr: OpaquePointer, height: Double) -> Double {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return crossings(of: shape, transform: Transform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0),
                         height: height)
    }

    /// The row crossings of filling and stroking `shape` drawn through `transform` (user space to device
    /// pixels), in a frame `height` pixels tall: the same count whether measured while drawing or
    /// estimated before (`WorkEstimate`).
    public static func crossings(of shape: ShapeItem, transform m: Transform, height: Double) -> Double {
        var rows = 0.0
        var current = 0.0
        var start = 0.0
        var segments = 0.0
        func deviceY(_ p: Point) -> Double {
            min(max(m.b * p.x + m.d * p.y + m.ty, 0), height)
        }
        func segment(to y: Double) {
            rows += abs(y - current) + 1
            segments += 1
            current = y
        }
        for element in shape.path.elements {
            switch element {
            case .move(let p):
                current = deviceY(p)
                start = current
            case .line(let p):
                segment(to: deviceY(p))
            case .quad(let c, let p):
                // A curve spans no more rows than its control polygon.
                segment(to: deviceY(c))
                segment(to: deviceY(p))
            case .cubic(let c1, let c2, let p):
                segment(to: deviceY(c1))
                segment(to: deviceY(c2))
                segment(to: deviceY(p))
            case .close:
                segment(to: start)
            }
        }
        var total = shape.fill == nil ? 0 : rows + segments * fillSegmentCost
        if let stroke = shape.stroke, stroke.lineWidth > 0, stroke.lineWidth.isFinite {
            let width = min(stroke.lineWidth * abs(m.a * m.d - m.c * m.b).squareRoot(), height)
            total += 2 * (rows + segments * 2 * width) + segments * strokeSegmentCost
        }
        return total
    }

    /// Adds a shape's crossings.
    mutating func add(_ count: Double, source: String) {
        crossings += count
        if count > largest.crossings { largest = (source, count) }
    }

    /// True once the frame is over `maxFrameCrossings`.
    var isOver: Bool { crossings > Self.maxFrameCrossings }

    mutating func reset() {
        crossings = 0
        largest = ("", 0)
    }
}

/// A frame whose shapes would take too long to draw: over `CoverageMeter.maxFrameCrossings`.
public struct CoverageError: Error, Sendable {
    public let crossings: Double
    /// The JSON path of the shape that adds the most.
    public let largest: String
    public let largestCrossings: Double
}

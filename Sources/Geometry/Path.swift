#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A vector path made of lines and Bézier curves, as SwiftUI's `Path`.
///
/// Arcs, ellipses and rounded corners are converted to cubic Béziers when added, so a path holds only
/// the five element kinds below and every consumer (Cairo, bounds, tests) handles the same few cases.
public struct Path: Sendable, Hashable {
    /// One drawing command.
    public enum Element: Sendable, Hashable {
        case move(Point)
        case line(Point)
        case quad(control: Point, to: Point)
        case cubic(control1: Point, control2: Point, to: Point)
        case close
    }

    public private(set) var elements: [Element] = []
    /// The point the next element starts from, if any.
    public private(set) var currentPoint: Point?
    private var subpathStart: Point?

    public init() {}

    public init(_ build: (inout Path) -> Void) {
        build(&self)
    }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to p: Point) {
        elements.append(.move(p))
        currentPoint = p
        subpathStart = p
    }

    /// A line to `p`; with no current point it starts a subpath there, as SwiftUI does.
    public mutating func addLine(to p: Point) {
        guard currentPoint != nil else { return move(to: p) }
        elements.append(.line(p))
        currentPoint = p
    }

    public mutating func addLines(_ points: [Point]) {
        guard let first = points.first else { return }
        if currentPoint == nil { move(to: first) } else { addLine(to: first) }
        for p in points.dropFirst() { addLine(to: p) }
    }

    public mutating func addQuadCurve(to p: Point, control: Point) {
        if currentPoint == nil { move(to: control) }
        elements.append(.quad(control: control, to: p))
        currentPoint = p
    }

    public mutating func addCurve(to p: Point, control1: Point, control2: Point) {
        if currentPoint == nil { move(to: control1) }
        elements.append(.cubic(control1: control1, control2: control2, to: p))
        currentPoint = p
    }

    public mutating func closeSubpath() {
        guard currentPoint != nil else { return }
        elements.append(.close)
        currentPoint = subpathStart
    }

    /// A circular arc, with SwiftUI's `addArc(center:radius:startAngle:endAngle:clockwise:)` semantics.
    ///
    /// Angles are in radians, measured from the +x axis towards +y (down): on screen they grow clockwise.
    /// SwiftUI names the direction in a y-up frame, so `clockwise: false` sweeps with growing angles,
    /// which looks clockwise on screen, and `clockwise: true` sweeps with shrinking angles. A line joins
    /// the current point to the arc's start; with no current point the arc starts a subpath.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                                clockwise: Bool) {
        let twoPi = 2 * Double.pi
        var sweep = endAngle - startAngle
        if clockwise {
            // Shrinking angles: sweep in (-2 pi, 0].
            if sweep > 0 { sweep -= (sweep / twoPi).rounded(.up) * twoPi }
        } else {
            // Growing angles: sweep in [0, 2 pi).
            if sweep < 0 { sweep += (-sweep / twoPi).rounded(.up) * twoPi }
        }
        if sweep == 0 && endAngle != startAngle {
            // A whole number of turns asked for: SwiftUI draws one full circle.
            sweep = clockwise ? -twoPi : twoPi
        }
        addArc(center: center, radius: radius, startAngle: startAngle, sweep: sweep)
    }

    /// A circular arc from `startAngle` through `sweep` radians (positive: clockwise on screen).
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, sweep: Double) {
        addEllipticalArc(center: center, radii: Size(radius, radius), startAngle: startAngle, sweep: sweep)
    }

    /// An elliptical arc (axis-aligned radii) approximated by cubic Béziers of at most 90 degrees each.
    public mutating func addEllipticalArc(center: Point, radii: Size, startAngle: Double, sweep: Double) {
        let start = Point(center.x + radii.width * cos(startAngle), center.y + radii.height * sin(startAngle))
        if currentPoint == nil { move(to: start) } else if currentPoint != start { addLine(to: start) }
        guard sweep != 0, radii.width > 0 || radii.height > 0 else { return }
        let segments = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(segments)
        // Control distance for a circular arc of `step` radians: 4/3 tan(step/4).
        let k = 4.0 / 3.0 * tan(step / 4)
        var a0 = startAngle
        for _ in 0..<segments {
            let a1 = a0 + step
            let p0 = Point(cos(a0), sin(a0)), p1 = Point(cos(a1), sin(a1))
            let c1 = Point(p0.x - k * p0.y, p0.y + k * p0.x)
            let c2 = Point(p1.x + k * p1.y, p1.y - k * p1.x)
            func place(_ u: Point) -> Point { Point(center.x + radii.width * u.x, center.y + radii.height * u.y) }
            addCurve(to: place(p1), control1: place(c1), control2: place(c2))
            a0 = a1
        }
    }

    /// A closed ellipse inscribed in `rect`, starting at its trailing middle and going clockwise on screen.
    public mutating func addEllipse(in rect: Rect) {
        move(to: Point(rect.maxX, rect.midY))
        addEllipticalArc(center: rect.center, radii: Size(rect.width / 2, rect.height / 2),
                         startAngle: 0, sweep: 2 * Double.pi)
        closeSubpath()
    }

    /// A closed rectangle.
    public mutating func addRect(_ rect: Rect) {
        move(to: rect.origin)
        addLine(to: Point(rect.maxX, rect.minY))
        addLine(to: Point(rect.maxX, rect.maxY))
        addLine(to: Point(rect.minX, rect.maxY))
        closeSubpath()
    }

    /// A closed rectangle with circular corners of `cornerRadius` (clamped to half the shorter side).
    public mutating func addRoundedRect(_ rect: Rect, cornerRadius: Double) {
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        guard r > 0 else { return addRect(rect) }
        let half = Double.pi / 2
        move(to: Point(rect.minX + r, rect.minY))
        addLine(to: Point(rect.maxX - r, rect.minY))
        addArc(center: Point(rect.maxX - r, rect.minY + r), radius: r, startAngle: -half, sweep: half)
        addLine(to: Point(rect.maxX, rect.maxY - r))
        addArc(center: Point(rect.maxX - r, rect.maxY - r), radius: r, startAngle: 0, sweep: half)
        addLine(to: Point(rect.minX + r, rect.maxY))
        addArc(center: Point(rect.minX + r, rect.maxY - r), radius: r, startAngle: half, sweep: half)
        addLine(to: Point(rect.minX, rect.minY + r))
        addArc(center: Point(rect.minX + r, rect.minY + r), radius: r, startAngle: 2 * half, sweep: half)
        closeSubpath()
    }

    /// A rectangle with its own radius at each corner (clamped by `CornerRadii.clamped`), starting on
    /// the top edge where the top-leading corner ends and running clockwise, as `addRoundedRect`.
    public mutating func addUnevenRoundedRect(_ rect: Rect, radii: CornerRadii) {
        let r = radii.clamped(to: rect.size)
        let half = Double.pi / 2
        move(to: Point(rect.minX + r.topLeading, rect.minY))
        addLine(to: Point(rect.maxX - r.topTrailing, rect.minY))
        if r.topTrailing > 0 {
            addArc(center: Point(rect.maxX - r.topTrailing, rect.minY + r.topTrailing), radius: r.topTrailing,
                   startAngle: -half, sweep: half)
        }
        addLine(to: Point(rect.maxX, rect.maxY - r.bottomTrailing))
        if r.bottomTrailing > 0 {
            addArc(center: Point(rect.maxX - r.bottomTrailing, rect.maxY - r.bottomTrailing), radius: r.bottomTrailing,
                   startAngle: 0, sweep: half)
        }
        addLine(to: Point(rect.minX + r.bottomLeading, rect.maxY))
        if r.bottomLeading > 0 {
            addArc(center: Point(rect.minX + r.bottomLeading, rect.maxY - r.bottomLeading), radius: r.bottomLeading,
                   startAngle: half, sweep: half)
        }
        addLine(to: Point(rect.minX, rect.minY + r.topLeading))
        if r.topLeading > 0 {
            addArc(center: Point(rect.minX + r.topLeading, rect.minY + r.topLeading), radius: r.topLeading,
                   startAngle: 2 * half, sweep: half)
        }
        closeSubpath()
    }

    /// Appends every element of `other`.
    public mutating func addPath(_ other: Path) {
        for element in other.elements { append(element) }
    }

    private mutating func append(_ element: Element) {
        switch element {
        case .move(let p): move(to: p)
        case .line(let p): addLine(to: p)
        case .quad(let c, let p): addQuadCurve(to: p, control: c)
        case .cubic(let c1, let c2, let p): addCurve(to: p, control1: c1, control2: c2)
        case .close: closeSubpath()
        }
    }

    /// The path with every point mapped by `t`.
    public func applying(_ t: Transform) -> Path {
        var out = Path()
        for element in elements {
            switch element {
            case .move(let p): out.move(to: t.apply(p))
            case .line(let p): out.addLine(to: t.apply(p))
            case .quad(let c, let p): out.addQuadCurve(to: t.apply(p), control: t.apply(c))
            case .cubic(let c1, let c2, let p):
                out.addCurve(to: t.apply(p), control1: t.apply(c1), control2: t.apply(c2))
            case .close: out.closeSubpath()
            }
        }
        return out
    }

    /// The number of points the path stores (each curve counts its control points).
    public var pointCount: Int {
        elements.reduce(0) { n, e in
            switch e {
            case .move, .line: return n + 1
            case .quad: return n + 2
            case .cubic: return n + 3
            case .close: return n
            }
        }
    }

    /// The bounds of all points, control points included (a cheap, conservative box); nil when empty.
    public var controlPointBounds: Rect? {
        var xs: [Double] = [], ys: [Double] = []
        for e in elements {
            switch e {
            case .move(let p), .line(let p): xs.append(p.x); ys.append(p.y)
            case .quad(let c, let p): xs += [c.x, p.x]; ys += [c.y, p.y]
            case .cubic(let c1, let c2, let p): xs += [c1.x, c2.x, p.x]; ys += [c1.y, c2.y, p.y]
            case .close: break
            }
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SVG path data (`d="M178,40c-20.6,0-38.7,8.9-50,23.9Z"`) read into a `Path`.
extension Path {
    /// The path the SVG path data describes, or nil when the data is malformed.
    ///
    /// Every command of SVG 1.1's path grammar is read (M L H V C S Q T A Z, absolute and relative);
    /// elliptical arcs become cubic Béziers through the centre parameterisation of SVG 1.1 appendix F.6.5,
    /// their radii scaled up when too small to reach the end point (F.6.6).
    public init?(svgPathData data: String) {
        var reader = SVGPathReader(Array(data.utf8))
        guard let path = reader.read() else { return nil }
        self = path
    }

    /// An elliptical arc as SVG writes it: from the current point to `end`, with radii `rx`, `ry`, the
    /// ellipse's x axis rotated by `rotation` radians, and the large-arc and sweep flags choosing one of
    /// the four arcs (`sweep` true: angles grow, clockwise on screen).
    mutating func addSVGArc(to end: Point, rx: Double, ry: Double, rotation: Double, largeArc: Bool, sweep: Bool) {
        guard let start = currentPoint else { move(to: end); return }
        var rx = abs(rx), ry = abs(ry)
        guard start != end else { return }
        guard rx > 0, ry > 0 else { addLine(to: end); return }
        let cosPhi = cos(rotation), sinPhi = sin(rotation)
        // F.6.5.1: the start point in the ellipse's frame, halfway to the end.
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        // F.6.6.2: radii too small to span the chord grow until they just do.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        // F.6.5.2: the centre in the ellipse's frame.
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = (max(0, numerator) / denominator).squareRoot()
        if largeArc == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry, cy1 = -factor * ry * x1 / rx
        // F.6.5.3: the centre in user space.
        let center = Point(cosPhi * cx1 - sinPhi * cy1 + (start.x + end.x) / 2,
                           sinPhi * cx1 + cosPhi * cy1 + (start.y + end.y) / 2)
        // F.6.5.5-6: the start angle and the sweep on the unit circle.
        let theta1 = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        var delta = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - theta1
        if sweep, delta < 0 { delta += 2 * Double.pi }
        if !sweep, delta > 0 { delta -= 2 * Double.pi }
        let segments = max(1, Int((abs(delta) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(segments)
        let k = 4.0 / 3.0 * tan(step / 4)
        func place(_ u: Point) -> Point {
            Point(center.x + rx * u.x * cosPhi - ry * u.y * sinPhi, center.y + rx * u.x * sinPhi + ry * u.y * cosPhi)
        }
        var a0 = theta1
        for i in 0..<segments {
            let a1 = a0 + step
            let p0 = Point(cos(a0), sin(a0)), p1 = Point(cos(a1), sin(a1))
            let c1 = Point(p0.x - k * p0.y, p0.y + k * p0.x)
            let c2 = Point(p1.x + k * p1.y, p1.y - k * p1.x)
            // The last segment ends exactly on the given end point, not on its recomputed image.
            addCurve(to: i == segments - 1 ? end : place(p1), control1: place(c1), control2: place(c2))
            a0 = a1
        }
    }
}

/// Reads SVG path data byte by byte: a command letter, then its numbers, repeated.
private struct SVGPathReader {
    let bytes: [UInt8]
    var index = 0
    var path = Path()
    var current = Point(0, 0)
    var subpathStart = Point(0, 0)
    /// The last cubic's second control point and the last quad's control point, for S and T.
    var lastCubicControl: Point?
    var lastQuadControl: Point?

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func read() -> Path? {
        var command: UInt8?
        while true {
            skipSeparators()
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if isCommand(byte) {
                command = byte
                index += 1
            } else if command == nil || command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                return nil  // numbers with no command, or after a close
            }
            guard let letter = command, perform(letter) else { return nil }
            // Coordinates after a move are implicit lines.
            if letter == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
            if letter == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
        }
        return path
    }

    private func isCommand(_ byte: UInt8) -> Bool {
        "MmLlHhVvCcSsQqTtAaZz".utf8.contains(byte)
    }

    /// Runs one command with its numbers; false when they are missing or malformed.
    private mutating func perform(_ letter: UInt8) -> Bool {
        let relative = letter >= UInt8(ascii: "a")
        let base = relative ? current : Point(0, 0)
        func point(_ x: Double, _ y: Double) -> Point { Point(base.x + x, base.y + y) }
        var cubicControl: Point?, quadControl: Point?
        switch letter | 0x20 {  // lower case
        case UInt8(ascii: "z"):
            path.closeSubpath()
            current = subpathStart
        case UInt8(ascii: "m"):
            guard let x = number(), let y = number() else { return false }
            current = point(x, y)
            subpathStart = current
            path.move(to: current)
        case UInt8(ascii: "l"):
            guard let x = number(), let y = number() else { return false }
            current = point(x, y)
            path.addLine(to: current)
        case UInt8(ascii: "h"):
            guard let x = number() else { return false }
            current = Point(relative ? current.x + x : x, current.y)
            path.addLine(to: current)
        case UInt8(ascii: "v"):
            guard let y = number() else { return false }
            current = Point(current.x, relative ? current.y + y : y)
            path.addLine(to: current)
        case UInt8(ascii: "c"):
            guard let a = number(), let b = number(), let c = number(), let d = number(), let e = number(),
                  let f = number() else { return false }
            let c2 = point(c, d), end = point(e, f)
            path.addCurve(to: end, control1: point(a, b), control2: c2)
            (current, cubicControl) = (end, c2)
        case UInt8(ascii: "s"):
            guard let c = number(), let d = number(), let e = number(), let f = number() else { return false }
            let c1 = lastCubicControl.map { Point(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
            let c2 = point(c, d), end = point(e, f)
            path.addCurve(to: end, control1: c1, control2: c2)
            (current, cubicControl) = (end, c2)
        case UInt8(ascii: "q"):
            guard let a = number(), let b = number(), let e = number(), let f = number() else { return false }
            let control = point(a, b), end = point(e, f)
            path.addQuadCurve(to: end, control: control)
            (current, quadControl) = (end, control)
        case UInt8(ascii: "t"):
            guard let e = number(), let f = number() else { return false }
            let control = lastQuadControl.map { Point(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
            let end = point(e, f)
            path.addQuadCurve(to: end, control: control)
            (current, quadControl) = (end, control)
        case UInt8(ascii: "a"):
            guard let rx = number(), let ry = number(), let degrees = number(), let large = flag(),
                  let sweep = flag(), let x = number(), let y = number() else { return false }
            let end = point(x, y)
            path.addSVGArc(to: end, rx: rx, ry: ry, rotation: degrees * Double.pi / 180, largeArc: large, sweep: sweep)
            current = end
        default:
            return false
        }
        (lastCubicControl, lastQuadControl) = (cubicControl, quadControl)
        return true
    }

    private mutating func skipSeparators() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ",")].contains(bytes[index]) { index += 1 }
    }

    /// An arc flag: one `0` or `1`, which may run into the next number (`a8,8,0,01,2,3`).
    private mutating func flag() -> Bool? {
        skipSeparators()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else { return nil }
        index += 1
        return bytes[index - 1] == UInt8(ascii: "1")
    }

    /// A number: sign, digits, at most one point, an exponent; a second point starts the next number.
    private mutating func number() -> Double? {
        skipSeparators()
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var count = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            count += digits()
        }
        guard count > 0 else { index = start; return nil }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            let mark = index
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            if digits() == 0 { index = mark }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else { return nil }
        return value
    }
}

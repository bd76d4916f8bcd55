#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// SwiftUI's `AngularGradient` (a conic gradient) around `center` (points), from `startAngle` to
/// `endAngle` (radians; 0 points to the trailing side, angles grow clockwise on screen, as SwiftUI's
/// `Angle` in y-down coordinates).
///
/// As Apple documents it: when the angles span more than a full turn only the last full turn is drawn;
/// when they span less, the missing sector takes the last stop's colour for its first half and the
/// first stop's for its second. Equal angles (the default 0 and 0) draw a full turn.
public struct AngularGradient: Sendable, Equatable {
    public var center: Point
    public var startAngle: Double
    public var endAngle: Double
    public var stops: [GradientStop]
    /// Where colours mix between stops.
    public var colorSpace: GradientColorSpace

    public init(center: Point, startAngle: Double, endAngle: Double, stops: [GradientStop],
                colorSpace: GradientColorSpace = .device) {
        self.center = center
        self.startAngle = startAngle
        self.endAngle = endAngle
        self.stops = stops
        self.colorSpace = colorSpace
    }

    /// The gradient location (0...1) at `point`.
    public func location(at point: Point) -> Double {
        var span = endAngle - startAngle
        var start = startAngle
        guard span.isFinite, start.isFinite else { return 0 }
        let turn = 2 * Double.pi
        if span == 0 { span = turn }
        if span > turn { start = endAngle - turn; span = turn }
        if span < 0 { span = turn - (-span).truncatingRemainder(dividingBy: turn) }
        let theta = atan2(point.y - center.y, point.x - center.x)
        var phi = (theta - start).truncatingRemainder(dividingBy: turn)
        if phi < 0 { phi += turn }
        if phi <= span { return phi / span }
        // In the missing sector: the end colour, then halfway across, the start colour.
        return phi - span < (turn - span) / 2 ? 1 : 0
    }

    /// The colour at gradient `location`: interpolated premultiplied between the stops around it, as
    /// SwiftUI does (`GradientStop.mix`, in the gradient's colour space), the first and last stop's
    /// colour beyond them.
    public func color(at location: Double) -> Color {
        guard let first = stops.first, let last = stops.last else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        if !(location > first.location) { return first.color }
        if location >= last.location { return last.color }
        for (a, b) in zip(stops, stops.dropFirst()) where location <= b.location {
            let span = b.location - a.location
            let f = span > 0 ? (location - a.location) / span : 1
            return GradientStop.mix(a.color, b.color, f, in: colorSpace)
        }
        return last.color
    }

    /// `color(at:)` for many pixels. In the perceptual space it reads the straight sRGB line through the
    /// stops `GradientStop.perceptualRamp` adds (within a quarter of a colour level of the Oklab mix, as
    /// the linear and radial gradients are drawn), found by binary search, so a pixel costs no cube roots
    /// or powers; in the device space it is `color(at:)`.
    public func colorLookup() -> @Sendable (Double) -> Color {
        guard colorSpace == .perceptual, stops.count > 1 else { return { [self] in color(at: $0) } }
        let ramp = GradientStop.perceptualRamp(stops)
        return { location in
            guard let first = ramp.first, let last = ramp.last else { return .clear }
            if !(location > first.location) { return first.color }
            if location >= last.location { return last.color }
            // The first stop past `location`: ramp[high - 1].location < location <= ramp[high].location.
            var low = 0, high = ramp.count - 1
            while low < high {
                let mid = (low + high) / 2
                if ramp[mid].location < location { low = mid + 1 } else { high = mid }
            }
            let a = ramp[high - 1], b = ramp[high]
            let span = b.location - a.location
            let f = span > 0 ? (location - a.location) / span : 1
            func straight(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
            return Color(red: straight(a.color.red, b.color.red), green: straight(a.color.green, b.color.green),
                         blue: straight(a.color.blue, b.color.blue), alpha: straight(a.color.alpha, b.color.alpha))
        }
    }
}

import Geometry
import Pixels

/// The resolved drawing commands of one frame: what to draw, where, and with which paint.
///
/// Everything is final here: no expressions, no animation, no layout. Coordinates are in points; the
/// rasterizer multiplies by `scale` to get pixels.
public struct DisplayList: Sendable, Equatable {
    /// The canvas size in points.
    public var size: Size
    /// Pixels per point.
    public var scale: Double
    /// The canvas background; transparent where alpha is 0.
    public var background: Color
    /// The items, back to front.
    public var items: [DisplayItem]

    public init(size: Size, scale: Double, background: Color, items: [DisplayItem]) {
        self.size = size
        self.scale = scale
        self.background = background
        self.items = items
    }

    /// The frame size in pixels: points times scale, rounded.
    public var pixelWidth: Int { Int((size.width * scale).rounded()) }
    public var pixelHeight: Int { Int((size.height * scale).rounded()) }
}

/// One thing to draw.
public indirect enum DisplayItem: Sendable, Equatable {
    /// A path filled and/or stroked.
    case shape(ShapeItem)
    /// Laid-out text.
    case text(TextItem)
    /// A bitmap drawn into a rectangle.
    case image(ImageItem)
    /// Children drawn through a transform, with group opacity, an optional clip and an optional mask.
    case group(GroupItem)
    /// Children with a colour matrix and a blend mode.
    case colorEffect(ColorEffectItem)
}

/// A path with its paint.
public struct ShapeItem: Sendable, Equatable {
    public var path: Path
    public var fill: Fill?
    public var stroke: Stroke?
    /// Where the shape comes from in the scene file (a JSON path), for messages; not part of equality.
    public var source: String

    public init(path: Path, fill: Fill? = nil, stroke: Stroke? = nil, source: String = "") {
        self.path = path
        self.fill = fill
        self.stroke = stroke
        self.source = source
    }

    public static func == (a: ShapeItem, b: ShapeItem) -> Bool {
        a.path == b.path && a.fill == b.fill && a.stroke == b.stroke
    }
}

/// How a path's inside is painted.
public struct Fill: Sendable, Equatable {
    public var paint: Paint
    public var rule: FillRule

    public init(paint: Paint, rule: FillRule = .nonZero) {
        self.paint = paint
        self.rule = rule
    }
}

public enum FillRule: String, Sendable, Equatable {
    case nonZero, evenOdd
}

/// How a path's outline is painted (SwiftUI `StrokeStyle`).
public struct Stroke: Sendable, Equatable {
    public var paint: Paint
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Double
    public var dash: [Double]
    public var dashPhase: Double

    public init(paint: Paint, lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
                miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0) {
        self.paint = paint
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

public enum LineCap: String, Sendable, Equatable, CaseIterable {
    case butt, round, square
}

public enum LineJoin: String, Sendable, Equatable, CaseIterable {
    case miter, round, bevel
}

/// A colour or gradient. Gradient geometry is in the same coordinates as the path it paints.
public enum Paint: Sendable, Equatable {
    case color(Color)
    case linearGradient(LinearGradient)
    case radialGradient(RadialGradient)
    case angularGradient(AngularGradient)
}

/// A colour stop in a gradient; `location` in 0...1.
public struct GradientStop: Sendable, Equatable {
    public var location: Double
    public var color: Color

    public init(location: Double, color: Color) {
        self.location = location
        self.color = color
    }
}

/// A linear gradient from `start` to `end` (points), stops in order.
public struct LinearGradient: Sendable, Equatable {
    public var start: Point
    public var end: Point
    public var stops: [GradientStop]
    /// Where colours mix between stops.
    public var colorSpace: GradientColorSpace

    public init(start: Point, end: Point, stops: [GradientStop], colorSpace: GradientColorSpace = .device) {
        self.start = start
        self.end = end
        self.stops = stops
        self.colorSpace = colorSpace
    }
}

/// A radial gradient around `center` from `startRadius` to `endRadius` (points).
public struct RadialGradient: Sendable, Equatable {
    public var center: Point
    public var startRadius: Double
    public var endRadius: Double
    public var stops: [GradientStop]
    /// From the gradient's coordinates to the path's: not the identity for an `EllipticalGradient`, whose
    /// circles are drawn in the unit square and stretched to the shape's rectangle.
    public var transform: Transform
    /// Where colours mix between stops.
    public var colorSpace: GradientColorSpace

    public init(center: Point, startRadius: Double, endRadius: Double, stops: [GradientStop],
                transform: Transform = .identity, colorSpace: GradientColorSpace = .device) {
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
        self.stops = stops
        self.transform = transform
        self.colorSpace = colorSpace
    }
}

/// A group: children through `transform`, composited with `opacity`, clipped, and masked.
public struct GroupItem: Sendable, Equatable {
    public var transform: Transform
    /// A perspective projection of the children (SwiftUI `.rotation3DEffect`), applied to their rendered
    /// pixels before `transform`; nil when there is none.
    public var projection: ProjectionTransform?
    public var opacity: Double
    /// Children are clipped to this path (in the group's coordinates, after `transform`).
    public var clip: Path?
    /// Children show only where the mask's alpha is (SwiftUI `.mask`), in the group's coordinates.
    public var mask: [DisplayItem]?
    /// A blur or a shadow of the children, drawn before opacity and mask.
    public var filter: Filter?
    /// SwiftUI `.drawingGroup()`: the children are drawn, clipped to this rectangle (in the group's
    /// coordinates), into a bitmap at the canvas scale, and the bitmap is drawn in their place, so the
    /// transforms above the group move and resample those pixels instead of drawing the children again.
    public var flattened: Rect?
    public var children: [DisplayItem]
    /// Where the group comes from in the scene file (a JSON path: a projection's, a filter's or the view's
    /// whose opacity or transform made it), for messages and the work estimate; not part of equality.
    public var source: String = ""

    public init(transform: Transform = .identity, projection: ProjectionTransform? = nil, opacity: Double = 1,
                clip: Path? = nil, mask: [DisplayItem]? = nil, filter: Filter? = nil, flattened: Rect? = nil,
                children: [DisplayItem], source: String = "") {
        self.transform = transform
        self.projection = projection
        self.opacity = opacity
        self.clip = clip
        self.mask = mask
        self.filter = filter
        self.flattened = flattened
        self.children = children
        self.source = source
    }

    public static func == (a: GroupItem, b: GroupItem) -> Bool {
        a.transform == b.transform && a.projection == b.projection && a.opacity == b.opacity && a.clip == b.clip
            && a.mask == b.mask && a.filter == b.filter && a.flattened == b.flattened && a.children == b.children
    }
}

/// A pixel filter on a group's children, in the group's coordinates (points).
public enum Filter: Sendable, Equatable {
    /// SwiftUI `.blur(radius:)`: a Gaussian of standard deviation `sigma`.
    case blur(sigma: Double)
    /// SwiftUI `.shadow(color:radius:x:y:)`: the children's alpha, blurred by a Gaussian of standard
    /// deviation `sigma`, painted in `color` at (`x`, `y`) behind them.
    case shadow(color: Color, sigma: Double, x: Double, y: Double)
    /// A SwiftUI material (`.background(.regularMaterial)`): where the children cover, what was drawn
    /// behind the group, blurred by a Gaussian of standard deviation `sigma`, under `tint`; the children
    /// give only the region (their alpha), not colour.
    case backdrop(sigma: Double, tint: Color)
}

/// A bitmap drawn scaled into `rect` (points).
public struct ImageItem: Sendable, Equatable {
    public var image: PixelImage
    public var rect: Rect

    public init(image: PixelImage, rect: Rect) {
        self.image = image
        self.rect = rect
    }
}

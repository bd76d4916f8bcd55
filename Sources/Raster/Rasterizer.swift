import CCairo
import CPango
import DisplayList
import Geometry
import Pixels

/// Draws display lists into pixels with Cairo (shapes, images) and Pango (text).
///
/// Not thread-safe: make one per thread. It reuses its Cairo surface between frames of the same size
/// and has its own Pango font map, so rasterizers on different threads share no mutable state.
public final class Rasterizer {
    /// The largest frame side Cairo image surfaces allow, in pixels.
    public static let maximumPixelSide = 32_767

    /// The frame surface, kept while frames keep the same size.
    private var surface: OpaquePointer?
    private var surfaceWidth = 0, surfaceHeight = 0
    var fontMap: UnsafeMutablePointer<PangoFontMap>?
    let fontOptions: OpaquePointer?
    var pangoContext: OpaquePointer?
    /// The pixels of the large glyphs drawn since the font caches were last released (see
    /// `releaseGlyphCachesIfLarge`).
    var largeGlyphPixels = 0.0
    /// Premultiplied copies of recently drawn images, most recent last.
    var imageCache: [(image: PixelImage, surface: OpaquePointer)] = []
    /// Drawing groups' bitmaps, most recently used last.
    var flattenedCache: [FlattenedGroup] = []
    /// The ink boxes of the texts whose layers were sized last (`inkBounds(of:in:)`).
    var textInkCache: [(item: TextItem, scale: Double, ink: Rect?)] = []
    /// How many drawing-group bitmaps this rasterizer has drawn (the rest came from its cache).
    public internal(set) var flattenedDrawings = 0
    /// How many clips the drawing is inside: drawing-group bitmaps are blitted directly only outside all.
    var clipDepth = 0
    /// How many drawing-group bitmaps are being drawn (nested groups draw into the outermost one).
    var flattenDepth = 0
    /// Composite drawing groups through Cairo even where they could be blitted (to compare the two).
    var forceCairoComposite = false
    /// The scan-conversion work of the frame being drawn (see `CoverageMeter`).
    public internal(set) var coverage = CoverageMeter()
    /// The height in pixels of the frame being drawn.
    var frameHeight = 0.0
    /// The width in pixels of the frame being drawn.
    var frameWidth = 0.0
    /// The largest font size in pixels over `maxTextPixels` met in the frame being drawn (0: none), and the
    /// text view drawing it.
    var oversizedText: (pixels: Double, source: SourcePlace?) = (0, nil)
    /// The scale of the frame being drawn: text is laid out at it, as it was measured.
    var canvasScale = 1.0

    /// A rasterizer with no surface yet and its own Pango font map.
    public init() {
        let fontMap = FontLock.withLock { pango_cairo_font_map_new() }
        let fontOptions = PangoText.makeFontOptions()
        self.fontMap = fontMap
        self.fontOptions = fontOptions
        pangoContext = fontMap.flatMap { PangoText.makeContext(fontMap: $0, fontOptions: fontOptions) }
    }

    deinit {
        for entry in imageCache { cairo_surface_destroy(entry.surface) }
        for entry in flattenedCache { cairo_surface_destroy(entry.surface) }
        if let surface { cairo_surface_destroy(surface) }
        // Releasing the font map destroys its scaled fonts: font code, so under the font lock.
        FontLock.withLock {
            if let pangoContext { g_object_unref(UnsafeMutableRawPointer(pangoContext)) }
            if let fontMap { g_object_unref(fontMap) }
        }
        cairo_font_options_destroy(fontOptions)
    }

    /// The frame `list` describes: `list.pixelWidth` x `list.pixelHeight` pixels, items drawn in points
    /// scaled by `list.scale`, over `list.background`.
    ///
    /// Throws when the frame size or scale is unusable, or when Cairo reports an error.
    public func render(_ list: DisplayList) throws -> PixelImage {
        let (width, height) = try pixelSize(of: list)
        // Groups are drawn recursively: a list nested deeper than the limit is refused, not drawn into a
        // stack overflow.
        let nesting = list.nesting()
        guard nesting.depth <= DisplayList.maxNesting else {
            throw RasterError((nesting.source.isEmpty ? "" : nesting.source + ": ")
                              + "the frame nests groups (clips, layers, transforms, effects) more than "
                              + "\(DisplayList.maxNesting) deep, the drawing limit")
        }
        let surface = try frameSurface(width: width, height: height)
        guard let cr = cairo_create(surface) else { throw RasterError("cannot create a Cairo context") }
        defer { cairo_destroy(cr) }

        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        setSource(cr, list.background)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_set_font_options(cr, fontOptions)
        cairo_scale(cr, list.scale, list.scale)
        canvasScale = list.scale

        coverage.reset()
        clipDepth = 0
        flattenDepth = 0
        frameHeight = Double(height)
        frameWidth = Double(width)
        oversizedText = (0, nil)
        draw(list.items, in: cr)
        if oversizedText.pixels > 0 {
            throw RasterError("a text would be drawn with a font \(Int(oversizedText.pixels)) px high (its size times the scale "
                              + "and scale effects); text is limited to \(Int(Self.maxTextPixels)) px: use a smaller font "
                              + "size or scale", source: oversizedText.source)
        }
        if coverage.isOver {
            throw CoverageError(crossings: coverage.crossings, largest: coverage.largest.source,
                                largestCrossings: coverage.largest.crossings)
        }

        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw RasterError("drawing failed", status: status) }
        return try CairoPixels.pixelImage(from: surface)
    }

    /// Draws `items` back to front.
    func draw(_ items: [DisplayItem], in cr: OpaquePointer) {
        for item in items {
            switch item {
            case .shape(let shape): draw(shape, in: cr)
            case .text(let text): draw(text, in: cr)
            case .image(let image): draw(image, in: cr)
            case .group(let group): draw(group, in: cr)
            case .colorEffect(let effect): draw(effect, in: cr)
            }
        }
    }

    /// The frame size in pixels, checked before `DisplayList.pixelWidth` would trap on it.
    private func pixelSize(of list: DisplayList) throws -> (Int, Int) {
        guard list.scale.isFinite, list.scale > 0 else {
            throw RasterError("the scale must be a positive number, not \(list.scale)")
        }
        let limit = Double(Self.maximumPixelSide)
        let w = list.size.width * list.scale, h = list.size.height * list.scale
        guard w.isFinite, h.isFinite, w.rounded() >= 1, h.rounded() >= 1, w.rounded() <= limit,
              h.rounded() <= limit else {
            throw RasterError("the frame must be 1...\(Self.maximumPixelSide) pixels wide and high, not "
                              + "\(w) x \(h)")
        }
        return (list.pixelWidth, list.pixelHeight)
    }

    /// The reusable ARGB32 surface, recreated when the frame size changes.
    private func frameSurface(width: Int, height: Int) throws -> OpaquePointer {
        if let surface, surfaceWidth == width, surfaceHeight == height { return surface }
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        guard let created = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw RasterError("cannot create a \(width) x \(height) surface")
        }
        let status = cairo_surface_status(created)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(created)
            throw RasterError("cannot create a \(width) x \(height) surface", status: status)
        }
        surface = created
        surfaceWidth = width
        surfaceHeight = height
        return created
    }
}

import CCairo
import DisplayList
import Geometry

/// A drawing group's bitmap, kept for reuse while the group's content stays the same.
struct FlattenedGroup {
    var children: [DisplayItem]
    var rect: Rect
    var scale: Double
    /// The bitmap, premultiplied ARGB, and where its top-left pixel sits in device pixels at `scale`.
    var surface: OpaquePointer
    var x: Int, y: Int
    var pixels: Int
}

extension Rasterizer {
    /// How many pixels of drawing-group bitmaps a rasterizer keeps for reuse (32 MB).
    static let flattenedCacheBudget = 8 << 20
    /// The largest bitmap a drawing group is drawn into, in pixels (256 MB); a larger group is drawn
    /// directly, clipped to its rectangle.
    static let flattenedPixelLimit = 64 << 20

    /// Draws `children`, clipped to `rect`, as SwiftUI's `.drawingGroup()` does: into a bitmap in the
    /// group's own coordinates at the canvas scale, which is then drawn through the current transform
    /// with bilinear filtering (Core Animation's default `minificationFilter` and `magnificationFilter`,
    /// `.linear`).
    ///
    /// A rotated or scaled drawing group therefore shows resampled pixels, as a rasterized layer or a
    /// rotated `UIImageView` on a device does, and its text keeps the glyphs drawn upright. The bitmap is
    /// kept while the children stay the same, so a group that only moves is drawn once.
    func drawFlattened(_ children: [DisplayItem], in rect: Rect, _ cr: OpaquePointer) {
        let s = canvasScale
        let x0 = (rect.minX * s).rounded(.down), y0 = (rect.minY * s).rounded(.down)
        let x1 = (rect.maxX * s).rounded(.up), y1 = (rect.maxY * s).rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return }
        let width = x1 - x0, height = y1 - y0
        guard width * height <= Double(Self.flattenedPixelLimit), width <= Double(Self.maximumPixelSide),
              height <= Double(Self.maximumPixelSide), abs(x0) < 1e9, abs(y0) < 1e9 else {
            // Too large to flatten: drawn directly, still clipped to the view's rectangle.
            cairo_save(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(cr)
            draw(children, in: cr)
            cairo_restore(cr)
            return
        }
        guard let (group, kept) = flattened(children, in: rect, x: Int(x0), y: Int(y0), width: Int(width), height: Int(height)) else {
            return
        }
        cairo_save(cr)
        defer {
            cairo_restore(cr)
            if !kept { cairo_surface_destroy(group.surface) }
        }
        cairo_scale(cr, 1 / s, 1 / s)
        cairo_set_source_surface(cr, group.surface, Double(group.x), Double(group.y))
        // Outside the bitmap the source is clear (extend none), so painting draws exactly the bitmap, with
        // its edges filtered, and lets pixman composite without a mask.
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_paint(cr)
    }

    /// The bitmap of `children` clipped to `rect`, from the cache when they were drawn at this scale
    /// before, and whether the cache keeps it (if not, the caller destroys its surface after use).
    private func flattened(_ children: [DisplayItem], in rect: Rect, x: Int, y: Int, width: Int,
                           height: Int) -> (FlattenedGroup, kept: Bool)? {
        if let index = flattenedCache.firstIndex(where: { $0.rect == rect && $0.scale == canvasScale && $0.children == children }) {
            let entry = flattenedCache.remove(at: index)
            flattenedCache.append(entry)
            return (entry, true)
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let gcr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        // The children are drawn in device pixels of this bitmap, whose rows bound their coverage.
        let (savedWidth, savedHeight) = (frameWidth, frameHeight)
        frameWidth = Double(width)
        frameHeight = Double(height)
        cairo_set_font_options(gcr, fontOptions)
        cairo_translate(gcr, Double(-x), Double(-y))
        cairo_scale(gcr, canvasScale, canvasScale)
        cairo_rectangle(gcr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(gcr)
        draw(children, in: gcr)
        cairo_destroy(gcr)
        cairo_surface_flush(surface)
        frameWidth = savedWidth
        frameHeight = savedHeight
        flattenedDrawings += 1

        let entry = FlattenedGroup(children: children, rect: rect, scale: canvasScale, surface: surface, x: x, y: y,
                                   pixels: width * height)
        // Too large to keep: used for this drawing only.
        guard entry.pixels <= Self.flattenedCacheBudget else { return (entry, false) }
        var cached = flattenedCache.reduce(0) { $0 + $1.pixels }
        while !flattenedCache.isEmpty, cached + entry.pixels > Self.flattenedCacheBudget {
            let evicted = flattenedCache.removeFirst()
            cached -= evicted.pixels
            cairo_surface_destroy(evicted.surface)
        }
        flattenedCache.append(entry)
        return (entry, true)
    }
}

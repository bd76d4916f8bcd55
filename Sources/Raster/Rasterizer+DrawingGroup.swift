#if canImport(Glibc)
import Glibc
#endif
import CCairo
import DisplayList
import Geometry

/// A drawing group's bitmap, kept for reuse while the group's content stays the same.
struct FlattenedGroup {
    var children: [DisplayItem]
    var rect: Rect
    var scale: Double
    /// The bitmap, premultiplied ARGB, and where its top-left pixel sits in pixels at `scale`.
    var surface: OpaquePointer
    var x: Int, y: Int
    var pixels: Int
}

extension Rasterizer {
    /// How many pixels of drawing-group bitmaps a rasterizer keeps for reuse (32 MB).
    static let flattenedCacheBudget = 8 << 20
    /// How many drawing-group bitmaps a rasterizer keeps at most (a search compares their children).
    static let flattenedCacheEntries = 64
    /// The largest bitmap a drawing group is drawn into, in pixels (64 MB); a group that would need a
    /// larger one, even cut to what can show, is drawn directly, clipped to its rectangle.
    public static let flattenedPixelLimit = 16 << 20
    /// Bitmaps up to this many pixels (16 MB) cover the whole rectangle, so that they stay the same
    /// however the group moves; larger ones only the part that can show in the frame.
    static let wholeBitmapPixels = 4 << 20

    /// The least scale of a drawing group's bitmap: a Retina screen's, whose layers' contents have
    /// two or three pixels a point (`contentsScale`), so a 1x frame shows them as a device screen scaled
    /// down does, not as a 1x device.
    public static let flattenedMinimumScale = 2.0

    /// The least size, in device pixels, a bitmap pixel is drawn at; smaller bitmaps are not drawn.
    static let smallestDrawnScale = 1.0 / 32_768

    /// The scale of drawing groups' bitmaps in the frame being drawn: the canvas scale, at least 2.
    var flattenedScale: Double { max(canvasScale, Self.flattenedMinimumScale) }

    /// The scale of a drawing group's bitmap drawn at `deviceScale` device pixels a point (its largest):
    /// `scale`, or twice the device's density where a scale effect shrinks the group below that, so a
    /// group scaled to a hundredth is not drawn into a bitmap a hundred times larger than it shows (in
    /// steps of a power of two, so that a shrinking group keeps its bitmap for a while), and at least 1/64.
    public static func bitmapScale(_ scale: Double, deviceScale: Double) -> Double {
        let needed = 2 * deviceScale
        guard needed.isFinite, needed < scale else { return scale }
        return max(1.0 / 64, min(scale, pow(2, log2(max(needed, 1e-300)).rounded(.up))))
    }

    /// Draws `children`, clipped to `rect`, as SwiftUI's `.drawingGroup()` does: into a bitmap in the
    /// group's own coordinates, at the canvas scale or a Retina screen's (2) when that is higher, which is
    /// then drawn through the current transform with bilinear filtering (Core Animation's default
    /// `minificationFilter` and `magnificationFilter`, `.linear`).
    ///
    /// A rotated or scaled drawing group therefore shows resampled pixels, as a rasterized layer or a
    /// rotated `UIImageView` on a device does, and its text keeps the glyphs drawn upright. The bitmap is
    /// kept while the children stay the same, so a group that only moves is drawn once.
    func drawFlattened(_ children: [DisplayItem], in rect: Rect, _ cr: OpaquePointer) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let across = (m.xx * m.xx + m.yx * m.yx).squareRoot(), down = (m.xy * m.xy + m.yy * m.yy).squareRoot()
        let s = Self.bitmapScale(flattenedScale, deviceScale: max(across, down))
        // Shrunk below 1/32768 of a pixel a bitmap pixel, the whole bitmap covers less than a pixel (and
        // pixman's 16.16 transforms cannot hold the inverse): nothing to draw.
        guard across / s >= Self.smallestDrawnScale, down / s >= Self.smallestDrawnScale else { return }
        // Inside another drawing group's bitmap, which holds this one's pixels too: drawn into it directly,
        // so that nested groups do not hold a bitmap each.
        guard flattenDepth == 0, let bitmap = bitmapRect(for: rect, scale: s, in: cr, deviceScale: min(across, down)) else {
            cairo_save(cr)
            drawClipped(children, to: rect, in: cr)
            cairo_restore(cr)
            return
        }
        guard !bitmap.isEmpty, let (group, kept) = flattened(children, in: bitmap.rect, scale: s, x: bitmap.x, y: bitmap.y,
                                                               width: bitmap.width, height: bitmap.height) else { return }
        defer { if !kept { cairo_surface_destroy(group.surface) } }
        if blit(group, scale: s, matrix: m, in: cr) { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_scale(cr, 1 / s, 1 / s)
        cairo_set_source_surface(cr, group.surface, Double(group.x), Double(group.y))
        // Outside the bitmap the source is clear (extend none), so painting draws exactly the bitmap, with
        // its edges filtered, and lets pixman composite without a mask.
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_paint(cr)
    }

    /// The part of `rect` a drawing group's bitmap covers, in points and in its pixels at `scale`: all of it
    /// when that is at most `wholeBitmapPixels`, else the part that can show (inside `cr`'s clip, with two
    /// device pixels to spare for the filter; `deviceScale` is the device pixels a point, at least), on a
    /// grid of 256 pixels so that it changes less as the group moves. Empty when none can show; nil when the
    /// bitmap would still be over `flattenedPixelLimit` pixels.
    private func bitmapRect(for rect: Rect, scale s: Double, in cr: OpaquePointer,
                            deviceScale: Double) -> (rect: Rect, x: Int, y: Int, width: Int, height: Int, isEmpty: Bool)? {
        func pixels(_ r: Rect, grid: Double) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
            ((r.minX * s / grid).rounded(.down) * grid, (r.minY * s / grid).rounded(.down) * grid,
             (r.maxX * s / grid).rounded(.up) * grid, (r.maxY * s / grid).rounded(.up) * grid)
        }
        var area = rect
        var p = pixels(rect, grid: 1)
        guard [p.x0, p.y0, p.x1, p.y1].allSatisfy(\.isFinite) else { return nil }
        if (p.x1 - p.x0) * (p.y1 - p.y0) > Double(Self.wholeBitmapPixels) {
            var cx0 = 0.0, cy0 = 0.0, cx1 = 0.0, cy1 = 0.0
            cairo_clip_extents(cr, &cx0, &cy0, &cx1, &cy1)
            let margin = 2 / max(deviceScale, 1e-9)
            let shown = Rect(x: cx0 - margin, y: cy0 - margin, width: cx1 - cx0 + 2 * margin, height: cy1 - cy0 + 2 * margin)
            let x0 = max(rect.minX, shown.minX), y0 = max(rect.minY, shown.minY)
            let x1 = min(rect.maxX, shown.maxX), y1 = min(rect.maxY, shown.maxY)
            guard x1 > x0, y1 > y0 else { return (rect, 0, 0, 0, 0, true) }
            p = pixels(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), grid: 256)
            // Back to points, and never past the view's rectangle (its frame cuts the content off).
            let gx0 = max(rect.minX, p.x0 / s), gy0 = max(rect.minY, p.y0 / s)
            let gx1 = min(rect.maxX, p.x1 / s), gy1 = min(rect.maxY, p.y1 / s)
            area = Rect(x: gx0, y: gy0, width: gx1 - gx0, height: gy1 - gy0)
            p = pixels(area, grid: 1)
        }
        let width = p.x1 - p.x0, height = p.y1 - p.y0
        guard width > 0, height > 0 else { return (rect, 0, 0, 0, 0, true) }
        guard width * height <= Double(Self.flattenedPixelLimit), width <= Double(Self.maximumPixelSide),
              height <= Double(Self.maximumPixelSide), abs(p.x0) < 1e9, abs(p.y0) < 1e9 else { return nil }
        return (area, Int(p.x0), Int(p.y0), Int(width), Int(height), false)
    }

    /// Draws `children` clipped to `rect` (the clip stays on `cr`).
    private func drawClipped(_ children: [DisplayItem], to rect: Rect, in cr: OpaquePointer) {
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cr)
        clipDepth += 1
        draw(children, in: cr)
        clipDepth -= 1
    }

    /// Draws `group`'s bitmap with `BilinearBlit` straight into the pixels of `cr`'s target (`m` is its
    /// current transform), when nothing clips the drawing and the target is an image in memory; false when
    /// Cairo must draw it.
    private func blit(_ group: FlattenedGroup, scale: Double, matrix m: cairo_matrix_t, in cr: OpaquePointer) -> Bool {
        guard clipDepth == 0, !forceCairoComposite, let target = cairo_get_group_target(cr),
              cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32,
              cairo_get_operator(cr) == CAIRO_OPERATOR_OVER else { return false }
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        // Bitmap pixels -> points -> device -> the target's pixels.
        let forward = Transform.translation(Double(group.x), Double(group.y)).concatenating(.scale(1 / scale, 1 / scale))
            .concatenating(Transform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0))
            .concatenating(.translation(offsetX, offsetY))
        guard let toSource = forward.inverted else { return true }
        cairo_surface_flush(target)
        guard let destination = cairo_image_surface_get_data(target),
              let source = cairo_image_surface_get_data(group.surface) else { return false }
        let drawn = BilinearBlit.draw(
            BilinearBlit.Bitmap(base: UnsafeMutableRawPointer(source), width: Int(cairo_image_surface_get_width(group.surface)),
                                height: Int(cairo_image_surface_get_height(group.surface)),
                                stride: Int(cairo_image_surface_get_stride(group.surface))),
            over: BilinearBlit.Bitmap(base: UnsafeMutableRawPointer(destination), width: Int(cairo_image_surface_get_width(target)),
                                      height: Int(cairo_image_surface_get_height(target)),
                                      stride: Int(cairo_image_surface_get_stride(target))),
            toSource: toSource)
        cairo_surface_mark_dirty(target)
        return drawn
    }

    /// The bitmap of `children` clipped to `rect` at `scale`, from the cache when they were drawn at that
    /// scale before, and whether the cache keeps it (if not, the caller destroys its surface after use).
    private func flattened(_ children: [DisplayItem], in rect: Rect, scale: Double, x: Int, y: Int, width: Int,
                           height: Int) -> (FlattenedGroup, kept: Bool)? {
        if let index = flattenedCache.firstIndex(where: { $0.rect == rect && $0.scale == scale && $0.children == children }) {
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
        cairo_scale(gcr, scale, scale)
        flattenDepth += 1
        drawClipped(children, to: rect, in: gcr)
        flattenDepth -= 1
        cairo_destroy(gcr)
        cairo_surface_flush(surface)
        frameWidth = savedWidth
        frameHeight = savedHeight
        flattenedDrawings += 1

        let entry = FlattenedGroup(children: children, rect: rect, scale: scale, surface: surface, x: x, y: y,
                                   pixels: width * height)
        // Too large to keep: used for this drawing only.
        guard entry.pixels <= Self.flattenedCacheBudget else { return (entry, false) }
        var cached = flattenedCache.reduce(0) { $0 + $1.pixels }
        while !flattenedCache.isEmpty,
              cached + entry.pixels > Self.flattenedCacheBudget || flattenedCache.count >= Self.flattenedCacheEntries {
            let evicted = flattenedCache.removeFirst()
            cached -= evicted.pixels
            cairo_surface_destroy(evicted.surface)
        }
        flattenedCache.append(entry)
        return (entry, true)
    }
}

import CCairo
import DisplayList
import Geometry

extension Rasterizer {
    /// The drawing budget's charge for one angular-gradient pixel, in row crossings: an arctangent and
    /// a stop lookup take about 50 ns (release build, one core), a row crossing about 54 ns.
    public static let angularPixelCost = 1.0

    /// Makes an angular gradient the source: Cairo has no conic gradient, so its colours are computed
    /// per device pixel (at the pixel's centre, mapped back to user space) over the current path's
    /// extents within the frame, and that image is the source, pixel-aligned. Each pixel computed counts
    /// `angularPixelCost` toward the frame's drawing budget.
    func setAngularSource(_ cr: OpaquePointer, _ gradient: AngularGradient, source: String) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let ctm = Transform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        guard let inverse = ctm.inverted else { return setSource(cr, gradient.stops.last?.color ?? .clear) }
        // The path's extents (fill and stroke), in device pixels, within the frame.
        var fx0 = 0.0, fy0 = 0.0, fx1 = 0.0, fy1 = 0.0, sx0 = 0.0, sy0 = 0.0, sx1 = 0.0, sy1 = 0.0
        cairo_fill_extents(cr, &fx0, &fy0, &fx1, &fy1)
        cairo_stroke_extents(cr, &sx0, &sy0, &sx1, &sy1)
        let corners = [Point(min(fx0, sx0), min(fy0, sy0)), Point(max(fx1, sx1), min(fy0, sy0)),
                       Point(min(fx0, sx0), max(fy1, sy1)), Point(max(fx1, sx1), max(fy1, sy1))].map(ctm.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
              minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return setSource(cr, Color.clear) }
        let x0 = max(0, Int(max(-1, minX.rounded(.down))) - 1), y0 = max(0, Int(max(-1, minY.rounded(.down))) - 1)
        let x1 = min(Int(frameWidth), Int(min(1e9, maxX.rounded(.up))) + 1)
        let y1 = min(Int(frameHeight), Int(min(1e9, maxY.rounded(.up))) + 1)
        coverage.add(Double(max(0, x1 - x0) * max(0, y1 - y0)) * Self.angularPixelCost, source: source)
        guard x1 > x0, y1 > y0, !coverage.isOver,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(x1 - x0), Int32(y1 - y0)) else {
            return setSource(cr, Color.clear)
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            return setSource(cr, Color.clear)
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let color = gradient.colorLookup()
        for j in 0..<(y1 - y0) {
            let row = data + j * stride
            for i in 0..<(x1 - x0) {
                let user = inverse.apply(Point(Double(x0 + i) + 0.5, Double(y0 + j) + 0.5))
                let c = color(gradient.location(at: user))
                // Premultiplied ARGB32, native-endian words: B, G, R, A in memory on little-endian.
                let a = unit(c.alpha)
                let word = UInt32((a * 255).rounded()) << 24 | UInt32((unit(c.red) * a * 255).rounded()) << 16
                    | UInt32((unit(c.green) * a * 255).rounded()) << 8 | UInt32((unit(c.blue) * a * 255).rounded())
                (row + i * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = word }
            }
        }
        cairo_surface_mark_dirty(surface)
        let pattern = cairo_pattern_create_for_surface(surface)
        // User space -> device pixels -> this image's pixels.
        var toImage = cairo_matrix_t(xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, x0: m.x0 - Double(x0), y0: m.y0 - Double(y0))
        cairo_pattern_set_matrix(pattern, &toImage)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        cairo_pattern_destroy(pattern)
    }
}

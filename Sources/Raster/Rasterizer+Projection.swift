import CCairo
import DisplayList
import Geometry

extension Rasterizer {
    /// The drawing budget's charge for one pixel a projection clears, scans or maps, in row crossings.
    /// Measured (release build, one core): about 4 ns a projected pixel against about 54 ns a row
    /// crossing (a 1,800-segment zigzag across 1,000 rows), so 0.08; charged a little above.
    public static let projectedPixelCost = 0.1

    /// Draws what `drawContent` draws through `projection` (in user space): Cairo has only affine
    /// transforms, so the content is drawn into a frame-sized image at the current transform, and that
    /// image is mapped through the projection in device pixels (`ProjectiveWarp`) and painted.
    ///
    /// Its pixel work counts toward the frame's drawing budget (`CoverageMeter`): `projectedPixelCost`
    /// per pixel of the frame-sized image (cleared and scanned) and per pixel mapped.
    func drawProjected(_ projection: ProjectionTransform, source: String, in cr: OpaquePointer,
                       _ drawContent: (OpaquePointer) -> Void) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let ctm = Transform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        guard let userFromDevice = ctm.inverted else { return }
        // Device pixels of the content -> user space -> projected -> device pixels.
        let forward = ProjectionTransform(userFromDevice).concatenating(projection).concatenating(ProjectionTransform(ctm))
        guard let inverse = forward.inverted, frameWidth > 0, frameHeight > 0 else { return }
        let width = Int32(frameWidth), height = Int32(frameHeight)
        coverage.add(frameWidth * frameHeight * Self.projectedPixelCost, source: source)
        guard !coverage.isOver else { return }

        guard let content = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return }
        defer { cairo_surface_destroy(content) }
        guard cairo_surface_status(content) == CAIRO_STATUS_SUCCESS, let ccr = cairo_create(content) else { return }
        cairo_set_font_options(ccr, fontOptions)
        cairo_set_matrix(ccr, &m)
        drawContent(ccr)
        cairo_destroy(ccr)
        cairo_surface_flush(content)
        guard let data = cairo_image_surface_get_data(content) else { return }
        let warp = ProjectiveWarp(source: UnsafePointer(data), width: Int(width), height: Int(height),
                                  stride: Int(cairo_image_surface_get_stride(content)), inverse: inverse)
        guard let (x0, y0, x1, y1) = warp.visibleBounds() else { return }

        // Where the visible content lands: its corners' images when all are in front of the eye,
        // else anywhere in the frame.
        var (dx0, dy0, dx1, dy1) = (0, 0, Int(width), Int(height))
        let corners = [Point(Double(x0) - 1, Double(y0) - 1), Point(Double(x1) + 1, Double(y0) - 1),
                       Point(Double(x0) - 1, Double(y1) + 1), Point(Double(x1) + 1, Double(y1) + 1)]
        let images = corners.compactMap(forward.apply)
        if images.count == 4 {
            let xs = images.map(\.x), ys = images.map(\.y)
            guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
                  minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
            dx0 = max(dx0, Int(max(-1e9, minX.rounded(.down))) - 1)
            dy0 = max(dy0, Int(max(-1e9, minY.rounded(.down))) - 1)
            dx1 = min(dx1, Int(min(1e9, maxX.rounded(.up))) + 1)
            dy1 = min(dy1, Int(min(1e9, maxY.rounded(.up))) + 1)
        }
        guard dx1 > dx0, dy1 > dy0 else { return }
        coverage.add(Double((dx1 - dx0) * (dy1 - dy0)) * Self.projectedPixelCost, source: source)
        guard !coverage.isOver else { return }

        guard let projected = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(dx1 - dx0), Int32(dy1 - dy0)) else { return }
        defer { cairo_surface_destroy(projected) }
        guard cairo_surface_status(projected) == CAIRO_STATUS_SUCCESS,
              let out = cairo_image_surface_get_data(projected) else { return }
        warp.warp(into: out, originX: dx0, originY: dy0, width: dx1 - dx0, height: dy1 - dy0,
                  stride: Int(cairo_image_surface_get_stride(projected)))
        cairo_surface_mark_dirty(projected)

        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, projected, Double(dx0), Double(dy0))
        cairo_paint(cr)
        cairo_restore(cr)
    }
}

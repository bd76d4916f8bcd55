import CCairo
import DisplayList
import Geometry

extension Rasterizer {
    /// Draws a group's children through its transform and clip, composited with its opacity and mask.
    func draw(_ group: GroupItem, in cr: OpaquePointer) {
        // NaN opacity counts as 0; a group that cannot be seen is not drawn at all.
        guard group.opacity > 0 else { return }
        let opacity = min(group.opacity, 1)
        // A singular transform collapses the group to nothing, and would put Cairo in an error state.
        let t = group.transform
        guard t.inverted != nil, t.tx.isFinite, t.ty.isFinite else { return }

        cairo_save(cr)
        defer { cairo_restore(cr) }
        // A layer's surface only as large as what it holds (the clip stays until the restore above).
        if opacity < 1 || group.mask != nil || group.filter != nil { clipToPaintedBounds(of: [.group(group)], in: cr) }
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_transform(cr, &matrix)
        if let clip = group.clip {
            cairo_new_path(cr)
            appendPath(clip, to: cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_clip(cr)
            clipDepth += 1
        }
        defer { if group.clip != nil { clipDepth -= 1 } }

        let mask = group.mask
        // The children, through their filter, then through the projection.
        let drawItems = { (cr: OpaquePointer) in
            if let rect = group.flattened { self.drawFlattened(group.children, in: rect, cr) } else { self.draw(group.children, in: cr) }
        }
        let drawChildren = { (cr: OpaquePointer) in
            if let filter = group.filter { self.drawFiltered(filter, in: cr, drawItems) } else { drawItems(cr) }
        }
        let drawContent = { (cr: OpaquePointer) in
            if let projection = group.projection { self.drawProjected(projection, source: group.source, in: cr, drawChildren) } else { drawChildren(cr) }
        }
        guard opacity < 1 || mask != nil || group.filter != nil else { return drawContent(cr) }
        cairo_push_group(cr)
        drawContent(cr)
        guard let mask else {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity)
            return
        }
        let content = cairo_pop_group(cr)
        defer { cairo_pattern_destroy(content) }
        cairo_push_group(cr)
        draw(mask, in: cr)
        let maskPattern = cairo_pop_group(cr)
        defer { cairo_pattern_destroy(maskPattern) }

        if opacity < 1 { cairo_push_group(cr) }
        cairo_set_source(cr, content)
        cairo_mask(cr, maskPattern)
        if opacity < 1 {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity)
        }
    }
}

extension Rasterizer {
    /// Draws what `drawItems` draws through `filter`: into a group, whose pixels are blurred (a blur)
    /// or whose blurred alpha is painted in the shadow's colour behind them (a shadow).
    func drawFiltered(_ filter: Filter, in cr: OpaquePointer, _ drawItems: (OpaquePointer) -> Void) {
        // Sigma is in points of the group's space; the group's pixels are device pixels.
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let scale = abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
        cairo_push_group(cr)
        drawItems(cr)
        let content = cairo_pop_group(cr)
        defer { cairo_pattern_destroy(content) }
        switch filter {
        case .blur(let sigma):
            blurPattern(content, sigma: sigma * scale)
            cairo_set_source(cr, content)
            cairo_paint(cr)
        case .shadow(let color, let sigma, let x, let y):
            if let shadow = copyPattern(content) {
                defer { cairo_pattern_destroy(shadow) }
                // Only its alpha is read (a mask), so only its alpha is blurred.
                blurPattern(shadow, sigma: sigma * scale, alphaOnly: true)
                cairo_save(cr)
                cairo_translate(cr, x.isFinite ? x : 0, y.isFinite ? y : 0)
                setSource(cr, color)
                cairo_mask(cr, shadow)
                cairo_restore(cr)
            }
            cairo_set_source(cr, content)
            cairo_paint(cr)
        }
    }

    /// Blurs the image surface behind a group pattern in place.
    private func blurPattern(_ pattern: OpaquePointer?, sigma: Double, alphaOnly: Bool = false) {
        guard sigma.isFinite, sigma > 0 else { return }
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(pattern, &surface) == CAIRO_STATUS_SUCCESS, let surface,
              cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else { return }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        GaussianBlur.blur(data, width: Int(cairo_image_surface_get_width(surface)),
                          height: Int(cairo_image_surface_get_height(surface)),
                          stride: Int(cairo_image_surface_get_stride(surface)), sigma: sigma, alphaOnly: alphaOnly)
        cairo_surface_mark_dirty(surface)
    }

    /// A copy of a group pattern (its surface's pixels, device offset and matrix); the caller destroys it.
    private func copyPattern(_ pattern: OpaquePointer?) -> OpaquePointer? {
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(pattern, &surface) == CAIRO_STATUS_SUCCESS, let surface,
              cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else { return nil }
        let width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface)
        guard let copy = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return nil }
        defer { cairo_surface_destroy(copy) }
        var dx = 0.0, dy = 0.0
        cairo_surface_get_device_offset(surface, &dx, &dy)
        cairo_surface_set_device_offset(copy, dx, dy)
        if let ccr = cairo_create(copy) {
            cairo_set_operator(ccr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_surface(ccr, surface, 0, 0)
            // Both surfaces share the device offset, so user (0, 0) is the same pixel in each.
            var identity = cairo_matrix_t()
            cairo_matrix_init_identity(&identity)
            cairo_pattern_set_matrix(cairo_get_source(ccr), &identity)
            cairo_paint(ccr)
            cairo_destroy(ccr)
        }
        let result = cairo_pattern_create_for_surface(copy)
        var matrix = cairo_matrix_t()
        cairo_pattern_get_matrix(pattern, &matrix)
        cairo_pattern_set_matrix(result, &matrix)
        return result
    }
}

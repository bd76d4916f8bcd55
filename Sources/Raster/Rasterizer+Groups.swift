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
        // What is drawn behind the group, for a material's backdrop: the surface the group is drawn on.
        let below = cairo_get_group_target(cr)
        // The children, through their filter, then through the projection.
        let drawItems = { (cr: OpaquePointer) in
            if let rect = group.flattened { self.drawFlattened(group.children, in: rect, cr) } else { self.draw(group.children, in: cr) }
        }
        let drawChildren = { (cr: OpaquePointer) in
            if let filter = group.filter { self.drawFiltered(filter, of: group.children, below: below, in: cr, drawItems) } else { drawItems(cr) }
        }
        let drawContent = { (cr: OpaquePointer) in
            guard let projection = group.projection else { return drawChildren(cr) }
            self.drawProjected(projection, contentBounds: self.unprojectedBounds(of: group, in: cr), source: group.source,
                               in: cr, drawChildren)
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
    ///
    /// The group is not cut at the clip or at the frame's edge: a view's blur and shadow are made from the
    /// whole view, as SwiftUI renders them, and only the result is clipped. A card dragged half out of the
    /// frame keeps the shadow its hidden part casts into the frame, and a blur does not fade at the edge.
    /// A material (`backdrop`) reads `below`, the surface the group is drawn on.
    func drawFiltered(_ filter: Filter, of children: [DisplayItem], below: OpaquePointer?, in cr: OpaquePointer,
                      _ drawItems: (OpaquePointer) -> Void) {
        // Sigma is in points of the group's space; the group's pixels are device pixels.
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let scale = abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
        guard let content = unclippedGroup(of: children, spread: spread(of: filter, matrix: m), in: cr, drawItems) else { return }
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
        case .backdrop(let sigma, let tint):
            if let backdrop = blurredBackdrop(below, sigma: sigma * scale, in: cr) {
                defer { cairo_pattern_destroy(backdrop) }
                cairo_set_source(cr, backdrop)
                cairo_mask(cr, content)
            }
            setSource(cr, tint)
            cairo_mask(cr, content)
        }
    }

    /// What `filter` does to positions, in device pixels: how far its blur spreads content, and how far it
    /// moves it (a shadow's offset).
    private func spread(of filter: Filter, matrix m: cairo_matrix_t) -> (blur: Double, dx: Double, dy: Double) {
        let scale = abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
        switch filter {
        case .blur(let sigma):
            return (DisplayItem.filterReach(sigma: sigma * scale), 0, 0)
        case .shadow(_, let sigma, let x, let y):
            let dx = x.isFinite ? x : 0, dy = y.isFinite ? y : 0
            return (DisplayItem.filterReach(sigma: sigma * scale), m.xx * dx + m.xy * dy, m.yx * dx + m.yy * dy)
        case .backdrop:
            // The children only give the material's region.
            return (0, 0, 0)
        }
    }

    /// What `drawItems` draws, as `cairo_push_group`/`cairo_pop_group` would give it (a pattern in device
    /// space), but on a surface of its own, not cut at `cr`'s clip and target: it holds the content that the
    /// filter can bring into the visible area (the clip grown by the blur's reach and the offset), with room
    /// for the blur to spread it; nil when nothing there can be seen.
    private func unclippedGroup(of children: [DisplayItem], spread: (blur: Double, dx: Double, dy: Double),
                                in cr: OpaquePointer, _ drawItems: (OpaquePointer) -> Void) -> OpaquePointer? {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        cairo_restore(cr)
        let reachX = spread.blur + abs(spread.dx), reachY = spread.blur + abs(spread.dy)
        var area = Rect(x: x0 - reachX, y: y0 - reachY, width: x1 - x0 + 2 * reachX, height: y1 - y0 + 2 * reachY)
        let transform = Transform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        if let painted = DisplayItem.paintedBounds(of: children, transform: transform, text: { self.inkBounds(of: $0, in: cr) }) {
            let grown = painted.insetBy(dx: -spread.blur - 1, dy: -spread.blur - 1)
            guard let both = area.intersection(grown) else { return nil }
            area = both
        }
        let left = area.minX.rounded(.down), top = area.minY.rounded(.down)
        let width = area.maxX.rounded(.up) - left, height = area.maxY.rounded(.up) - top
        guard width >= 1, height >= 1 else { return nil }
        guard [left, top].allSatisfy({ abs($0) < 1e9 }), width * height <= Double(Self.flattenedPixelLimit),
              width <= Double(Self.maximumPixelSide), height <= Double(Self.maximumPixelSide),
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            // Too large for a surface of its own: Cairo's group, cut at the clip as before.
            cairo_push_group(cr)
            drawItems(cr)
            return cairo_pop_group(cr)
        }
        defer { cairo_surface_destroy(surface) }
        // Device pixel (left, top) is the surface's first pixel, as in a group Cairo pushes.
        cairo_surface_set_device_offset(surface, -left, -top)
        guard let gcr = cairo_create(surface) else { return nil }
        cairo_set_font_options(gcr, fontOptions)
        cairo_set_matrix(gcr, &m)
        drawItems(gcr)
        cairo_destroy(gcr)
        cairo_surface_flush(surface)
        let pattern = cairo_pattern_create_for_surface(surface)
        cairo_pattern_set_matrix(pattern, &m)
        return pattern
    }

    /// The pixels of `surface` (what was drawn behind a material) under the current clip, and 3 sigmas
    /// around it, blurred by a Gaussian of `sigma` device pixels, as a pattern in `cr`'s user space; the
    /// caller destroys it.
    private func blurredBackdrop(_ surface: OpaquePointer?, sigma: Double, in cr: OpaquePointer) -> OpaquePointer? {
        guard let surface, cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 else { return nil }
        cairo_surface_flush(surface)
        guard let source = cairo_image_surface_get_data(surface) else { return nil }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
        // The clip's extents in device space, then in the surface's pixels, grown by the blur's reach.
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        var corners: [(Double, Double)] = []
        for (cx, cy) in [(x1, y1), (x2, y1), (x1, y2), (x2, y2)] {
            var x = cx, y = cy
            cairo_user_to_device(cr, &x, &y)
            corners.append((x, y))
        }
        let reach = DisplayItem.filterReach(sigma: sigma)
        let left = max(0, Int((corners.map(\.0).min()! + offsetX - reach).rounded(.down)))
        let top = max(0, Int((corners.map(\.1).min()! + offsetY - reach).rounded(.down)))
        let right = min(width, Int((corners.map(\.0).max()! + offsetX + reach).rounded(.up)))
        let bottom = min(height, Int((corners.map(\.1).max()! + offsetY + reach).rounded(.up)))
        guard right > left, bottom > top,
              let copy = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(right - left), Int32(bottom - top)) else { return nil }
        defer { cairo_surface_destroy(copy) }
        guard let target = cairo_image_surface_get_data(copy) else { return nil }
        let copyStride = Int(cairo_image_surface_get_stride(copy))
        for row in 0..<(bottom - top) {
            (target + row * copyStride).update(from: source + (top + row) * stride + left * 4, count: (right - left) * 4)
        }
        if sigma.isFinite, sigma > 0 {
            GaussianBlur.blur(target, width: right - left, height: bottom - top, stride: copyStride, sigma: sigma)
        }
        cairo_surface_mark_dirty(copy)
        // User space -> device (the current matrix) -> the copy's pixels.
        let pattern = cairo_pattern_create_for_surface(copy)
        var user = cairo_matrix_t(), shift = cairo_matrix_t(), matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &user)
        cairo_matrix_init_translate(&shift, offsetX - Double(left), offsetY - Double(top))
        cairo_matrix_multiply(&matrix, &user, &shift)
        cairo_pattern_set_matrix(pattern, &matrix)
        return pattern
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

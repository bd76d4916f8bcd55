import CCairo
import DisplayList
import Geometry

extension Rasterizer {
    /// The drawing budget's charge for one pixel a projection clears, scans or maps, in row crossings.
    /// Measured (release build, one core): about 4 ns a projected pixel against about 54 ns a row
    /// crossing (a 1,800-segment zigzag across 1,000 rows), so 0.08; charged a little above.
    public static let projectedPixelCost = 0.1

    /// Draws what `drawContent` draws through `projection` (in user space): Cairo has only affine
    /// transforms, so the content is drawn into an image at the current transform, and that image is
    /// mapped through the projection in device pixels (`ProjectiveWarp`) and painted.
    ///
    /// The image holds the content the projection can bring into `cr`'s clip (the frame, or the surface
    /// a layer or an outer projection draws into), not only what lies inside it before the turn: the
    /// clip's preimage when all its corners are in front of the eye, within the clip grown by its own
    /// size on each side, and within `contentBounds` (device pixels), what the content paints when that
    /// is known. A view partly off the canvas keeps the part the turn brings in.
    ///
    /// Its pixel work counts toward the frame's drawing budget (`CoverageMeter`): `projectedPixelCost`
    /// per pixel of that image (cleared and scanned) and per pixel mapped.
    func drawProjected(_ projection: ProjectionTransform, contentBounds: Rect?, source: String, in cr: OpaquePointer,
                       _ drawContent: (OpaquePointer) -> Void) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let ctm = Transform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        guard let userFromDevice = ctm.inverted else { return }
        // Device pixels of the content -> user space -> projected -> device pixels.
        let forward = ProjectionTransform(userFromDevice).concatenating(projection).concatenating(ProjectionTransform(ctm))
        guard let inverse = forward.inverted, frameWidth > 0, frameHeight > 0,
              let target = deviceClipPixels(cr) else { return }
        guard let region = sourcePixels(for: target, inverse: inverse, contentBounds: contentBounds) else { return }
        let (sx0, sy0) = (region.x0, region.y0)
        let width = Int32(region.x1 - region.x0), height = Int32(region.y1 - region.y0)
        coverage.add(Double(width) * Double(height) * Self.projectedPixelCost, source: source)
        guard !coverage.isOver else { return }

        guard let content = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return }
        defer { cairo_surface_destroy(content) }
        guard cairo_surface_status(content) == CAIRO_STATUS_SUCCESS else { return }
        // Device pixel (sx0, sy0) is the image's first pixel.
        cairo_surface_set_device_offset(content, -Double(sx0), -Double(sy0))
        guard let ccr = cairo_create(content) else { return }
        cairo_set_font_options(ccr, fontOptions)
        cairo_set_matrix(ccr, &m)
        drawContent(ccr)
        cairo_destroy(ccr)
        cairo_surface_flush(content)
        guard let data = cairo_image_surface_get_data(content) else { return }
        let warp = ProjectiveWarp(source: UnsafePointer(data), originX: sx0, originY: sy0, width: Int(width),
                                  height: Int(height), stride: Int(cairo_image_surface_get_stride(content)),
                                  inverse: inverse)
        guard let (x0, y0, x1, y1) = warp.visibleBounds() else { return }

        // Where the visible content lands: its corners' images when all are in front of the eye,
        // else anywhere in the target.
        var (dx0, dy0, dx1, dy1) = (target.x0, target.y0, target.x1, target.y1)
        let corners = [Point(Double(sx0 + x0) - 1, Double(sy0 + y0) - 1), Point(Double(sx0 + x1) + 1, Double(sy0 + y0) - 1),
                       Point(Double(sx0 + x0) - 1, Double(sy0 + y1) + 1), Point(Double(sx0 + x1) + 1, Double(sy0 + y1) + 1)]
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

    /// A box of whole device pixels, end exclusive.
    struct PixelBox: Equatable {
        var x0: Int, y0: Int, x1: Int, y1: Int

        var area: Int { (x1 - x0) * (y1 - y0) }

        /// The pixels of this box that `rect` touches (finite), nil when none.
        func intersection(_ rect: Rect) -> PixelBox? {
            let left = max(Double(x0), rect.minX.rounded(.down)), top = max(Double(y0), rect.minY.rounded(.down))
            let right = min(Double(x1), rect.maxX.rounded(.up)), bottom = min(Double(y1), rect.maxY.rounded(.up))
            guard right > left, bottom > top else { return nil }
            return PixelBox(x0: Int(left), y0: Int(top), x1: Int(right), y1: Int(bottom))
        }
    }

    /// The device pixels `cr` can draw on: its clip's extents, on whole pixels; nil when empty.
    private func deviceClipPixels(_ cr: OpaquePointer) -> PixelBox? {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        cairo_restore(cr)
        guard [x0, y0, x1, y1].allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else { return nil }
        let all = PixelBox(x0: Int(x0.rounded(.down)), y0: Int(y0.rounded(.down)), x1: Int(x1.rounded(.up)), y1: Int(y1.rounded(.up)))
        return all.x1 > all.x0 && all.y1 > all.y0 ? all : nil
    }

    /// The device pixels of the content a projection (device to device, `inverse` from output to source)
    /// can bring into `target`: the target's preimage (its corners mapped back, 2 pixels more for the
    /// bilinear samples' neighbours) when all four corners are in front of the eye (w > 0 there, so on
    /// the whole rectangle, whose preimage is then the quadrilateral of the corners' images), within
    /// the target grown by its own size on each side, and within `contentBounds` grown by a pixel for
    /// anti-aliasing; nil when nothing there can be seen. An image over `flattenedPixelLimit` pixels
    /// and larger than the target, or wider or taller than Cairo allows, is cut at the target, as when
    /// only the frame was drawn.
    private func sourcePixels(for target: PixelBox, inverse: ProjectionTransform, contentBounds: Rect?) -> PixelBox? {
        let tw = target.x1 - target.x0, th = target.y1 - target.y0
        var region = PixelBox(x0: target.x0 - tw, y0: target.y0 - th, x1: target.x1 + tw, y1: target.y1 + th)
        let corners = [Point(Double(target.x0), Double(target.y0)), Point(Double(target.x1), Double(target.y0)),
                       Point(Double(target.x0), Double(target.y1)), Point(Double(target.x1), Double(target.y1))]
        let preimages = corners.compactMap(inverse.apply)
        let xs = preimages.map(\.x), ys = preimages.map(\.y)
        if preimages.count == 4, let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
           (xs + ys).allSatisfy(\.isFinite) {
            guard let seen = region.intersection(Rect(x: minX - 2, y: minY - 2, width: maxX - minX + 4, height: maxY - minY + 4)) else { return nil }
            region = seen
        }
        if let box = contentBounds, [box.minX, box.minY, box.maxX, box.maxY].allSatisfy(\.isFinite) {
            guard let painted = region.intersection(box.insetBy(dx: -1, dy: -1)) else { return nil }
            region = painted
        }
        let side = Self.maximumPixelSide
        guard region.area > max(target.area, Self.flattenedPixelLimit) || region.x1 - region.x0 > side
                || region.y1 - region.y0 > side else { return region }
        let cut = PixelBox(x0: max(region.x0, target.x0), y0: max(region.y0, target.y0),
                           x1: min(region.x1, target.x1), y1: min(region.y1, target.y1))
        return cut.x1 > cut.x0 && cut.y1 > cut.y0 ? cut : nil
    }

    /// The device box of what `group`'s children paint (its filter included) through the current
    /// transform, before its projection; nil when that is not known.
    func unprojectedBounds(of group: GroupItem, in cr: OpaquePointer) -> Rect? {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let transform = Transform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        var content = group
        content.projection = nil
        content.transform = .identity
        content.clip = nil
        content.mask = nil
        content.opacity = 1
        return DisplayItem.paintedBounds(of: [.group(content)], transform: transform, text: { self.inkBounds(of: $0, in: cr) })
    }
}

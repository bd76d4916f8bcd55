import CCairo
import CPango
import DisplayList
import Geometry

extension Rasterizer {
    /// The largest font size drawn, in device pixels: 8192.
    public static let maxTextPixels = 8192.0

    /// Draws laid-out text with the top-left of its layout box at the item's origin.
    ///
    /// The text is laid out as it was measured, at the canvas scale with no other transform, and the
    /// layout is then drawn through the current transform: a scale, rotation or projection of the text
    /// transforms its glyphs and never re-wraps or re-spaces it (Pango would otherwise hint its metrics
    /// to the transformed pixel grid, and a non-uniform scale wraps a line one letter at a time).
    func draw(_ item: TextItem, in cr: OpaquePointer) {
        withLayout(of: item, in: cr, refused: { pixels in
            if pixels > oversizedText.pixels { oversizedText = (pixels, item.source) }
        }) { layout in
            countLargeGlyphs(item, in: cr)
            cairo_move_to(cr, item.origin.x, item.origin.y)
            pango_cairo_show_layout(cr, layout)
            cairo_new_path(cr)
        }
        releaseGlyphCachesIfLarge()
    }

    /// The box `item`'s glyphs cover, in its own coordinates: Pango's ink extents of the layout `draw`
    /// makes, grown by a point for the hinting of glyphs drawn through other transforms; nil when the text
    /// would not be drawn. Kept for the last texts asked about, since a translucent label asks every frame.
    func inkBounds(of item: TextItem, in cr: OpaquePointer) -> Rect? {
        if let kept = textInkCache.first(where: { $0.item == item && $0.scale == canvasScale }) { return kept.ink }
        let ink = withLayout(of: item, in: cr) { layout in
            var box = PangoRectangle()
            pango_layout_get_extents(layout, &box, nil)
            let unit = Double(PANGO_SCALE)
            return Rect(x: item.origin.x + Double(box.x) / unit - 1, y: item.origin.y + Double(box.y) / unit - 1,
                        width: Double(box.width) / unit + 2, height: Double(box.height) / unit + 2)
        }
        if textInkCache.count >= 32 { textInkCache.removeFirst() }
        textInkCache.append((item, canvasScale, ink))
        return ink
    }

    /// Calls `body`, under the font lock, with the layout of `item` that `draw` draws: laid out at the
    /// canvas scale, `cr`'s transform left as it was. nil when the text is not drawn: at no finite place,
    /// or with glyphs over `maxTextPixels` through `cr`'s transform (given to `refused`), which make
    /// FreeType fail and Pango print warnings.
    private func withLayout<Result>(of item: TextItem, in cr: OpaquePointer, refused: (Double) -> Void = { _ in },
                                    _ body: (OpaquePointer) -> Result) -> Result? {
        guard item.origin.x.isFinite, item.origin.y.isFinite else { return nil }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let pixels = (item.runs.map(\.font.size).max() ?? 0) * abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
        guard pixels <= Self.maxTextPixels else {
            refused(pixels)
            return nil
        }
        return FontLock.withLock {
            var measured = cairo_matrix_t()
            cairo_matrix_init_scale(&measured, canvasScale, canvasScale)
            cairo_set_matrix(cr, &measured)
            let made = makeLayout(for: item, in: cr)
            cairo_set_matrix(cr, &m)
            guard let layout = made else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            return body(layout)
        }
    }

    /// A layout of `item` for drawing with `cr`'s current transform; the caller unrefs it.
    func makeLayout(for item: TextItem, in cr: OpaquePointer) -> OpaquePointer? {
        pango_cairo_update_context(cr, pangoContext)
        return PangoText.makeLayout(in: pangoContext, runs: item.runs, width: item.width,
                                    alignment: item.alignment, lineLimit: item.lineLimit)
    }
}

extension Rasterizer {
    /// The metrics of `item`'s layout as this rasterizer lays it out for drawing at `scale`
    /// (lets tests check that drawing and `TextMeasurer` agree).
    func drawnMetrics(of item: TextItem, scale: Double) throws -> TextMetrics {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else {
            throw RasterError("cannot create a surface")
        }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { throw RasterError("cannot create a Cairo context") }
        defer { cairo_destroy(cr) }
        cairo_set_font_options(cr, fontOptions)
        cairo_scale(cr, scale, scale)
        return FontLock.withLock {
            guard let layout = makeLayout(for: item, in: cr) else { return .zero }
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            return PangoText.metrics(of: layout)
        }
    }
}

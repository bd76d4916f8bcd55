import CCairo
import CPango
import DisplayList

/// Keeping the memory of large glyphs bounded.
///
/// Cairo keeps the bitmap of every glyph it draws with the scaled font (a font at one size and transform)
/// that drew it: in pages of a global cache of 512 pages, and for up to 256 fonts no longer used (its
/// "holdovers"), besides the fonts Pango's font map keeps. A glyph of a 2000 pt font at scale 2 is a
/// bitmap of about 16 MB, and text in many distinct large sizes (a `forEach` of sizes, a size animated
/// over frames) made a new scaled font each, holding 0.9 to 1.5 GB in one frame. So once the large glyphs
/// a rasterizer has drawn pass `largeGlyphLimit` pixels, after the text that passed it (within a frame
/// too) it releases its Pango font map (whose fonts hold their scaled fonts), makes a new one, and pushes
/// the released fonts out of Cairo's holdovers, which frees their glyphs. Fonts and glyphs are made again
/// as needed, with the same pixels.
///
/// Cairo documents no call that empties its font caches while other Cairo objects live
/// (`cairo_debug_reset_static_data` requires that none do); the holdovers are freed here through public
/// calls: a scaled font destroyed with no reference left becomes a holdover and the oldest of the 256 is
/// finished, so 256 small throwaway fonts push out every earlier one.
extension Rasterizer {
    /// Glyphs at least this many device pixels high count as large: 256 px (a 128 pt title at scale 2 and
    /// smaller text never count).
    static let largeGlyphPixels = 256.0
    /// Pixels of large glyphs' em squares drawn before the caches are released: 128 million, at most
    /// 128 MB of 8-bit glyph bitmaps (a glyph's bitmap is its ink box, smaller than its em square).
    static let largeGlyphLimit = 128.0 * 1024 * 1024
    /// How many fonts Cairo keeps after their last use (`CAIRO_SCALED_FONT_MAX_HOLDOVERS` in Cairo 1.16).
    static let cairoHoldovers = 256

    /// Counts the em squares of `item`'s large glyphs, at their device size through `cr`'s transform.
    func countLargeGlyphs(_ item: TextItem, in cr: OpaquePointer) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let scale = abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
        for run in item.runs {
            let em = run.font.size * scale
            guard em >= Self.largeGlyphPixels, em.isFinite else { continue }
            largeGlyphPixels += Double(run.text.unicodeScalars.count) * em * em
        }
    }

    /// Releases the font caches once the large glyphs drawn since the last release pass `largeGlyphLimit`.
    /// Not under the font lock (it takes it); no layout of the old font map may be alive.
    func releaseGlyphCachesIfLarge() {
        guard largeGlyphPixels > Self.largeGlyphLimit else { return }
        largeGlyphPixels = 0
        FontLock.withLock {
            if let pangoContext { g_object_unref(UnsafeMutableRawPointer(pangoContext)) }
            if let fontMap { g_object_unref(fontMap) }
            fontMap = pango_cairo_font_map_new()
            pangoContext = fontMap.flatMap { PangoText.makeContext(fontMap: $0, fontOptions: fontOptions) }
            Self.pushOutCairoHoldovers()
        }
    }

    /// Makes and destroys `cairoHoldovers` small scaled fonts of distinct sizes, each of which becomes a
    /// holdover and finishes the oldest one. Called under the font lock.
    static func pushOutCairoHoldovers() {
        guard let face = cairo_toy_font_face_create("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL) else { return }
        defer { cairo_font_face_destroy(face) }
        guard let options = cairo_font_options_create() else { return }
        defer { cairo_font_options_destroy(options) }
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        for k in 0..<cairoHoldovers {
            // Sizes no text uses: 1 pt plus a millionth of a point per font.
            var size = cairo_matrix_t()
            let s = 1 + Double(k + 1) * 1e-6
            cairo_matrix_init_scale(&size, s, s)
            if let font = cairo_scaled_font_create(face, &size, &identity, options) { cairo_scaled_font_destroy(font) }
        }
    }
}

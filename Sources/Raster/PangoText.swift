import CCairo
import CPango
import DisplayList
import Geometry

/// The Pango setup shared by drawing and measuring, so both lay text out identically.
///
/// Hinting is off and glyph positions are not rounded, so a layout's metrics are the same whatever
/// the transform of the context it is drawn in.
enum PangoText {
    /// A new Cairo font-options object for text: gray antialiasing, no hinting; the caller destroys it.
    static func makeFontOptions() -> OpaquePointer? {
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        return options
    }

    /// A new Pango context on `fontMap` configured with `fontOptions`; the caller unrefs it.
    static func makeContext(fontMap: UnsafeMutablePointer<PangoFontMap>,
                            fontOptions: OpaquePointer?) -> OpaquePointer? {
        let context = pango_font_map_create_context(fontMap)
        pango_cairo_context_set_font_options(context, fontOptions)
        pango_context_set_round_glyph_positions(context, 0)
        return context
    }

    /// A new layout of `runs` in `context`; the caller unrefs it. Nil when there is no text.
    ///
    /// A `width` wraps at word (else character) boundaries; `alignment` places lines within `width`,
    /// or within the widest line when `width` is nil. `lineLimit` counts the lines of the whole text, as
    /// SwiftUI's `lineLimit` does, and ellipsizes the last one only when a width is set.
    static func makeLayout(in context: OpaquePointer?, runs: [TextRun], width: Double?,
                           alignment: TextAlignment, lineLimit: Int?) -> OpaquePointer? {
        // Pango stops at NUL characters; they have no glyph anyway. Pango limits lines per paragraph, so
        // with a line limit, line feeds become line separators (U+2028): the same breaks in one paragraph.
        let texts = runs.map { layoutText($0.text, oneParagraph: lineLimit != nil) }
        let string = texts.joined()
        guard !string.isEmpty, let first = runs.first, let layout = pango_layout_new(context) else { return nil }

        let baseFont = fontDescription(first.font)
        pango_layout_set_font_description(layout, baseFont)
        pango_font_description_free(baseFont)

        let attributes = pango_attr_list_new()
        var start: UInt32 = 0
        for (run, text) in zip(runs, texts) where !text.isEmpty {
            let end = start + UInt32(text.utf8.count)
            let font = fontDescription(run.font)
            insert(pango_attr_font_desc_new(font), from: start, to: end, into: attributes)
            pango_font_description_free(font)
            let color = run.color
            insert(pango_attr_foreground_new(channel(color.red), channel(color.green), channel(color.blue)),
                   from: start, to: end, into: attributes)
            // Pango reads a foreground alpha of 0 as "unset" (opaque); 1/65535 rounds to 0 in 8 bits.
            insert(pango_attr_foreground_alpha_new(max(1, channel(color.alpha))),
                   from: start, to: end, into: attributes)
            if run.baselineOffset != 0, run.baselineOffset.isFinite {
                insert(pango_attr_rise_new(pangoUnits(run.baselineOffset)), from: start, to: end, into: attributes)
            }
            start = end
        }
        string.withCString { pango_layout_set_text(layout, $0, Int32(clamping: string.utf8.count)) }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)

        if let width, width.isFinite, width >= 0 {
            pango_layout_set_width(layout, pangoUnits(width))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        switch alignment {
        case .leading: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        if let lineLimit, lineLimit > 0 {
            pango_layout_set_height(layout, -Int32(clamping: lineLimit))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        return layout
    }

    /// `text` without NUL characters; with `oneParagraph`, its paragraph breaks (LF, CR, CR LF, U+2029)
    /// become line separators, which Pango breaks lines at without starting a paragraph.
    static func layoutText(_ text: String, oneParagraph: Bool) -> String {
        var scalars = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\0" { continue }
            guard oneParagraph, ["\n", "\r", "\u{2029}"].contains(scalar) else { scalars.append(scalar); continue }
            if scalar == "\n", previous == "\r" { continue }
            scalars.append("\u{2028}")
        }
        return String(scalars)
    }

    /// The logical size, first baseline and line count of `layout`, in its user units (points).
    static func metrics(of layout: OpaquePointer?) -> TextMetrics {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        return TextMetrics(size: Size(Double(logical.width) / scale, Double(logical.height) / scale),
                           firstBaseline: Double(pango_layout_get_baseline(layout)) / scale,
                           lineCount: Int(pango_layout_get_line_count(layout)))
    }

    /// A Pango font description for `font`, with its size absolute in user units; the caller frees it.
    static func fontDescription(_ font: Font) -> OpaquePointer? {
        let description = pango_font_description_new()
        pango_font_description_set_family(description, font.family)
        // Sizes below one Pango unit or absurdly large ones would make singular or huge font matrices.
        let size = font.size.isFinite ? min(max(font.size, 1 / Double(PANGO_SCALE)), 10_000) : 17
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight.value)))
        pango_font_description_set_style(description, font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        return description
    }

    private static func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, from start: UInt32,
                               to end: UInt32, into list: OpaquePointer?) {
        guard let attribute else { return }
        attribute.pointee.start_index = start
        attribute.pointee.end_index = end
        pango_attr_list_insert(list, attribute)
    }

    /// A colour component in 0...1 as Pango's 0...65535.
    private static func channel(_ value: Double) -> UInt16 {
        guard value > 0 else { return 0 }
        return UInt16(min(value, 1) * 65535 + 0.5)
    }

    /// Points as Pango units, clamped to a range Pango can hold.
    static func pangoUnits(_ points: Double) -> Int32 {
        guard points.isFinite else { return 0 }
        return Int32((min(max(points, -1_000_000), 1_000_000) * Double(PANGO_SCALE)).rounded())
    }
}

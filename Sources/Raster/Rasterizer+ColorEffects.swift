import CCairo
import DisplayList

extension Rasterizer {
    /// Draws children into a group, transforms the group's pixels by the colour matrix, and composites
    /// the group with the blend mode.
    func draw(_ effect: ColorEffectItem, in cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        clipToPaintedBounds(of: [.colorEffect(effect)], in: cr)
        cairo_push_group(cr)
        draw(effect.children, in: cr)
        guard let pattern = cairo_pop_group(cr) else { return }
        defer { cairo_pattern_destroy(pattern) }
        if let matrix = effect.matrix, matrix != .identity {
            var surface: OpaquePointer?
            if cairo_pattern_get_surface(pattern, &surface) == CAIRO_STATUS_SUCCESS, let surface {
                Self.apply(matrix, to: surface)
            }
        }
        cairo_set_source(cr, pattern)
        cairo_set_operator(cr, Self.cairoOperator(effect.blendMode))
        cairo_paint(cr)
    }

    /// The Cairo operator for a SwiftUI blend mode (both follow the PDF / Core Graphics definitions).
    static func cairoOperator(_ mode: BlendMode) -> cairo_operator_t {
        switch mode {
        case .normal: return CAIRO_OPERATOR_OVER
        case .multiply: return CAIRO_OPERATOR_MULTIPLY
        case .screen: return CAIRO_OPERATOR_SCREEN
        case .overlay: return CAIRO_OPERATOR_OVERLAY
        case .darken: return CAIRO_OPERATOR_DARKEN
        case .lighten: return CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: return CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: return CAIRO_OPERATOR_COLOR_BURN
        case .softLight: return CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: return CAIRO_OPERATOR_HARD_LIGHT
        case .difference: return CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: return CAIRO_OPERATOR_EXCLUSION
        case .hue: return CAIRO_OPERATOR_HSL_HUE
        case .saturation: return CAIRO_OPERATOR_HSL_SATURATION
        case .color: return CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: return CAIRO_OPERATOR_HSL_LUMINOSITY
        case .sourceAtop: return CAIRO_OPERATOR_ATOP
        case .destinationOver: return CAIRO_OPERATOR_DEST_OVER
        case .destinationOut: return CAIRO_OPERATOR_DEST_OUT
        case .plusLighter: return CAIRO_OPERATOR_ADD
        }
    }

    /// Transforms a surface's premultiplied ARGB32 pixels in place: unpremultiply, matrix, clamp,
    /// premultiply.
    static func apply(_ matrix: ColorMatrix, to surface: OpaquePointer) {
        cairo_surface_flush(surface)
        guard let image = cairo_surface_map_to_image(surface, nil) else { return }
        defer {
            cairo_surface_mark_dirty(image)
            cairo_surface_unmap_image(surface, image)
        }
        guard cairo_image_surface_get_format(image) == CAIRO_FORMAT_ARGB32,
              let data = cairo_image_surface_get_data(image) else { return }
        let width = Int(cairo_image_surface_get_width(image)), height = Int(cairo_image_surface_get_height(image))
        let stride = Int(cairo_image_surface_get_stride(image))
        let m = matrix.m
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
        for y in 0..<height {
            let row = (data + y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
            for x in 0..<width {
                let p = row[x]
                let a = Double(p >> 24) / 255
                // Fully transparent pixels have no colour; the matrix can still give them alpha only
                // through its alpha row's bias, which SwiftUI's colour effects never set.
                guard a > 0 else { continue }
                let r = Double((p >> 16) & 0xff) / 255 / a
                let g = Double((p >> 8) & 0xff) / 255 / a
                let b = Double(p & 0xff) / 255 / a
                let r2 = clamp(m[0] * r + m[1] * g + m[2] * b + m[3] * a + m[4])
                let g2 = clamp(m[5] * r + m[6] * g + m[7] * b + m[8] * a + m[9])
                let b2 = clamp(m[10] * r + m[11] * g + m[12] * b + m[13] * a + m[14])
                let a2 = clamp(m[15] * r + m[16] * g + m[17] * b + m[18] * a + m[19])
                func byte(_ v: Double) -> UInt32 { UInt32((v * a2 * 255).rounded()) }
                row[x] = UInt32((a2 * 255).rounded()) << 24 | byte(r2) << 16 | byte(g2) << 8 | byte(b2)
            }
        }
    }
}

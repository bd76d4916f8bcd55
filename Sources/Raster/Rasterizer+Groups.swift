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
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_transform(cr, &matrix)
        if let clip = group.clip {
            cairo_new_path(cr)
            appendPath(clip, to: cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_clip(cr)
        }

        let mask = group.mask
        guard opacity < 1 || mask != nil else { return draw(group.children, in: cr) }

        cairo_push_group(cr)
        draw(group.children, in: cr)
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

import CCairo
import DisplayList
import Geometry

extension Rasterizer {
    /// Narrows `cr`'s clip to what `items` can paint (`DisplayItem.paintedBounds`) before a layer is pushed,
    /// so the layer's surface is as small as its content: Cairo sizes a group to the clip's extents.
    ///
    /// The clip is the device pixels the bounds touch, one more on every side for anti-aliasing, on whole
    /// pixels: it adds no partial coverage, so the pixels are the same as with a full-frame layer. A
    /// translucent circle of 40 points on a 2700 x 2700 px frame draws into 126 x 126 px instead of the
    /// frame; nested translucent layers no longer hold a frame each.
    func clipToPaintedBounds(of items: [DisplayItem], in cr: OpaquePointer) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let transform = Transform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        guard let box = DisplayItem.paintedBounds(of: items, transform: transform, text: { self.inkBounds(of: $0, in: cr) }),
              [box.minX, box.minY, box.maxX, box.maxY].allSatisfy({ abs($0) < 1e9 }) else { return }
        let left = (box.minX - 1).rounded(.down), top = (box.minY - 1).rounded(.down)
        let right = (box.maxX + 1).rounded(.up), bottom = (box.maxY + 1).rounded(.up)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, left, top, right - left, bottom - top)
        cairo_restore(cr)
        cairo_clip(cr)
    }
}

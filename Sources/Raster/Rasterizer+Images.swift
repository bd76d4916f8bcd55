import CCairo
import DisplayList
import Pixels

extension Rasterizer {
    /// How many premultiplied images a rasterizer keeps for reuse.
    static let imageCacheLimit = 8

    /// Draws an image scaled to fill its rectangle, with bilinear filtering and crisp edges.
    func draw(_ item: ImageItem, in cr: OpaquePointer) {
        let image = item.image, rect = item.rect
        guard image.width > 0, image.height > 0, rect.width.isFinite, rect.height.isFinite,
              rect.width != 0, rect.height != 0, rect.minX.isFinite, rect.minY.isFinite,
              let source = imageSurface(for: image) else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / Double(image.width), rect.height / Double(image.height))
        cairo_set_source_surface(cr, source, 0, 0)
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        // Padding keeps the edge pixels' colour up to the rectangle instead of fading to transparent.
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_new_path(cr)
        cairo_rectangle(cr, 0, 0, Double(image.width), Double(image.height))
        cairo_fill(cr)
    }

    /// A premultiplied surface for `image`, from the cache when the same image was drawn recently.
    private func imageSurface(for image: PixelImage) -> OpaquePointer? {
        // Comparing arrays that share storage is immediate, so the usual hit costs nothing.
        if let index = imageCache.firstIndex(where: { $0.image == image }) {
            let entry = imageCache.remove(at: index)
            imageCache.append(entry)
            return entry.surface
        }
        guard let surface = try? CairoPixels.surface(from: image) else { return nil }
        if imageCache.count >= Self.imageCacheLimit {
            cairo_surface_destroy(imageCache.removeFirst().surface)
        }
        imageCache.append((image, surface))
        return surface
    }
}

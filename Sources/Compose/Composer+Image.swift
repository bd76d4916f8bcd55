import DisplayList
import Geometry
import SceneFormat

/// Images: `Image(...)`, `.resizable()` and `.aspectRatio(contentMode:)`.
extension Composer {
    /// The size an image takes: its own (one point per pixel) unless resizable; resizable, the offer
    /// (stretch), the largest size inside it (fit) or the smallest covering it (fill), keeping the
    /// image's aspect ratio. An unspecified dimension follows the other, or the image's own size.
    func imageSize(_ image: ImageSpec, _ proposal: Proposal) throws(SceneError) -> Size {
        let natural = try naturalSize(image)
        guard image.resizable, natural.width > 0, natural.height > 0 else { return natural }
        switch (proposal.width, proposal.height) {
        case (nil, nil):
            return natural
        case (let width?, nil):
            return image.contentMode == .stretch ? Size(width, natural.height) : Size(width, width * natural.height / natural.width)
        case (nil, let height?):
            return image.contentMode == .stretch ? Size(natural.width, height) : Size(height * natural.width / natural.height, height)
        case (let width?, let height?):
            let sx = width / natural.width, sy = height / natural.height
            switch image.contentMode {
            case .stretch: return Size(width, height)
            case .fit: return Size(natural.width * min(sx, sy), natural.height * min(sx, sy))
            case .fill: return Size(natural.width * max(sx, sy), natural.height * max(sx, sy))
            }
        }
    }

    /// The image drawn scaled into the rectangle its layout gave it.
    func renderImage(_ image: ImageSpec, in rect: Rect) throws(SceneError) -> [DisplayItem] {
        guard var item = images.items[image.file] else { throw notLoaded(image) }
        item.rect = rect
        return [.image(item)]
    }

    private func naturalSize(_ image: ImageSpec) throws(SceneError) -> Size {
        guard let size = images.naturalSize(of: image.file) else { throw notLoaded(image) }
        return size
    }

    private func notLoaded(_ image: ImageSpec) -> SceneError {
        SceneError(path: image.path, location: image.location, message: "the image \"\(image.file)\" was not loaded")
    }
}

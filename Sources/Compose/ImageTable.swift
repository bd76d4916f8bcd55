import DisplayList
import Geometry

/// The scene's images, loaded once before rendering, by the file name the scene gives
/// (`"photos/a.png"`). Compose never reads files: the library facade loads them and hands this over.
public struct ImageTable: Sendable {
    /// Each image as an item at the origin, sized one point per pixel.
    var items: [String: ImageItem]

    /// A table of images by file name as written in the scene.
    public init(_ items: [String: ImageItem] = [:]) {
        self.items = items
    }

    /// The image's own size: one point per pixel.
    func naturalSize(of file: String) -> Size? {
        items[file].map { $0.rect.size }
    }
}

/// SwiftUI `Image(...)`: a PNG file, at its own size or `.resizable()`, with `.aspectRatio(contentMode:)`.
public struct ImageSpec: Sendable {
    /// How a resizable image fits the size it is offered.
    public enum ContentMode: String, Sendable, CaseIterable {
        /// Stretched to the offered size (`.resizable()` alone).
        case stretch
        /// As large as fits inside the offered size, keeping its aspect ratio (`.aspectRatio(contentMode: .fit)`).
        case fit
        /// As small as covers the offered size, keeping its aspect ratio; it overflows (`.aspectRatio(contentMode: .fill)`).
        case fill
    }

    /// The file, relative to the scene file's folder.
    public var file: String
    /// `.resizable()`: false draws the image at its pixel size, one point per pixel.
    public var resizable: Bool
    public var contentMode: ContentMode
    public var path: JSONPath
    public var location: SourceLocation

    public init(file: String, resizable: Bool, contentMode: ContentMode, path: JSONPath, location: SourceLocation) {
        self.file = file
        self.resizable = resizable
        self.contentMode = contentMode
        self.path = path
        self.location = location
    }
}

import Compose
import DisplayList
import Foundation
import Geometry
import Pixels
import Raster
import SceneFormat

/// Loads a scene's PNG images once, before rendering, into the table the composer draws from.
enum SceneImages {
    /// The largest image file read: 16 MiB.
    static let maxFileBytes = 16 << 20
    /// The longest side of an image: 4096 pixels (an RGBA image then takes at most 64 MiB).
    static let maxSide = 4096

    /// Every image the scene uses, by file name as the scene writes it; relative names are read from the
    /// scene file's folder. Errors name the image view's JSON path.
    static func load(_ scene: Scene) throws(SceneError) -> ImageTable {
        var items: [String: ImageItem] = [:]
        for spec in scene.imageSpecs where items[spec.file] == nil {
            let image = try read(spec, from: scene.directory ?? ".")
            items[spec.file] = ImageItem(image: image, rect: Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)))
        }
        return ImageTable(items)
    }

    /// The PNG of one image view, checked against the limits before it is decoded.
    static func read(_ spec: ImageSpec, from directory: String) throws(SceneError) -> PixelImage {
        func failure(_ message: String) -> SceneError {
            SceneError(path: spec.path, location: spec.location, message: "image \"\(spec.file)\": \(message)")
        }
        let path = spec.file.hasPrefix("/") ? spec.file : (directory as NSString).appendingPathComponent(spec.file)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw failure("no such file (looked for \(path))")
        }
        guard !isDirectory.boolValue else { throw failure("is a directory, not a PNG file") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maxFileBytes else {
            throw failure("the file is \(size) bytes; images are limited to \(maxFileBytes) bytes (16 MiB)")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw failure("cannot read the file (permissions?)") }
        let header = [UInt8]((try? handle.read(upToCount: 24)) ?? Data())
        try? handle.close()
        guard let (width, height) = pngSize(header) else { throw failure("not a PNG file") }
        guard width > 0, height > 0, width <= maxSide, height <= maxSide else {
            throw failure("the image is \(width) x \(height) px; images are limited to \(maxSide) px a side")
        }
        do {
            return try PNGFile.read(path: path)
        } catch {
            throw failure("cannot decode the PNG file")
        }
    }

    /// The width and height in a PNG file's header (signature, then the IHDR chunk), or nil if the
    /// bytes do not start a PNG file.
    static func pngSize(_ header: [UInt8]) -> (Int, Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard header.count >= 24, Array(header[0..<8]) == signature, Array(header[12..<16]) == Array("IHDR".utf8) else {
            return nil
        }
        func word(_ at: Int) -> Int { header[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }
}

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

    /// The most memory all of a scene's decoded images may take: 256 MiB (four images of 4096 x 4096).
    static let maxTotalBytes = 256 << 20

    /// Every image the scene uses, by file name as the scene writes it; relative names are read from the
    /// scene file's folder. Each real file (device and inode) is read and decoded once, however many
    /// spellings of its path the scene uses. Errors name the image view's JSON path.
    static func load(_ scene: Scene) throws(SceneError) -> ImageTable {
        // First every file is opened, read and its size checked; only then is any decoded.
        var files: [(spec: ImageSpec, identity: FileIdentity)] = []
        var bytesByFile: [FileIdentity: (spec: ImageSpec, bytes: [UInt8])] = [:]
        var totalBytes = 0
        var seen: Set<String> = []
        for spec in scene.imageSpecs where seen.insert(spec.file).inserted {
            let file = try open(spec, from: scene.directory ?? ".")
            files.append((spec, file.identity))
            if bytesByFile[file.identity] == nil {
                bytesByFile[file.identity] = (spec, try read(spec, file, totalBytes: &totalBytes))
            }
        }
        var decoded: [FileIdentity: ImageItem] = [:]
        var items: [String: ImageItem] = [:]
        for (spec, identity) in files {
            if decoded[identity] == nil, let (first, bytes) = bytesByFile[identity] {
                let image = try decode(first, bytes)
                decoded[identity] = ImageItem(image: image, rect: Rect(x: 0, y: 0, width: Double(image.width),
                                                                       height: Double(image.height)))
                bytesByFile[identity] = nil
            }
            items[spec.file] = decoded[identity]
        }
        return ImageTable(items)
    }

    static func failure(_ spec: ImageSpec, _ message: String) -> SceneError {
        SceneError(path: spec.path, location: spec.location, message: "image \"\(Abbreviation.literal(spec.file))\": \(message)")
    }

    /// The image's file, opened only if it is a regular file (never a FIFO or a device).
    static func open(_ spec: ImageSpec, from directory: String) throws(SceneError) -> RegularFile {
        let path = spec.file.hasPrefix("/") ? spec.file : (directory as NSString).appendingPathComponent(spec.file)
        do {
            return try RegularFile(path: path)
        } catch {
            switch error {
            case .missing: throw failure(spec, "no such file (looked for \(path))")
            case .directory: throw failure(spec, "is a directory, not a PNG file")
            default: throw failure(spec, error.message)
            }
        }
    }

    /// The bytes of one image view's PNG, checked against the limits: file size, side, and the memory of
    /// all images so far once decoded.
    static func read(_ spec: ImageSpec, _ file: RegularFile, totalBytes: inout Int) throws(SceneError) -> [UInt8] {
        let tooLarge = "the file is \(file.size) bytes; images are limited to \(maxFileBytes) bytes (16 MiB)"
        guard file.size <= maxFileBytes else { throw failure(spec, tooLarge) }
        let read: [UInt8]?
        do {
            read = try file.readAll(limit: maxFileBytes)
        } catch {
            throw failure(spec, error.message)
        }
        guard let bytes = read else { throw failure(spec, tooLarge) }
        guard let (width, height) = pngSize(bytes) else { throw failure(spec, "not a PNG file") }
        guard width > 0, height > 0, width <= maxSide, height <= maxSide else {
            throw failure(spec, "the image is \(width) x \(height) px; images are limited to \(maxSide) px a side")
        }
        totalBytes += width * height * 4
        guard totalBytes <= maxTotalBytes else {
            throw failure(spec, "the scene's images take \(totalBytes >> 20) MiB decoded (this one \(width) x \(height) px); "
                          + "the limit is \(maxTotalBytes >> 20) MiB for all images")
        }
        return bytes
    }

    /// Decodes a PNG read by `read`, inflating its image data no further than its header declares.
    static func decode(_ spec: ImageSpec, _ bytes: [UInt8]) throws(SceneError) -> PixelImage {
        do {
            let png = try PNGData(bytes)
            return try PNGFile.decode(png.bytes)
        } catch let problem as PNGData.Problem {
            throw failure(spec, problem.message)
        } catch {
            throw failure(spec, "cannot decode the PNG file")
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

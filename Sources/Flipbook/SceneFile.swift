import Foundation
import SceneFormat

/// Reads scene files from disk.
public enum SceneFile {
    /// The largest scene file Flipbook reads.
    public static let maxBytes = 4 * 1024 * 1024

    /// Loads and validates the scene at `path`; every problem is a `SceneError` naming the file.
    ///
    /// Only a regular file is read: a folder, a device (`/dev/zero`, `/dev/null`) or a FIFO is refused
    /// before a byte is read, so none can block or stream forever.
    public static func load(path: String) throws(SceneError) -> Scene {
        func failure(_ message: String) -> SceneError { SceneError(file: path, path: .document, message: message) }
        let bytes: [UInt8]?
        let size: Int
        do {
            let file = try RegularFile(path: path)
            size = file.size
            bytes = size <= maxBytes ? try file.readAll(limit: maxBytes) : nil
        } catch {
            switch error {
            case .directory: throw failure("is a directory, not a scene file")
            default: throw failure(error.message)
            }
        }
        guard let bytes else {
            throw failure("the file is \(size) bytes; scene files are limited to \(maxBytes)")
        }
        let directory = (path as NSString).deletingLastPathComponent
        return try SceneDecoder.decode(bytes, file: path, directory: directory.isEmpty ? "." : directory)
    }
}

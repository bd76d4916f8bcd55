import Foundation
import SceneFormat

/// Reads scene files from disk.
public enum SceneFile {
    /// The largest scene file Flipbook reads.
    public static let maxBytes = 4 * 1024 * 1024

    /// Loads and validates the scene at `path`; every problem is a `SceneError` naming the file.
    public static func load(path: String) throws(SceneError) -> Scene {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SceneError(file: path, path: .document, message: "no such file")
        }
        guard !isDirectory.boolValue else { throw SceneError(file: path, path: .document, message: "is a directory, not a scene file") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maxBytes else {
            throw SceneError(file: path, path: .document, message: "the file is \(size) bytes; scene files are limited to \(maxBytes)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneError(file: path, path: .document, message: "cannot read the file (permissions?)")
        }
        let directory = (path as NSString).deletingLastPathComponent
        return try SceneDecoder.decode(Array(data), file: path, directory: directory.isEmpty ? "." : directory)
    }
}

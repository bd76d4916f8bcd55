import Foundation
import SceneFormat

/// Reads scene files: from a path, a file URL, a `String` or `Data`.
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

    /// Loads the scene at a `file:` URL (`Bundle.module.url(forResource:withExtension:)`, say).
    public static func load(url: URL) throws(SceneError) -> Scene {
        guard url.isFileURL else {
            throw SceneError(file: url.absoluteString, path: .document, message: "not a file URL; download the scene first")
        }
        return try load(path: url.path)
    }

    /// Decodes scene JSON held in memory.
    ///
    /// - Parameters:
    ///   - file: the name errors give (empty: none, errors start with the line and column).
    ///   - directory: where image files named by the scene are read from (default: the current folder).
    public static func load(data: Data, file: String = "", directory: String = ".") throws(SceneError) -> Scene {
        guard data.count <= maxBytes else {
            throw SceneError(file: file, path: .document, message: "the scene is \(data.count) bytes; scenes are limited to \(maxBytes)")
        }
        return try SceneDecoder.decode(Array(data), file: file, directory: directory)
    }

    /// Decodes scene JSON written in a string (a test's literal, say); see `load(data:file:directory:)`.
    public static func load(json: String, file: String = "", directory: String = ".") throws(SceneError) -> Scene {
        try load(data: Data(json.utf8), file: file, directory: directory)
    }
}

import Foundation
import SceneFormat

/// Reads scene files: from a path, a file URL, a `String` or `Data`.
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

    /// The name errors give a scene read from standard input.
    public static let standardInputName = "<stdin>"

    /// Loads and validates a scene read from standard input (at most `maxBytes`); its images resolve from
    /// the current folder.
    public static func loadStandardInput() throws(SceneError) -> Scene {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= maxBytes {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw SceneError(file: standardInputName, path: .document,
                                 message: "cannot read standard input: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        guard bytes.count <= maxBytes else {
            throw SceneError(file: standardInputName, path: .document,
                             message: "more than \(maxBytes) bytes; scene files are limited to \(maxBytes)")
        }
        return try SceneDecoder.decode(bytes, file: standardInputName, directory: ".")
    }

    /// The name a scene file's default output takes: its file name without `.json` (`scenes/seek.json` -> `seek`).
    public static func outputName(forPath path: String) -> String {
        let file = (path as NSString).lastPathComponent
        let stem = file.lowercased().hasSuffix(".json") ? String(file.dropLast(5)) : file
        return stem.isEmpty ? "scene" : stem
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

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
}

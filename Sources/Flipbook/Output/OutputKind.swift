import Foundation

/// The kinds of output Flipbook writes, and how each recognises an existing output of its own kind, so
/// that an output replaces only what a render of the same kind could have written.
enum OutputKind: Sendable {
    case gif
    case apng
    case webp
    /// One still PNG image (`render still`).
    case png
    /// A folder of `frame-NNNN.png` files.
    case frameFolder

    /// File name extensions a new output of this kind may have (none for a folder).
    var extensions: [String] {
        switch self {
        case .gif: return ["gif"]
        case .apng: return ["png", "apng"]
        case .webp: return ["webp"]
        case .png: return ["png"]
        case .frameFolder: return []
        }
    }

    var isDirectory: Bool { self == .frameFolder }

    /// nil when the existing file or folder at `path` is a complete output of this kind, else why it is
    /// not (to follow "refusing to overwrite <path>: ").
    func problemReplacing(_ path: String) -> String? {
        if self == .frameFolder {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                return "it is not a folder of Flipbook frames"
            }
            return FrameFolderRecognizer.problem(in: path).map { "it is not a folder of Flipbook frames (\($0))" }
        }
        let file: RegularFile
        do {
            file = try RegularFile(path: path)
        } catch {
            switch error {
            case .directory: return "it is a folder"
            case .notRegular: return "it is not a regular file"
            case .missing: return nil
            case .unreadable(let reason): return "it cannot be read to check what it is (\(reason))"
            }
        }
        guard file.size > 0 else { return "it is an empty file" }
        let stream = ByteStream(file)
        switch self {
        case .gif: return GIFRecognizer.problem(in: stream)
        case .apng: return APNGRecognizer.problem(in: stream)
        case .png: return APNGRecognizer.problem(in: stream, requiringAnimation: false)
        case .webp: return WebPRecognizer.problem(in: stream, fileSize: file.size)
        case .frameFolder: return nil
        }
    }
}

import CGIF

/// A failure to write or read a GIF: what was being done, on which file, and why (giflib's message when it has one).
public struct GIFError: Error, CustomStringConvertible, Equatable {
    /// The file being written or read.
    public let path: String
    /// The step that failed, such as "writing the screen descriptor".
    public let operation: String
    /// Why it failed: giflib's error string, or a description of the invalid input.
    public let reason: String

    /// An error with an explicit reason.
    public init(path: String, operation: String, reason: String) {
        self.path = path
        self.operation = operation
        self.reason = reason
    }

    /// An error carrying giflib's message for `code` (a `E_GIF_ERR_*` or `D_GIF_ERR_*` value).
    init(path: String, operation: String, giflibCode code: Int32) {
        let message = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        self.init(path: path, operation: operation, reason: message)
    }

    /// "path: GIF error while operation: reason".
    public var description: String {
        "\(path): GIF error while \(operation): \(reason)"
    }
}

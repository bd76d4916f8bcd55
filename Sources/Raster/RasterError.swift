import CCairo

/// A failure to draw, read or write pixels, with the file it concerns when there is one.
public struct RasterError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong, in words.
    public var message: String
    /// The file being read or written, if any.
    public var path: String?

    /// An error with a message and, optionally, the file it concerns.
    public init(_ message: String, path: String? = nil) {
        self.message = message
        self.path = path
    }

    /// An error describing a Cairo status code.
    init(_ context: String, status: cairo_status_t, path: String? = nil) {
        self.init("\(context): \(String(cString: cairo_status_to_string(status)))", path: path)
    }

    /// The message, prefixed with the path when there is one.
    public var description: String {
        if let path { return "\(path): \(message)" }
        return message
    }
}

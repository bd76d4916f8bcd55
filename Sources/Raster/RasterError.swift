import CCairo
import DisplayList

/// A failure to draw, read or write pixels, with the file it concerns when there is one.
public struct RasterError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong, in words.
    public var message: String
    /// The file being read or written, if any.
    public var path: String?
    /// The drawn item it concerns (a text too large to draw), when it is known.
    public var source: SourcePlace?

    /// An error with a message and, optionally, the file or the drawn item it concerns.
    public init(_ message: String, path: String? = nil, source: SourcePlace? = nil) {
        self.message = message
        self.path = path
        self.source = source
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

import Foundation
import SceneFormat

/// Why the scene cannot be shown: what the command line would print, split into the parts the page shows.
public struct LoadFailure: Error, Sendable, Equatable {
    /// The one-line message `render` prints (`file:line:col: json.path: message`).
    public var description: String
    public var file: String
    public var line: Int?
    public var column: Int?
    /// The JSON path (`root.children[2].rotation`); empty for the whole document.
    public var jsonPath: String
    public var message: String
    /// The line of the scene file the error points at, when it has one.
    public var sourceLine: String?

    /// The failure for a scene error, quoting the offending line from `text` (the scene file's bytes).
    public init(_ error: SceneError, text: [UInt8]?) {
        description = error.description
        file = error.file
        line = error.location?.line
        column = error.location?.column
        jsonPath = error.path.description
        message = error.message
        if let line, let text { sourceLine = Self.line(line, of: text) } else { sourceLine = nil }
    }

    /// A failure that is not about the scene's content (an error while drawing a frame, say).
    public init(file: String, message: String) {
        description = file.isEmpty ? message : "\(file): \(message)"
        self.file = file
        line = nil
        column = nil
        jsonPath = ""
        self.message = message
        sourceLine = nil
    }

    /// Line `number` (1-based) of `text`, without its line break, cut to 400 characters.
    static func line(_ number: Int, of text: [UInt8]) -> String? {
        guard number >= 1 else { return nil }
        var current = 1
        var start = 0
        for (i, byte) in text.enumerated() where byte == UInt8(ascii: "\n") {
            if current == number { return cut(text[start..<i]) }
            current += 1
            start = i + 1
        }
        return current == number && start < text.count ? cut(text[start...]) : nil
    }

    private static func cut(_ bytes: ArraySlice<UInt8>) -> String {
        var line = String(decoding: bytes, as: UTF8.self)
        if line.hasSuffix("\r") { line.removeLast() }
        return line.count > 400 ? String(line.prefix(400)) + "…" : line
    }

    /// The failure as a JSON object for the page.
    var json: [String: Any] {
        var object: [String: Any] = ["description": description, "file": file, "jsonPath": jsonPath, "message": message]
        if let line { object["line"] = line }
        if let column { object["column"] = column }
        if let sourceLine { object["sourceLine"] = sourceLine }
        return object
    }
}

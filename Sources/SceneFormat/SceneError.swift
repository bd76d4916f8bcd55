/// A problem with a scene file: where it is (JSON path, line and column) and what is wrong.
public struct SceneError: Error, Equatable, CustomStringConvertible {
    /// The scene file, as given by the user; empty when the scene came from memory.
    public var file: String
    public var path: JSONPath
    public var location: SourceLocation?
    public var message: String

    public init(file: String = "", path: JSONPath, location: SourceLocation? = nil, message: String) {
        self.file = file
        self.path = path
        self.location = location
        self.message = message
    }

    /// `scenes/seek.json:14:20: root.children[2].rotation: expected a number, got true`
    public var description: String {
        var text = file.isEmpty ? "" : file + ":"
        if let location { text += "\(location.line):\(location.column):" }
        if !text.isEmpty { text += " " }
        if !path.components.isEmpty { text += "\(path): " }
        return Self.escapingControlCharacters(text + Abbreviation.message(message))
    }

    /// The text with control characters written as JSON escapes (`\n`), so a key or string from the file
    /// that holds a line break cannot split the one-line message.
    static func escapingControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                result.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result.append(contentsOf: "\\n".unicodeScalars)
            case "\r": result.append(contentsOf: "\\r".unicodeScalars)
            case "\t": result.append(contentsOf: "\\t".unicodeScalars)
            default:
                let hex = String(scalar.value, radix: 16)
                result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// The same error attributed to `file`.
    public func inFile(_ file: String) -> SceneError {
        var copy = self
        copy.file = file
        return copy
    }
}

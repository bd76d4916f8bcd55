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
        return text + message
    }

    /// The same error attributed to `file`.
    public func inFile(_ file: String) -> SceneError {
        var copy = self
        copy.file = file
        return copy
    }
}

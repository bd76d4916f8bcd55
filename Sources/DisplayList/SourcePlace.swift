/// Where a drawn item was written in the scene file: its JSON path, and the line and column of its value
/// there (0 when not known), so an error about drawing it can point at it.
public struct SourcePlace: Sendable, Equatable, Hashable {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int = 0, column: Int = 0) {
        self.path = path
        self.line = line
        self.column = column
    }
}

/// A parsed JSON value that remembers where it stood in the file and keeps object keys in order.
///
/// Scene files are read through this rather than `JSONDecoder` because errors must point at a line and
/// column and at a JSON path, unknown keys must be reported with a suggestion, and the order of keys in
/// a `set` block is the order the assignments run in.
public struct JSONValue: Sendable, Equatable {
    /// The kinds of JSON value.
    public enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    public var kind: Kind
    /// Where the value starts in the file, 1-based.
    public var location: SourceLocation

    public init(_ kind: Kind, at location: SourceLocation = SourceLocation(line: 1, column: 1)) {
        self.kind = kind
        self.location = location
    }

    /// A short description of the kind, for messages ("a number", "an object").
    public var kindName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A line and column in a source file, both counted from 1.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "line \(line), column \(column)" }
}

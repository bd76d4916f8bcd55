/// Why an expression could not be parsed or evaluated, and where.
public struct ExpressionError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, e.g. "unknown name 'rotaton'; did you mean 'rotation'?".
    public let message: String
    /// The `Character` offset in the source where it went wrong; nil when it concerns the whole source.
    public let offset: Int?

    /// True when the value asked for does not exist, as Swift's nil (`[].first`, `Int("x")`): `a ?? b` then
    /// gives b.
    public let isMissingValue: Bool

    public init(_ message: String, offset: Int?, isMissingValue: Bool = false) {
        self.message = message
        self.offset = offset
        self.isMissingValue = isMissingValue
    }

    /// The message, followed by the offset when there is one.
    public var description: String {
        if let offset { "\(message) (at offset \(offset))" } else { message }
    }

    /// The message, the source line and a caret under the offset, for a terminal.
    public func annotated(source: String) -> String {
        guard let offset else { return message }
        let caret = String(repeating: " ", count: max(0, min(offset, source.count))) + "^"
        return "\(message)\n    \(source)\n    \(caret)"
    }
}

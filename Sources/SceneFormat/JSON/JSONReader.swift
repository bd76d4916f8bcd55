import Expressions

/// A JSON value with its path, with typed accessors that throw `SceneError`s naming that path.
public struct JSONReader {
    public let value: JSONValue
    public let path: JSONPath

    public init(_ value: JSONValue, path: JSONPath = .document) {
        self.value = value
        self.path = path
    }

    public func error(_ message: String) -> SceneError {
        SceneError(path: path, location: value.location, message: message)
    }

    func mismatch(_ expected: String) -> SceneError {
        error("expected \(expected), got \(value.kindName)")
    }

    public var isNull: Bool { value.kind == .null }

    public func number() throws(SceneError) -> Double {
        guard case .number(let n) = value.kind else { throw mismatch("a number") }
        return n
    }

    /// A number in `range`, with a message that says the range.
    public func number(in range: ClosedRange<Double>) throws(SceneError) -> Double {
        let n = try number()
        guard range.contains(n) else { throw error("\(format(n)) is out of range: expected \(format(range.lowerBound)) to \(format(range.upperBound))") }
        return n
    }

    /// A whole number in `range`.
    public func integer(in range: ClosedRange<Int>) throws(SceneError) -> Int {
        let n = try number()
        guard n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw error("expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(format(n))")
        }
        return Int(n)
    }

    public func string() throws(SceneError) -> String {
        guard case .string(let s) = value.kind else { throw mismatch("a string") }
        return s
    }

    public func bool() throws(SceneError) -> Bool {
        guard case .bool(let b) = value.kind else { throw mismatch("true or false") }
        return b
    }

    public func array() throws(SceneError) -> [JSONReader] {
        guard case .array(let items) = value.kind else { throw mismatch("an array") }
        return items.enumerated().map { JSONReader($0.element, path: path.appending($0.offset)) }
    }

    /// The value as an object whose keys must be among `allowed`.
    public func object(allowing allowed: [String]) throws(SceneError) -> ObjectReader {
        guard case .object(let members) = value.kind else { throw mismatch("an object") }
        return try ObjectReader(members: members, path: path, location: value.location, allowed: allowed)
    }

    /// The value as an object with free-form keys (state variables, components, `set` blocks), in file order.
    public func members() throws(SceneError) -> [(key: String, value: JSONReader)] {
        guard case .object(let members) = value.kind else { throw mismatch("an object") }
        return members.map { ($0.key, JSONReader($0.value, path: path.appending($0.key))) }
    }

    /// One of `choices`, with a did-you-mean for a near miss.
    public func choice(_ choices: [String]) throws(SceneError) -> String {
        let s = try string()
        guard choices.contains(s) else {
            if let near = Suggestion.closest(to: s, in: choices) {
                throw error("unknown value \"\(s)\"; did you mean \"\(near)\"?")
            }
            throw error("unknown value \"\(s)\": expected one of \(choices.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        return s
    }
}

/// Reads an object's keys, failing on keys the format does not know.
public struct ObjectReader {
    public let path: JSONPath
    public let location: SourceLocation
    private let members: [JSONMember]

    init(members: [JSONMember], path: JSONPath, location: SourceLocation, allowed: [String]) throws(SceneError) {
        self.members = members
        self.path = path
        self.location = location
        for member in members where !allowed.contains(member.key) {
            var message = "unknown key \"\(member.key)\""
            if let near = Suggestion.closest(to: member.key, in: allowed) {
                message += ", did you mean \"\(near)\"?"
            } else if !allowed.isEmpty {
                message += " (allowed here: \(allowed.joined(separator: ", ")))"
            }
            throw SceneError(path: path.appending(member.key), location: member.value.location, message: message)
        }
    }

    public func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    /// The keys present, in file order.
    public var keys: [String] { members.map(\.key) }

    public subscript(_ key: String) -> JSONReader? {
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        return JSONReader(member.value, path: path.appending(key))
    }

    public func required(_ key: String) throws(SceneError) -> JSONReader {
        guard let reader = self[key] else {
            throw SceneError(path: path, location: location, message: "missing required key \"\(key)\"")
        }
        return reader
    }

    public func error(_ message: String) -> SceneError {
        SceneError(path: path, location: location, message: message)
    }
}

/// A number written without a trailing `.0` when it is whole.
func format(_ n: Double) -> String {
    if n == n.rounded() && abs(n) < 1e15 { return String(Int(n)) }
    return String(n)
}

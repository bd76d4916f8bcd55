/// An ordered set of named values, such as a point `{x: 1, y: 2}`.
///
/// Fields keep the order they were added in; two records are equal when they have the same names
/// with equal values, whatever the order.
public struct Record: Sendable, Equatable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// The field names, in order.
    public private(set) var names: [String] = []
    /// The field values, in the order of `names`.
    public private(set) var values: [Value] = []

    /// An empty record.
    public init() {}

    /// A record with these fields, in order; a repeated name keeps its first position and its last value.
    public init(_ fields: [(String, Value)]) {
        for (name, value) in fields { self[name] = value }
    }

    /// A record from a dictionary literal, in the literal's order.
    public init(dictionaryLiteral elements: (String, Value)...) {
        self.init(elements)
    }

    /// The number of fields.
    public var count: Int { names.count }

    /// The fields as (name, value) pairs, in order.
    public var fields: [(name: String, value: Value)] {
        Array(zip(names, values))
    }

    /// The value of the field `name`; setting nil removes the field.
    public subscript(name: String) -> Value? {
        get {
            guard let index = names.firstIndex(of: name) else { return nil }
            return values[index]
        }
        set {
            if let index = names.firstIndex(of: name) {
                if let newValue {
                    values[index] = newValue
                } else {
                    names.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                names.append(name)
                values.append(newValue)
            }
        }
    }

    public static func == (a: Record, b: Record) -> Bool {
        guard a.count == b.count else { return false }
        for (name, value) in zip(a.names, a.values) where b[name] != value {
            return false
        }
        return true
    }

    /// `{x: 1, y: 2}`.
    public var description: String {
        "{" + fields.map { "\($0.name): \($0.value.text(quotingStrings: true))" }.joined(separator: ", ") + "}"
    }
}

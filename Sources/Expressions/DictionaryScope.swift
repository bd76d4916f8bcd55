/// A scope made of a dictionary of variables and no extra functions.
public struct DictionaryScope: Scope, Sendable {
    public var variables: [String: Value]

    public init(_ variables: [String: Value] = [:]) {
        self.variables = variables
    }

    public func value(of name: String) -> Value? { variables[name] }

    /// The variable names, sorted, so suggestions are deterministic.
    public var knownNames: [String] { variables.keys.sorted() }
}

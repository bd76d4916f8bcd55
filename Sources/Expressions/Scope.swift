/// Supplies the variables and extra functions an expression can use.
///
/// Names in the scope win over the built-ins: a scope variable `red` hides the colour `red`, and a scope
/// function `sin` replaces the built-in one.
public protocol Scope {
    /// The value of the variable `name`, or nil if the scope has no such variable.
    ///
    /// Implicit members are asked for with their dot: `.red` asks for ".red".
    func value(of name: String) -> Value?

    /// Calls the function `name` with unlabelled arguments; nil means the scope does not handle it.
    ///
    /// Implicit member calls are asked for with their dot: `.easeIn(duration: 1)` asks for ".easeIn".
    func callFunction(_ name: String, _ arguments: [Value]) throws -> Value?

    /// Calls the function `name` when at least one argument is labelled; `labels` has one entry per argument.
    ///
    /// The default returns nil (not handled).
    func callFunction(_ name: String, _ arguments: [Value], labels: [String?]) throws -> Value?

    /// The names `value(of:)` knows, for did-you-mean suggestions.
    var knownNames: [String] { get }

    /// Why `value(of:)` has no value for `name`, a name the scope declares (a parameter whose argument
    /// failed, ...), or nil: the error says that instead of suggesting the name itself.
    func whyUnknown(_ name: String) -> String?
}

extension Scope {
    /// No extra functions.
    public func callFunction(_ name: String, _ arguments: [Value]) throws -> Value? { nil }

    /// No extra functions with labelled arguments.
    public func callFunction(_ name: String, _ arguments: [Value], labels: [String?]) throws -> Value? { nil }

    /// No names to suggest.
    public var knownNames: [String] { [] }

    /// No reasons to give.
    public func whyUnknown(_ name: String) -> String? { nil }
}

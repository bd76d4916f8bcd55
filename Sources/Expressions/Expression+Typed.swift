extension Expression {
    /// The value as a number, or an error saying what it was instead.
    public func evaluateNumber(in scope: some Scope) throws(ExpressionError) -> Double {
        let value = try evaluate(in: scope)
        guard case .number(let number) = value else { throw mismatch("a number", value) }
        return number
    }

    /// The value as a bool, or an error saying what it was instead.
    public func evaluateBool(in scope: some Scope) throws(ExpressionError) -> Bool {
        let value = try evaluate(in: scope)
        guard case .bool(let bool) = value else { throw mismatch("a bool", value) }
        return bool
    }

    /// The value as a colour, or an error saying what it was instead.
    public func evaluateColor(in scope: some Scope) throws(ExpressionError) -> ColorValue {
        let value = try evaluate(in: scope)
        guard case .color(let color) = value else { throw mismatch("a color", value) }
        return color
    }

    /// The value as label text: strings as they are, other values formatted as `Value.description`.
    public func evaluateText(in scope: some Scope) throws(ExpressionError) -> String {
        try evaluate(in: scope).description
    }

    private func mismatch(_ expected: String, _ value: Value) -> ExpressionError {
        ExpressionError("expected \(expected), but '\(source)' is \(value.typeNameWithArticle)", offset: root.range.offset)
    }
}

/// A recursive-descent parser over the source's `Character`s, for expressions and templates.
///
/// Precedence, lowest first: `?:` (right-associative), `||`, `&&`, `==` `!=`, `<` `<=` `>` `>=` (neither
/// chains), `+` `-`, `*` `/` `%`, prefix `-` `!`, then postfix `.member`, `[index]` and `(call)`.
/// The tree's depth is limited to `maximumDepth` and checked before every descent, so hostile input
/// can neither overflow the stack here nor in the evaluator.
struct Parser {
    /// The longest source accepted, in `Character`s.
    static let maximumLength = 10_000
    /// The deepest tree accepted.
    static let maximumDepth = 100

    private let characters: [Character]
    private var position = 0
    private var depth = 0

    init(source: String) throws(ExpressionError) {
        if source.utf8.count > Self.maximumLength, source.count > Self.maximumLength {
            throw ExpressionError("expression is too long (\(source.count) characters; the limit is "
                                  + "\(Self.maximumLength))", offset: nil)
        }
        characters = Array(source)
    }

    /// Parses the whole source as one expression.
    mutating func parseExpressionSource() throws(ExpressionError) -> Expr {
        skipSpace()
        guard position < characters.count else { throw ExpressionError("the expression is empty", offset: 0) }
        let expr = try parseExpression()
        skipSpace()
        if let character = peek() {
            let hint = character == "=" ? "; use '==' to compare" : ""
            throw ExpressionError("unexpected '\(character)' after the end of the expression\(hint)",
                                  offset: position)
        }
        return expr
    }

    /// Parses the whole source as template text with `${...}` interpolations.
    mutating func parseTemplateSource() throws(ExpressionError) -> [TemplatePiece] {
        try parseTemplateBody(closingQuote: nil, openedAt: 0)
    }

    // MARK: - Levels

    private mutating func parseExpression() throws(ExpressionError) -> Expr {
        try enter()
        defer { depth -= 1 }
        return try parseConditional()
    }

    private mutating func parseConditional() throws(ExpressionError) -> Expr {
        let start = tokenStart()
        let condition = try parseBinary(level: 0)
        skipSpace()
        guard peek() == "?" else { return condition }
        advance()
        let then = try parseExpression()
        skipSpace()
        guard peek() == ":" else {
            throw ExpressionError("expected ':' in the conditional '?:' that starts at offset \(start)",
                                  offset: position)
        }
        advance()
        try enter()
        defer { depth -= 1 }
        let otherwise = try parseConditional()
        return .conditional(condition, then, otherwise, at: span(from: start))
    }

    /// The binary operators of each precedence level, lowest first, longest spelling first within a level.
    /// Swift's order: comparison, then `??` (NilCoalescingPrecedence), then `..<` `...` (RangeFormationPrecedence),
    /// then addition and multiplication.
    private static let levels: [[BinaryOperator]] = [
        [.or], [.and], [.equal, .notEqual], [.lessOrEqual, .greaterOrEqual, .less, .greater],
        [.nilCoalescing], [.halfOpenRange, .closedRange],
        [.add, .subtract], [.multiply, .divide, .remainder],
    ]
    /// Levels whose operators cannot chain (`a < b < c` and `0..<1..<2` are errors, as in Swift).
    private static let nonChainingLevels: Set<Int> = [2, 3, 5]

    private mutating func parseBinary(level: Int) throws(ExpressionError) -> Expr {
        guard level < Self.levels.count else { return try parseUnary() }
        let start = tokenStart()
        var left = try parseBinary(level: level + 1)
        var chained = 0
        defer { depth -= chained }
        while let (op, operatorOffset) = matchOperator(Self.levels[level]) {
            if chained > 0, Self.nonChainingLevels.contains(level) {
                let message = op == .halfOpenRange || op == .closedRange
                    ? "'\(op.rawValue)' cannot follow another range; a range's bounds are numbers"
                    : "'\(op.rawValue)' cannot follow another comparison; combine them with '&&'"
                throw ExpressionError(message, offset: operatorOffset)
            }
            chained += 1
            try enter()
            let right = try parseBinary(level: level + 1)
            left = .binary(op, left, right, at: span(from: start))
        }
        return left
    }

    private mutating func parseUnary() throws(ExpressionError) -> Expr {
        skipSpace()
        let start = position
        let op: UnaryOperator
        switch peek() {
        case "-": op = .negate
        case "!" where peek(1) != "=": op = .not
        default: return try parsePostfix()
        }
        advance()
        try enter()
        defer { depth -= 1 }
        let operand = try parseUnary()
        return .unary(op, operand, at: span(from: start))
    }

    private mutating func parsePostfix() throws(ExpressionError) -> Expr {
        let start = tokenStart()
        var expr = try parsePrimary()
        var links = 0
        defer { depth -= links }
        while true {
            skipSpace()
            let linkStart = position
            switch peek() {
            case "." where peek(1) == ".":
                return expr   // a range operator
            case "." where peek(1).map({ $0.isASCII && $0.isNumber }) == true:
                // A tuple's element: `pair.0`.
                advance()
                let digitsStart = position
                skipDigits()
                links += 1
                try enter(at: linkStart)
                expr = .member(base: expr, name: String(characters[digitsStart..<position]), at: span(from: start))
            case "{" where expr.isMethodReference:
                // A trailing closure: `xs.map { $0 * 2 }`, `xs.reduce(0) { $0 + $1 }`.
                advance()
                links += 1
                try enter(at: linkStart)
                let closure = try parseClosure(openedAt: linkStart)
                if case .call(let callee, let arguments, _) = expr {
                    expr = .call(callee: callee, arguments: arguments + [CallArgument(value: closure)], at: span(from: start))
                } else {
                    expr = .call(callee: expr, arguments: [CallArgument(value: closure)], at: span(from: start))
                }
            case ".":
                advance()
                skipSpace()
                guard let name = scanIdentifier() else {
                    throw ExpressionError("expected a member name after '.'", offset: position)
                }
                links += 1
                try enter(at: linkStart)
                expr = .member(base: expr, name: name, at: span(from: start))
            case "[":
                advance()
                links += 1
                try enter(at: linkStart)
                let index = try parseExpression()
                try expect("]", closing: "[", openedAt: linkStart)
                expr = .index(expr, index, at: span(from: start))
            case "(":
                advance()
                links += 1
                try enter(at: linkStart)
                let arguments = try parseArguments(openedAt: linkStart)
                expr = .call(callee: expr, arguments: arguments, at: span(from: start))
            default:
                return expr
            }
        }
    }

    private mutating func parseArguments(openedAt: Int) throws(ExpressionError) -> [CallArgument] {
        var arguments: [CallArgument] = []
        while true {
            skipSpace()
            if peek() == ")" {
                advance()
                return arguments
            }
            let label = scanLabel()
            skipSpace()
            let value: Expr
            if let function = operatorFunction() { value = function } else { value = try parseExpression() }
            arguments.append(CallArgument(label: label, value: value))
            skipSpace()
            switch peek() {
            case ",": advance()
            case ")": continue
            default:
                throw ExpressionError("expected ',' or ')' in the arguments of the call at offset \(openedAt)",
                                      offset: position)
            }
        }
    }

    private mutating func parsePrimary() throws(ExpressionError) -> Expr {
        skipSpace()
        let start = position
        guard let character = peek() else {
            throw ExpressionError("the expression ended where a value was expected", offset: position)
        }
        switch character {
        case "0"..."9":
            return try parseNumber()
        case "'", "\"":
            return try parseString(quote: character)
        case "(":
            advance()
            let inner = try parseExpression()
            try expect(")", closing: "(", openedAt: start)
            return inner
        case "[":
            advance()
            return try parseList(openedAt: start)
        case "{":
            advance()
            try enter(at: start)
            defer { depth -= 1 }
            return try parseClosure(openedAt: start)
        case "$" where peek(1).map({ $0.isASCII && $0.isNumber }) == true:
            advance()
            skipDigits()
            guard position - start <= 3 else {
                throw ExpressionError("a closure's anonymous parameters are $0 to $99", offset: start)
            }
            return .variable(String(characters[start..<position]), at: span(from: start))
        case ".":
            advance()
            let digits = String(characters[position...].prefix { $0.isASCII && $0.isNumber })
            if !digits.isEmpty {
                throw ExpressionError("a number cannot start with '.'; write 0.\(digits), not .\(digits)",
                                      offset: start)
            }
            guard let name = scanIdentifier() else {
                throw ExpressionError("expected a member name after '.'", offset: position)
            }
            return .member(base: nil, name: name, at: span(from: start))
        default:
            guard let name = scanIdentifier() else {
                throw ExpressionError("unexpected '\(character)' where a value was expected", offset: position)
            }
            switch name {
            case "true": return .literal(.bool(true), at: span(from: start))
            case "false": return .literal(.bool(false), at: span(from: start))
            default: return .variable(name, at: span(from: start))
            }
        }
    }

    private mutating func parseList(openedAt start: Int) throws(ExpressionError) -> Expr {
        var items: [Expr] = []
        while true {
            skipSpace()
            if peek() == "]" {
                advance()
                return .list(items, at: span(from: start))
            }
            items.append(try parseExpression())
            skipSpace()
            switch peek() {
            case ",": advance()
            case "]": continue
            default:
                throw ExpressionError("expected ',' or ']' in the list that starts at offset \(start)",
                                      offset: position)
            }
        }
    }

    // MARK: - Closures

    /// A closure after its `{`: `a, b in body`, `(a, b) in body` or a body using `$0`, `$1`, ...; `return` may
    /// start the body.
    private mutating func parseClosure(openedAt start: Int) throws(ExpressionError) -> Expr {
        let parameters = scanClosureParameters()
        skipSpace()
        let beforeReturn = position
        if scanIdentifier() != "return" || peek().map(isIdentifierCharacter) == true { position = beforeReturn }
        skipSpace()
        if peek() == "}" {
            throw ExpressionError("a closure must return a value: write { $0 * 2 } or { x in x * 2 }", offset: position)
        }
        let body = try parseExpression()
        try expect("}", closing: "{", openedAt: start)
        let closure: Closure
        if let parameters {
            closure = Closure(parameters: parameters, isAnonymous: false, body: body)
        } else {
            let count = body.anonymousParameterCount
            closure = Closure(parameters: (0..<count).map { "$\($0)" }, isAnonymous: true, body: body)
        }
        return .closure(closure, at: span(from: start))
    }

    /// `a, b in` or `(a, b) in` at the start of a closure, or nil (and nothing consumed) if there is none.
    private mutating func scanClosureParameters() -> [String]? {
        let start = position
        var names: [String] = []
        skipSpace()
        let parenthesized = peek() == "("
        if parenthesized { advance() }
        while true {
            skipSpace()
            guard let name = scanIdentifier() else { break }
            names.append(name)
            skipSpace()
            guard peek() == "," else { break }
            advance()
        }
        if parenthesized {
            skipSpace()
            if peek() == ")" { advance() } else { names = [] }
        }
        skipSpace()
        if !names.isEmpty || parenthesized, scanIdentifier() == "in", peek().map(isIdentifierCharacter) != true {
            return names
        }
        position = start
        return nil
    }

    /// An operator passed as a function, `reduce(0, +)` or `sorted(by: >)`: a closure of two parameters.
    private mutating func operatorFunction() -> Expr? {
        let start = position
        for op in [BinaryOperator.lessOrEqual, .greaterOrEqual, .equal, .notEqual, .add, .subtract, .multiply,
                   .divide, .less, .greater] {
            let spelling = Array(op.rawValue)
            guard (0..<spelling.count).allSatisfy({ peek($0) == spelling[$0] }) else { continue }
            advance(spelling.count)
            skipSpace()
            guard peek() == "," || peek() == ")" else { break }
            let range = SourceRange(offset: start, length: spelling.count)
            let body = Expr.binary(op, .variable("$0", at: range), .variable("$1", at: range), at: range)
            return .closure(Closure(parameters: ["$0", "$1"], isAnonymous: true, body: body), at: range)
        }
        position = start
        return nil
    }

    // MARK: - Literals

    private mutating func parseNumber() throws(ExpressionError) -> Expr {
        let start = position
        skipDigits()
        if peek() == ".", let next = peek(1), next.isASCII, next.isNumber {
            advance()
            skipDigits()
        }
        if peek() == "e" || peek() == "E" {
            let hasSign = peek(1) == "+" || peek(1) == "-"
            if let digit = peek(hasSign ? 2 : 1), digit.isASCII, digit.isNumber {
                advance(hasSign ? 2 : 1)
                skipDigits()
            }
        }
        if let next = peek(), isIdentifierCharacter(next) {
            throw ExpressionError("unexpected '\(next)' in a number", offset: position)
        }
        let text = String(characters[start..<position])
        guard let number = Double(text), number.isFinite else {
            throw ExpressionError("the number \(text) is too large", offset: start)
        }
        return .literal(.number(number), at: span(from: start))
    }

    private mutating func parseString(quote: Character) throws(ExpressionError) -> Expr {
        let start = position
        advance()
        let pieces = try parseTemplateBody(closingQuote: quote, openedAt: start)
        let range = span(from: start)
        switch pieces.count {
        case 0: return .literal(.string(""), at: range)
        case 1: if case .text(let text) = pieces[0] { return .literal(.string(text), at: range) }
        default: break
        }
        return .template(pieces, at: range)
    }

    /// Text up to `closingQuote` (or the end of the source when nil), with escapes and `${...}` pieces.
    private mutating func parseTemplateBody(closingQuote: Character?,
                                            openedAt: Int) throws(ExpressionError) -> [TemplatePiece] {
        var pieces: [TemplatePiece] = []
        var text = ""
        while true {
            guard let character = peek() else {
                if let closingQuote {
                    throw ExpressionError("unterminated string: no closing \(closingQuote)", offset: openedAt)
                }
                break
            }
            if character == closingQuote {
                advance()
                break
            }
            if character == "\\" {
                text.append(try scanEscape())
            } else if character == "$", peek(1) == "{" {
                let interpolationStart = position
                advance(2)
                if !text.isEmpty { pieces.append(.text(text)) }
                text = ""
                let expr = try parseExpression()
                try expect("}", closing: "${", openedAt: interpolationStart)
                pieces.append(.interpolation(expr))
            } else {
                text.append(character)
                advance()
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }

    private mutating func scanEscape() throws(ExpressionError) -> Character {
        let start = position
        advance()
        guard let escaped = peek() else {
            throw ExpressionError("a '\\' ends the text; write '\\\\' for a backslash", offset: start)
        }
        advance()
        switch escaped {
        case "\\", "'", "\"", "$": return escaped
        case "n": return "\n"
        case "t": return "\t"
        default:
            throw ExpressionError("unknown escape '\\\(escaped)'; write '\\\\' for a backslash", offset: start)
        }
    }

    // MARK: - Characters

    private func peek(_ ahead: Int = 0) -> Character? {
        position + ahead < characters.count ? characters[position + ahead] : nil
    }

    private mutating func advance(_ count: Int = 1) {
        position += count
    }

    private mutating func skipSpace() {
        while let character = peek(), character == " " || character == "\t" || character == "\n"
            || character == "\r" || character == "\r\n" {
            advance()
        }
    }

    private mutating func skipDigits() {
        while let character = peek(), character.isASCII, character.isNumber { advance() }
    }

    /// The offset of the next token.
    private mutating func tokenStart() -> Int {
        skipSpace()
        return position
    }

    /// The range from `start` to the current position.
    private func span(from start: Int) -> SourceRange {
        SourceRange(offset: start, length: position - start)
    }

    private func isIdentifierCharacter(_ character: Character) -> Bool {
        character == "_" || character.isLetter || (character.isASCII && character.isNumber)
    }

    private mutating func scanIdentifier() -> String? {
        guard let first = peek(), first == "_" || first.isLetter else { return nil }
        let start = position
        while let character = peek(), isIdentifierCharacter(character) { advance() }
        return String(characters[start..<position])
    }

    /// `label:` at the start of an argument, or nil (and nothing consumed) if the argument has no label.
    private mutating func scanLabel() -> String? {
        let start = position
        if let name = scanIdentifier() {
            skipSpace()
            if peek() == ":" {
                advance()
                return name
            }
        }
        position = start
        return nil
    }

    /// Consumes the operator of `candidates` at the next token, if any, and returns it with its offset.
    private mutating func matchOperator(_ candidates: [BinaryOperator]) -> (BinaryOperator, Int)? {
        skipSpace()
        let start = position
        for op in candidates {
            let spelling = Array(op.rawValue)
            guard (0..<spelling.count).allSatisfy({ peek($0) == spelling[$0] }) else { continue }
            advance(spelling.count)
            return (op, start)
        }
        return nil
    }

    private mutating func expect(_ closer: Character, closing opener: String,
                                 openedAt: Int) throws(ExpressionError) {
        skipSpace()
        guard peek() == closer else {
            let found = peek().map { "found '\($0)'" } ?? "the expression ended"
            throw ExpressionError("expected '\(closer)' to close the '\(opener)' at offset \(openedAt); \(found)",
                                  offset: position)
        }
        advance()
    }

    private mutating func enter(at offset: Int? = nil) throws(ExpressionError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw ExpressionError("the expression is nested too deeply (the limit is \(Self.maximumDepth) levels)",
                                  offset: offset ?? position)
        }
    }
}

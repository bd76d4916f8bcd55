/// `String(format:)`'s format, parsed: literal text and conversions. Supported: `%d` `%i` (also `%ld`,
/// `%lld`), `%f`, `%x` `%X`, `%s` `%@` (any value's text) and `%%`, with the flags `-` `+` `0` and space,
/// a width and a precision (`%02d`, `%.1f`, `%8.3f`, `%-6s`); anything else is refused when the scene loads.
struct FormatString {
    enum Piece {
        case text(String)
        case conversion(flags: String, width: Int?, precision: Int?, kind: Character)
    }

    let pieces: [Piece]

    var conversionCount: Int {
        pieces.reduce(0) { if case .conversion = $1 { $0 + 1 } else { $0 } }
    }

    init(_ format: String, offset: Int?) throws(ExpressionError) {
        var pieces: [Piece] = []
        var text = ""
        var characters = format[...]
        func number(_ what: String) throws(ExpressionError) -> Int? {
            let digits = characters.prefix { $0.isASCII && $0.isNumber }
            characters = characters.dropFirst(digits.count)
            guard !digits.isEmpty else { return nil }
            guard digits.count <= 2 else {
                throw ExpressionError("the \(what) \(digits) in the format is too large; the limit is 99", offset: offset)
            }
            return Int(digits)
        }
        while let character = characters.first {
            characters = characters.dropFirst()
            guard character == "%" else { text.append(character); continue }
            var flags = ""
            while let flag = characters.first, "-+0 ".contains(flag) {
                flags.append(flag)
                characters = characters.dropFirst()
            }
            let width = try number("width")
            var precision: Int?
            if characters.first == "." {
                characters = characters.dropFirst()
                precision = try number("precision") ?? 0
            }
            while characters.first == "l" { characters = characters.dropFirst() }
            guard let kind = characters.first else {
                throw ExpressionError("the format ends inside a conversion; write %% for a percent sign", offset: offset)
            }
            characters = characters.dropFirst()
            switch kind {
            case "%" where flags.isEmpty && width == nil && precision == nil:
                text.append("%")
            case "d", "i", "f", "x", "X", "s", "@":
                if !text.isEmpty { pieces.append(.text(text)) }
                text = ""
                pieces.append(.conversion(flags: flags, width: width, precision: precision, kind: kind))
            default:
                throw ExpressionError("String(format:) supports %d, %f, %x, %X, %s, %@ and %% (with flags, width and "
                                      + "precision such as %02d or %.1f), not %\(kind)", offset: offset)
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }

    /// The text with `values` in the conversions, in order.
    func format(_ values: [Value], offsets: [Int]) throws(ExpressionError) -> String {
        var result = ""
        var index = 0
        for piece in pieces {
            switch piece {
            case .text(let text):
                result += text
            case .conversion(let flags, let width, let precision, let kind):
                let value = values[index]
                let offset = offsets[index]
                index += 1
                let spec = "%" + flags + (width.map(String.init) ?? "") + (precision.map { ".\($0)" } ?? "")
                switch (kind, value) {
                case ("f", .number(let x)):
                    result += NumberFormat.printf(spec + "f", x)
                case ("d", .number(let x)), ("i", .number(let x)), ("x", .number(let x)), ("X", .number(let x)):
                    guard x == x.rounded(.towardZero), abs(x) < 9e18, kind == "d" || kind == "i" || x >= 0 else {
                        let what = kind == "x" || kind == "X" ? "a whole number of 0 or more" : "a whole number"
                        throw ExpressionError("%\(kind) needs \(what), not \(NumberFormat.shortest(x)); "
                                              + "use %f or %.0f for other numbers", offset: offset)
                    }
                    result += NumberFormat.printf(spec + "ll" + String(kind == "i" ? "d" : kind), Int64(x))
                case ("s", _), ("@", _):
                    let text = value.description
                    let shown = precision.map { String(text.prefix($0)) } ?? text
                    let padding = String(repeating: " ", count: max(0, (width ?? 0) - shown.count))
                    result += flags.contains("-") ? shown + padding : padding + shown
                default:
                    throw ExpressionError("%\(kind) needs a number, not \(value.typeNameWithArticle)", offset: offset)
                }
            }
            try ValueLimits.checkJoin(result.utf8.count, 0, offset: offsets.first)
        }
        return result
    }
}
